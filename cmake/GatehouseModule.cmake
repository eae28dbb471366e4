# gatehouse_add_module(<name> SOURCES ... [DEPENDS <other gh_ modules or targets> ...])
#
# Every folder under lib/src/ is one module and builds one static, position-independent
# library `gh_<name>`. The shared libgatehouse is the union of all modules; unit tests link
# only the module they test (and what it depends on), so a module builds and tests alone.
function(gatehouse_add_module name)
    cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS" ${ARGN})
    add_library(gh_${name} STATIC ${ARG_SOURCES})
    target_include_directories(gh_${name}
        PUBLIC
            $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/lib/include>
            $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/lib/include>
            $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/lib/src>)
    # Symbols marked GATEHOUSE_EXPORT are the library's public ABI.
    target_compile_definitions(gh_${name} PRIVATE gatehouse_EXPORTS)
    target_link_libraries(gh_${name} PUBLIC Qt6::Core ${ARG_DEPENDS})
    add_dependencies(gh_${name} gatehouse_generated_headers)
    set_property(GLOBAL APPEND PROPERTY GATEHOUSE_MODULES gh_${name})
endfunction()
