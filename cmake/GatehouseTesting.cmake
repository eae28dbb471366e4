# gatehouse_add_test(<name> SOURCES ... LIBS ... LABELS ... [ENVIRONMENT ...] [TIMEOUT s])
#
# A Qt Test executable registered with CTest. LABELS is one of the tiers:
# unit, integration, e2e, gui.
function(gatehouse_add_test name)
    cmake_parse_arguments(ARG "" "TIMEOUT" "SOURCES;LIBS;LABELS;ENVIRONMENT" ${ARGN})
    add_executable(${name} ${ARG_SOURCES})
    target_link_libraries(${name} PRIVATE Qt6::Test ${ARG_LIBS})
    add_test(NAME ${name} COMMAND ${GATEHOUSE_TEST_RUNNER} $<TARGET_FILE:${name}>)
    if(NOT ARG_TIMEOUT)
        set(ARG_TIMEOUT 120)
    endif()
    if(GATEHOUSE_SANITIZE)
        # Instrumented code runs a few times slower; the tests assert the same, given more time.
        math(EXPR ARG_TIMEOUT "${ARG_TIMEOUT} * 3")
    endif()
    set_tests_properties(${name} PROPERTIES LABELS "${ARG_LABELS}" TIMEOUT ${ARG_TIMEOUT}
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;${ARG_ENVIRONMENT}")
endfunction()
