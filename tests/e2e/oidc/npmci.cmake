# Fixture setup of the OIDC end-to-end tests: installs oidc-provider (package-lock.json) into DIR
# with `npm ci`, once per lock file. Usage: cmake -DNPM=<npm> -DNODE=<node> -DDIR=<dir> -P npmci.cmake
foreach(tool NODE NPM)
    if(NOT ${tool} OR ${tool} MATCHES "-NOTFOUND$")
        message(FATAL_ERROR
            "OIDC end-to-end tests: '${tool}' was not found when CMake ran. Install Node.js 20 or "
            "newer with npm (Debian: apt-get install nodejs npm) and re-run cmake.")
    endif()
endforeach()

set(_stamp "${DIR}/node_modules/.gatehouse-lock-sha256")
file(SHA256 "${DIR}/package-lock.json" _lock)
if(EXISTS "${_stamp}")
    file(READ "${_stamp}" _installed)
    if(_installed STREQUAL _lock AND EXISTS "${DIR}/node_modules/oidc-provider/package.json")
        message(STATUS "node_modules is up to date with package-lock.json")
        return()
    endif()
endif()

execute_process(
    COMMAND "${NPM}" ci --no-audit --no-fund
    WORKING_DIRECTORY "${DIR}"
    RESULT_VARIABLE _result)
if(NOT _result EQUAL 0)
    message(FATAL_ERROR "OIDC end-to-end tests: `npm ci` failed in ${DIR} (${_result}); "
                        "it needs the npm registry or a warm npm cache.")
endif()
file(WRITE "${_stamp}" "${_lock}")
