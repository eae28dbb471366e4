# Fixture setup of a test that needs npm packages: `npm ci` in DIR (package.json and
# package-lock.json copied there by the test's CMakeLists), once per lock file.
#   cmake -DNPM=<npm> [-DNODE=<node>] -DDIR=<dir> -DPACKAGE=<a locked package> -DSUITE=<name> -P NpmCi.cmake
# PACKAGE is checked for in node_modules to tell a complete install from an interrupted one.
foreach(tool NODE NPM)
    if(DEFINED ${tool} AND (NOT ${tool} OR ${tool} MATCHES "-NOTFOUND$"))
        message(FATAL_ERROR
            "${SUITE}: '${tool}' was not found when CMake ran. Install Node.js 20 or newer with npm "
            "(Debian: apt-get install nodejs npm) and re-run cmake.")
    endif()
endforeach()

set(_stamp "${DIR}/node_modules/.gatehouse-lock-sha256")
file(SHA256 "${DIR}/package-lock.json" _lock)
if(EXISTS "${_stamp}")
    file(READ "${_stamp}" _installed)
    if(_installed STREQUAL _lock AND EXISTS "${DIR}/node_modules/${PACKAGE}/package.json")
        message(STATUS "node_modules is up to date with package-lock.json")
        return()
    endif()
endif()

# Browser-automation packages must never download a browser of their own: the tests drive
# Debian's chromium.
set(ENV{PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD} 1)
execute_process(
    COMMAND "${NPM}" ci --no-audit --no-fund
    WORKING_DIRECTORY "${DIR}"
    RESULT_VARIABLE _result)
if(NOT _result EQUAL 0)
    message(FATAL_ERROR "${SUITE}: `npm ci` failed in ${DIR} (${_result}); "
                        "it needs the npm registry or a warm npm cache.")
endif()
file(WRITE "${_stamp}" "${_lock}")
