# gatehouse_add_module(<name> SOURCES ... [DEPENDS <other gh_ modules or targets> ...])
#
# Every folder under lib/src/ is one module and builds one static, position-independent
# library `gh_<name>`. The shared libgatehouse is the union of all modules; unit tests link
# only the module they test (and what it depends on), so a module builds and tests alone.
#
# DEPENDS is the direction of lib/src/README.md, and configuring checks it: a module may name
# only modules added before it (the order of lib/CMakeLists.txt), and its files may include the
# headers ("<module>/...") of no module other than itself and those it depends on, directly or not.
function(gatehouse_add_module name)
    cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS" ${ARGN})
    add_library(gh_${name} STATIC ${ARG_SOURCES})
    # Compiled in batches of files (GATEHOUSE_UNITY_BUILD): every file parses the same Qt headers,
    # which is most of what compiling one costs.
    if(GATEHOUSE_UNITY_BUILD)
        set_target_properties(gh_${name} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE ${GATEHOUSE_UNITY_BUILD_BATCH_SIZE})
    endif()
    target_include_directories(gh_${name}
        PUBLIC
            $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/lib/include>
            $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/lib/include>
            $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/lib/src>)
    # Symbols marked GATEHOUSE_EXPORT are the library's public ABI.
    target_compile_definitions(gh_${name} PRIVATE gatehouse_EXPORTS)
    target_link_libraries(gh_${name} PUBLIC Qt6::Core ${ARG_DEPENDS})
    add_dependencies(gh_${name} gatehouse_generated_headers)
    _gatehouse_check_direction(${name} ${ARG_DEPENDS})
    set_property(GLOBAL APPEND PROPERTY GATEHOUSE_MODULES gh_${name})
endfunction()

# Fails the configuration when module <name> depends on, or includes, what lib/src/README.md
# does not let it use. Records what it may use for the modules after it.
function(_gatehouse_check_direction name)
    get_property(_declared GLOBAL PROPERTY GATEHOUSE_MODULES)
    set(_uses ${name})
    foreach(dep ${ARGN})
        if(NOT dep MATCHES "^gh_")
            continue()
        endif()
        if(NOT dep IN_LIST _declared)
            message(FATAL_ERROR "lib/src/${name}: DEPENDS ${dep}, which is not a module before it in "
                                "lib/CMakeLists.txt (lib/src/README.md: a module uses only those above it)")
        endif()
        get_property(_theirs GLOBAL PROPERTY GATEHOUSE_USES_${dep})
        list(APPEND _uses ${_theirs})
    endforeach()
    list(REMOVE_DUPLICATES _uses)
    set_property(GLOBAL PROPERTY GATEHOUSE_USES_gh_${name} ${_uses})

    set(_src "${PROJECT_SOURCE_DIR}/lib/src")
    file(GLOB_RECURSE _files "${CMAKE_CURRENT_SOURCE_DIR}/*.h" "${CMAKE_CURRENT_SOURCE_DIR}/*.cpp")
    foreach(file ${_files})
        file(STRINGS "${file}" _includes REGEX "^[ \t]*#[ \t]*include[ \t]+\"[a-z0-9_]+/")
        foreach(line ${_includes})
            string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]+\"([a-z0-9_]+)/.*$" "\\1" _module "${line}")
            if(IS_DIRECTORY "${_src}/${_module}" AND NOT _module IN_LIST _uses)
                file(RELATIVE_PATH _where "${PROJECT_SOURCE_DIR}" "${file}")
                message(FATAL_ERROR "${_where}: ${line}: module ${name} does not use ${_module} "
                                    "(its DEPENDS, lib/src/README.md)")
            endif()
        endforeach()
    endforeach()
endfunction()
