# The adapter conformance suite as a library, shared by the unit (memory, SQLite) and the
# integration (PostgreSQL, MariaDB) storage tests. Included from both; defined once.
if(NOT TARGET gh_storage_conformance)
    add_library(gh_storage_conformance STATIC
        "${CMAKE_CURRENT_LIST_DIR}/conformancesupport.cpp" "${CMAKE_CURRENT_LIST_DIR}/conformancesupport.h"
        "${CMAKE_CURRENT_LIST_DIR}/adapterconformance.cpp" "${CMAKE_CURRENT_LIST_DIR}/adapterconformance.h"
        "${CMAKE_CURRENT_LIST_DIR}/storeconformance.cpp" "${CMAKE_CURRENT_LIST_DIR}/storeconformance.h"
        "${CMAKE_CURRENT_LIST_DIR}/tokenstoreconformance.cpp" "${CMAKE_CURRENT_LIST_DIR}/tokenstoreconformance.h"
        "${CMAKE_CURRENT_LIST_DIR}/twofactorstoreconformance.cpp" "${CMAKE_CURRENT_LIST_DIR}/twofactorstoreconformance.h"
        "${CMAKE_CURRENT_LIST_DIR}/groupstoreconformance.cpp" "${CMAKE_CURRENT_LIST_DIR}/groupstoreconformance.h"
        "${CMAKE_CURRENT_LIST_DIR}/oidcconsentstoreconformance.cpp" "${CMAKE_CURRENT_LIST_DIR}/oidcconsentstoreconformance.h"
        "${CMAKE_CURRENT_LIST_DIR}/oidccodestoreconformance.cpp" "${CMAKE_CURRENT_LIST_DIR}/oidccodestoreconformance.h"
        "${CMAKE_CURRENT_LIST_DIR}/oidcgrantstoreconformance.cpp" "${CMAKE_CURRENT_LIST_DIR}/oidcgrantstoreconformance.h"
        "${CMAKE_CURRENT_LIST_DIR}/oidckeystoreconformance.cpp" "${CMAKE_CURRENT_LIST_DIR}/oidckeystoreconformance.h"
        "${CMAKE_CURRENT_LIST_DIR}/oidcsessionstoreconformance.cpp" "${CMAKE_CURRENT_LIST_DIR}/oidcsessionstoreconformance.h"
        "${CMAKE_CURRENT_LIST_DIR}/admintokenstoreconformance.cpp" "${CMAKE_CURRENT_LIST_DIR}/admintokenstoreconformance.h"
        "${CMAKE_CURRENT_LIST_DIR}/passwordresetstoreconformance.cpp" "${CMAKE_CURRENT_LIST_DIR}/passwordresetstoreconformance.h"
        "${CMAKE_CURRENT_LIST_DIR}/auditfeedstoreconformance.cpp" "${CMAKE_CURRENT_LIST_DIR}/auditfeedstoreconformance.h"
        "${CMAKE_CURRENT_LIST_DIR}/noticepreferencestoreconformance.cpp" "${CMAKE_CURRENT_LIST_DIR}/noticepreferencestoreconformance.h"
        "${CMAKE_CURRENT_LIST_DIR}/usertransferstoreconformance.cpp" "${CMAKE_CURRENT_LIST_DIR}/usertransferstoreconformance.h"
        "${CMAKE_CURRENT_LIST_DIR}/webhookstoreconformance.cpp" "${CMAKE_CURRENT_LIST_DIR}/webhookstoreconformance.h"
        "${CMAKE_CURRENT_LIST_DIR}/sqlfixture.cpp" "${CMAKE_CURRENT_LIST_DIR}/sqlfixture.h")
    target_include_directories(gh_storage_conformance PUBLIC "${CMAKE_CURRENT_LIST_DIR}")
    target_link_libraries(gh_storage_conformance PUBLIC gh_storage Qt6::Test)
endif()
