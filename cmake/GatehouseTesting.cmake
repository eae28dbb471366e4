# GATEHOUSE_TEST_PCH: every test target reuses one precompiled header of the Qt and standard
# headers the tests include (tests/support/pch/testpch.h, made by gh_testpch), instead of parsing
# them again in each of some 200 test files. On by default with clang only, which reads a
# precompiled header lazily; GCC loads all of its 145 MB in every file that uses it: in a build
# from nothing the test files took as long as without it (tests/bench/buildtime/README.md). A precompiled header is only
# used where the definitions it saw are the same, so the two that Qt Test sets per folder
# (QT_TESTCASE_BUILDDIR/SOURCEDIR, for QFINDTESTDATA, which no test uses) are taken away from the
# test code.
if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    set(_gh_pch_default ON)
else()
    set(_gh_pch_default OFF)
endif()
option(GATEHOUSE_TEST_PCH "Reuse one precompiled header in all test targets" ${_gh_pch_default})
set(GATEHOUSE_TEST_PCH_OPTIONS -UQT_TESTCASE_BUILDDIR -UQT_TESTCASE_SOURCEDIR)

function(gatehouse_use_test_pch target)
    if(GATEHOUSE_TEST_PCH AND TARGET gh_testpch)
        target_compile_options(${target} PRIVATE ${GATEHOUSE_TEST_PCH_OPTIONS})
        target_precompile_headers(${target} REUSE_FROM gh_testpch)
    endif()
endfunction()

# gatehouse_add_test(<name> SOURCES ... LIBS ... LABELS ... [ENVIRONMENT ...] [TIMEOUT s])
#
# A Qt Test executable registered with CTest. LABELS is one of the tiers:
# unit, integration, e2e, gui.
function(gatehouse_add_test name)
    cmake_parse_arguments(ARG "" "TIMEOUT" "SOURCES;LIBS;LABELS;ENVIRONMENT" ${ARGN})
    add_executable(${name} ${ARG_SOURCES})
    target_link_libraries(${name} PRIVATE Qt6::Test ${ARG_LIBS})
    gatehouse_use_test_pch(${name})
    add_test(NAME ${name} COMMAND ${GATEHOUSE_TEST_RUNNER} $<TARGET_FILE:${name}>)
    if(NOT ARG_TIMEOUT)
        set(ARG_TIMEOUT 120)
    endif()
    gatehouse_test_timeout(${name} ${ARG_TIMEOUT})
    set_tests_properties(${name} PROPERTIES LABELS "${ARG_LABELS}"
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;${ARG_ENVIRONMENT}")
endfunction()

# gatehouse_test_timeout(<test> <seconds>): the test's timeout, three times as long in a sanitizer
# build (instrumented code runs a few times slower; the tests assert the same, given more time).
function(gatehouse_test_timeout test seconds)
    if(GATEHOUSE_SANITIZE)
        math(EXPR seconds "${seconds} * 3")
    endif()
    set_tests_properties(${test} PROPERTIES TIMEOUT ${seconds})
endfunction()

# gatehouse_add_npm_fixture(<test> FIXTURE <fixture> PACKAGE <locked package> SUITE <name>
#                           FILES <file>... [BROWSER] [LABELS <tier>])
#
# Copies the calling folder's package.json, package-lock.json and FILES into
# <build>/<folder>/node, which NODE_DIR names afterwards, and adds the CTest <test> that sets up
# FIXTURE by running `npm ci` there once per lock file (cmake/NpmCi.cmake). BROWSER adds
# tests/e2e/support/browsersuite.mjs, the browser tests' shared driver. NODE, NPM and CHROMIUM
# are found for the caller's tests.
function(gatehouse_add_npm_fixture test)
    cmake_parse_arguments(ARG "BROWSER" "FIXTURE;PACKAGE;SUITE;LABELS" "FILES" ${ARGN})
    find_program(NODE node)
    find_program(NPM npm)
    find_program(CHROMIUM chromium)
    if(NOT ARG_LABELS)
        set(ARG_LABELS e2e)
    endif()
    set(node_dir "${CMAKE_CURRENT_BINARY_DIR}/node")
    foreach(file package.json package-lock.json ${ARG_FILES})
        configure_file(${file} "${node_dir}/${file}" COPYONLY)
    endforeach()
    if(ARG_BROWSER)
        configure_file(${PROJECT_SOURCE_DIR}/tests/e2e/support/browsersuite.mjs
                       "${node_dir}/browsersuite.mjs" COPYONLY)
    endif()
    add_test(NAME ${test}
        COMMAND ${CMAKE_COMMAND} -DNODE=${NODE} -DNPM=${NPM} -DDIR=${node_dir}
                "-DPACKAGE=${ARG_PACKAGE}" "-DSUITE=${ARG_SUITE}"
                -P ${PROJECT_SOURCE_DIR}/cmake/NpmCi.cmake)
    set_tests_properties(${test} PROPERTIES
        FIXTURES_SETUP ${ARG_FIXTURE} LABELS ${ARG_LABELS} TIMEOUT 600)
    set(NODE_DIR "${node_dir}" PARENT_SCOPE)
endfunction()
