#pragma once
/*
 * POST users/import (README.md): a file of users imported by the engine `gatehouse-server user
 * import` runs (gatehouse/userimport.h), with its options as query parameters and the file's
 * bytes as the body; the answer is the import's report.
 */
#include "adminapi/bearer.h"

#include <gatehouse/authresponse.h>

#include <QMutex>

namespace Gatehouse::AdminApiDetail {

//! One import at a time per server: a second while one runs is refused (409 \c import_running).
struct ImportGate
{
    QMutex mutex;
    bool running = false;
};

//! Whether \a path (after \c admin/api/) is \c {users/import}.
bool servesImport(const QStringList &path);

/*!
 * Answers \a request for \c {users/import} for \a caller: \c users:write, the query's options
 * read strictly, the body the file (at most AdminApi::maxImportSize; 413 naming \c body). Throws
 * ApiError for every refusal; 409 while another import of \a gate runs.
 */
AuthResponse serveImport(const Stores &stores, const Caller &caller, const AuthRequest &request, ImportGate &gate);

} // namespace Gatehouse::AdminApiDetail
