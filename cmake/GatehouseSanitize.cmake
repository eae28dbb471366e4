# GATEHOUSE_SANITIZE: builds everything (library, server, admin app, tests) with the listed
# sanitizers, e.g. -DGATEHOUSE_SANITIZE=address,undefined (LeakSanitizer comes with address).
# Meant for a build folder of its own: packaging/test-sanitize.sh builds build-sanitize with it
# and runs the whole test suite there (tests/sanitize/README.md).
#
# -O1 keeps stack traces true to the source and builds faster than -O2; line tables are all
# the debug information a stack trace needs, and much less to compile and link than -g. UBSan
# stops at its first finding (-fno-sanitize-recover) like ASan does, so any report fails the test.
set(GATEHOUSE_SANITIZE "" CACHE STRING
    "Build with these sanitizers, comma-separated: address, undefined, leak (empty: none)")

set(GATEHOUSE_TEST_RUNNER "")
set(GATEHOUSE_SANITIZE_FLAGS "")
if(GATEHOUSE_SANITIZE)
    string(REPLACE "," ";" _gh_sanitizers "${GATEHOUSE_SANITIZE}")
    foreach(_gh_sanitizer IN LISTS _gh_sanitizers)
        if(NOT _gh_sanitizer MATCHES "^(address|undefined|leak)$")
            message(FATAL_ERROR "GATEHOUSE_SANITIZE: unknown sanitizer '${_gh_sanitizer}' "
                                "(known: address, undefined, leak)")
        endif()
    endforeach()
    if(NOT CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
        message(FATAL_ERROR "GATEHOUSE_SANITIZE needs gcc or clang")
    endif()
    set(_gh_flags -fsanitize=${GATEHOUSE_SANITIZE} -fno-sanitize-recover=all -fno-omit-frame-pointer)
    if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
        set(_gh_debug -gline-tables-only)
    else()
        set(_gh_debug -g1)
    endif()
    add_compile_options(${_gh_flags} -O1 ${_gh_debug})
    # The flags an outside program needs with the sanitized library (tests/package uses them).
    list(JOIN _gh_flags " " GATEHOUSE_SANITIZE_FLAGS)
    add_link_options(-fsanitize=${GATEHOUSE_SANITIZE})
    # Tests run through this, so that sanitizer reports of the processes they start fail them too.
    set(GATEHOUSE_TEST_RUNNER bash ${PROJECT_SOURCE_DIR}/tests/sanitize/run-test.sh)
    message(STATUS "Sanitizers: ${GATEHOUSE_SANITIZE} (${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION})")
endif()
