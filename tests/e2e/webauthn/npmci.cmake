# Fixture setup of the WebAuthn end-to-end tests: installs playwright-core (package-lock.json)
# into DIR with `npm ci`, once per lock file. playwright-core downloads no browser; the test
# drives Debian's chromium. Usage: cmake -DNPM=<npm> -DDIR=<dir> -P npmci.cmake
if(NOT NPM OR NPM MATCHES "-NOTFOUND$")
    message(FATAL_ERROR "WebAuthn end-to-end test: npm was not found when CMake ran. Install Node.js 20 "
                        "or newer with npm (Debian: apt-get install nodejs npm) and re-run cmake.")
endif()

set(_stamp "${DIR}/node_modules/.gatehouse-lock-sha256")
file(SHA256 "${DIR}/package-lock.json" _lock)
if(EXISTS "${_stamp}")
    file(READ "${_stamp}" _installed)
    if(_installed STREQUAL _lock AND EXISTS "${DIR}/node_modules/playwright-core/package.json")
        message(STATUS "node_modules is up to date with package-lock.json")
        return()
    endif()
endif()

set(ENV{PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD} 1)
execute_process(
    COMMAND "${NPM}" ci --no-audit --no-fund
    WORKING_DIRECTORY "${DIR}"
    RESULT_VARIABLE _result)
if(NOT _result EQUAL 0)
    message(FATAL_ERROR "WebAuthn end-to-end test: `npm ci` failed in ${DIR} (${_result}); "
                        "it needs the npm registry or a warm npm cache.")
endif()
file(WRITE "${_stamp}" "${_lock}")
