#include "adminapi/importoperations.h"

#include "adminapi/apiinput.h"

#include <gatehouse/adminapi.h>
#include <gatehouse/groupstore.h>
#include <gatehouse/userimport.h>

#include <QJsonArray>

namespace Gatehouse::AdminApiDetail {

namespace {

constexpr int kMaxOptionLength = 255;

//! The options of the query, each checked before anything is read or changed.
UserImportOptions importOptions(const AuthRequest &request, const Caller &caller, bool *allRows)
{
    const QMap<QString, QString> query =
        readQuery(request, {QStringLiteral("format"), QStringLiteral("dryRun"), QStringLiteral("onConflict"), QStringLiteral("group"),
                            QStringLiteral("emailDomain"), QStringLiteral("allowWeakHashes"), QStringLiteral("rows")});
    UserImportOptions options;
    options.format = query.value(QStringLiteral("format"));
    if (!userImportFormats().contains(options.format)) {
        throw ApiError::badRequest(QStringLiteral("format"),
                                   QStringLiteral("format must be one of %1").arg(userImportFormats().join(QStringLiteral(", "))));
    }
    const QString conflict = query.value(QStringLiteral("onConflict"), QStringLiteral("fail"));
    if (conflict == QLatin1String("skip"))
        options.onConflict = UserImportConflict::Skip;
    else if (conflict == QLatin1String("update"))
        options.onConflict = UserImportConflict::Update;
    else if (conflict != QLatin1String("fail"))
        throw ApiError::badRequest(QStringLiteral("onConflict"), QStringLiteral("onConflict must be skip, update or fail"));
    options.dryRun = queryFlag(query, QStringLiteral("dryRun"));
    options.allowWeakHashes = queryFlag(query, QStringLiteral("allowWeakHashes"));
    options.emailDomain = query.value(QStringLiteral("emailDomain")).trimmed();
    if (options.emailDomain.size() > kMaxOptionLength || options.emailDomain.contains(u'@') || options.emailDomain.contains(u' ')) {
        throw ApiError::badRequest(QStringLiteral("emailDomain"),
                                   QStringLiteral("emailDomain must be a domain name (without @) of at most %1 characters")
                                       .arg(kMaxOptionLength));
    }
    const QString groups = query.value(QStringLiteral("group"));
    if (groups.size() > kMaxOptionLength)
        throw ApiError::badRequest(QStringLiteral("group"), QStringLiteral("group has more than %1 characters").arg(kMaxOptionLength));
    // Separated by commas (a group name has none); each a name groupNameProblem() takes.
    for (const QString &group : groups.split(u',', Qt::SkipEmptyParts)) {
        const QString name = group.trimmed();
        if (name.isEmpty())
            continue;
        if (const std::optional<GroupNameProblem> problem = groupNameProblem(name)) {
            throw ApiError::badRequest(QStringLiteral("group"),
                                       QStringLiteral("group %1 %2").arg(name, describeGroupNameProblem(*problem)));
        }
        options.groups.append(name);
    }
    const QString rows = query.value(QStringLiteral("rows"), QStringLiteral("problems"));
    if (rows != QLatin1String("problems") && rows != QLatin1String("all"))
        throw ApiError::badRequest(QStringLiteral("rows"), QStringLiteral("rows must be problems or all"));
    *allRows = rows == QLatin1String("all");
    options.listRows = true;
    // The command's event, with the caller as "by" and the address it called from.
    options.auditDetail = {{QStringLiteral("by"), caller.by()},
                           {QStringLiteral("clientAddress"), caller.clientAddress},
                           {QStringLiteral("format"), options.format}};
    return options;
}

//! The file: the body's bytes, not a form wrapping them.
const QByteArray &importBody(const AuthRequest &request)
{
    const QByteArray type = request.header("content-type").split(';').constFirst().trimmed().toLower();
    if (type == "application/x-www-form-urlencoded" || type == "multipart/form-data") {
        throw ApiError{415, QStringLiteral("unsupported_media_type"),
                       QStringLiteral("send the file's bytes as the body (Content-Type: application/octet-stream), not a form"),
                       QStringLiteral("Content-Type"), {}};
    }
    if (request.body.size() > AdminApi::maxImportSize) {
        throw ApiError{413, QStringLiteral("too_large"),
                       QStringLiteral("the body (the file) is larger than %1 MiB; split it").arg(AdminApi::maxImportSize / (1024 * 1024)),
                       QStringLiteral("body"), {}};
    }
    if (request.body.isEmpty())
        throw ApiError::badRequest(QStringLiteral("body"), QStringLiteral("the body must be the file to import; it is empty"));
    return request.body;
}

QJsonObject report(const UserImportSummary &summary, const UserImportOptions &options, bool allRows)
{
    QJsonArray problems;
    QJsonArray rows;
    for (const UserImportRow &row : summary.rows) {
        const QString outcome = userImportOutcomeName(row.outcome);
        QJsonObject entry{{QStringLiteral("line"), row.line},
                          {QStringLiteral("email"), row.email.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(row.email)},
                          {QStringLiteral("outcome"), outcome}};
        if (outcome == QLatin1String("refused")) {
            entry.insert(QStringLiteral("reason"), row.reason);
            problems.append(entry);
        }
        if (allRows)
            rows.append(entry);
    }
    QJsonObject answer{{QStringLiteral("format"), options.format},
                       {QStringLiteral("dryRun"), options.dryRun},
                       {QStringLiteral("committed"), summary.committed},
                       {QStringLiteral("read"), summary.read},
                       {QStringLiteral("created"), summary.created},
                       {QStringLiteral("updated"), summary.updated},
                       {QStringLiteral("unchanged"), summary.unchanged},
                       {QStringLiteral("skipped"), summary.skipped},
                       {QStringLiteral("failed"), int(summary.refused.size())},
                       // As the command prints them: "line 14 (password): bcrypt cost 31 is above 14".
                       {QStringLiteral("refused"), QJsonArray::fromStringList(summary.refused)},
                       {QStringLiteral("problems"), problems}};
    if (allRows)
        answer.insert(QStringLiteral("rows"), rows);
    return answer;
}

} // namespace

bool servesImport(const QStringList &path)
{
    return path.size() == 2 && path.at(0) == QLatin1String("users") && path.at(1) == QLatin1String("import");
}

AuthResponse serveImport(const Stores &stores, const Caller &caller, const AuthRequest &request, ImportGate &gate)
{
    if (request.method != "POST")
        throw ApiError::methodNotAllowed(QStringLiteral("POST"));
    requireScope(stores, caller, kUsersWrite, QStringLiteral("importUsers"));
    bool allRows = false;
    const UserImportOptions options = importOptions(request, caller, &allRows);
    const QByteArray &file = importBody(request);
    if (!stores.transfers)
        throw ApiError{501, QStringLiteral("not_implemented"), QStringLiteral("this database cannot import users"), {}, {}};
    {
        QMutexLocker lock(&gate.mutex);
        if (gate.running) {
            throw ApiError{409, QStringLiteral("import_running"),
                           QStringLiteral("another import is running on this server; try again when it has finished"), {}, {}};
        }
        gate.running = true;
    }
    struct Release
    {
        ImportGate &gate;
        ~Release()
        {
            QMutexLocker lock(&gate.mutex);
            gate.running = false;
        }
    } release{gate};
    // One transaction: refused rows (all or nothing) or a dry run roll it back; errors are the store's.
    const UserImportSummary summary = importUserFile(stores.transfers, file, options).result();
    return jsonResponse(report(summary, options, allRows));
}

} // namespace Gatehouse::AdminApiDetail
