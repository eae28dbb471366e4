#include "adminapi/configoperations.h"

#include "adminapi/apiinput.h"
#include "adminapi/logging.h"
#include "adminapi/useroperations.h"
#include "config/configsecrets.h"
#include "crypto/hash.h"

#include <gatehouse/configfile.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace Gatehouse::AdminApiDetail {

namespace {

//! The file as it is now: its bytes, or an ApiError when it cannot be read.
QByteArray currentContents(const ConfigAccess &access)
{
    QFile file(access.file.path);
    if (!file.open(QIODevice::ReadOnly)) {
        qCWarning(lcAdminApi).noquote() << "cannot read" << access.file.path << ':' << file.errorString();
        throw ApiError{503, QStringLiteral("unavailable"),
                       QStringLiteral("the configuration file cannot be read: %1").arg(file.errorString()), {}, {}};
    }
    return file.readAll();
}

//! The version of \a contents a save names: the SHA-256 of the file's bytes, in hex.
QString versionOf(const QByteArray &contents)
{
    return QString::fromLatin1(Crypto::sha256(contents).toHex());
}

//! \a contents as a JSON object; empty when it is none (a file broken by hand).
std::optional<QJsonObject> jsonOf(const QByteArray &contents)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(contents, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        return std::nullopt;
    return document.object();
}

//! The object \a key of \a body, required.
QJsonObject configField(const QJsonObject &body)
{
    const QString key = QStringLiteral("config");
    const QJsonValue value = body.value(key);
    if (value.isUndefined())
        throw ApiError::badRequest(key, QStringLiteral("config is missing: send the whole configuration as an object"));
    if (!value.isObject())
        throw ApiError::badRequest(key, QStringLiteral("config must be an object (the configuration file's JSON)"));
    return value.toObject();
}

//! \a text with every one of \a secrets masked: a message never carries one back.
QString withoutSecrets(QString text, const QStringList &secrets)
{
    for (const QString &secret : secrets) {
        if (secret.size() >= 4)
            text.replace(secret, QStringLiteral("********"));
    }
    return text;
}

//! The problems as the server's check-config words them, with no secret in them.
QJsonArray problemsJson(const QList<ConfigProblem> &problems, const QStringList &secrets)
{
    QJsonArray list;
    for (const ConfigProblem &problem : problems) {
        const bool error = problem.severity == ConfigProblem::Severity::Error;
        list.append(QJsonObject{{QStringLiteral("path"), withoutSecrets(problem.path, secrets)},
                                {QStringLiteral("message"), withoutSecrets(problem.message, secrets)},
                                {QStringLiteral("severity"), error ? QStringLiteral("error") : QStringLiteral("warning")},
                                {QStringLiteral("text"), withoutSecrets(problem.toString(), secrets)}});
    }
    return list;
}

qsizetype errorCount(const QList<ConfigProblem> &problems)
{
    return std::count_if(problems.cbegin(), problems.cend(),
                         [](const ConfigProblem &p) { return p.severity == ConfigProblem::Severity::Error; });
}

//! \a proposed with the stored secrets its masks stand for, and the problems the server finds in it.
struct Checked
{
    QJsonObject config;
    QList<ConfigProblem> problems;
    QStringList secrets;   //!< of the configuration checked and of the file: kept out of every answer
};

Checked checkAgainstServer(const ConfigAccess &access, const QJsonObject &proposed, const std::optional<QJsonObject> &stored)
{
    Checked checked;
    checked.config = stored ? ConfigSecrets::unmasked(proposed, *stored) : proposed;
    checked.secrets = ConfigSecrets::secretsOf(checked.config);
    if (stored)
        checked.secrets += ConfigSecrets::secretsOf(*stored);
    if (access.file.check)
        checked.problems = access.file.check(checked.config);
    return checked;
}

AuthResponse readConfig(const Stores &stores, const Caller &caller, const AuthRequest &request, const ConfigAccess &access)
{
    requireScope(stores, caller, kConfigRead, QStringLiteral("readConfig"));
    readQuery(request, {});
    const QByteArray contents = currentContents(access);
    const QString version = versionOf(contents);
    const std::optional<QJsonObject> json = jsonOf(contents);
    if (!json) {
        // Broken by hand: shown to nobody (it may hold secrets unmasked), replaced by a save of this version.
        ApiError error{409, QStringLiteral("invalid_file"),
                       QStringLiteral("the configuration file is not a JSON object; a save of this version replaces it"), {}, {}};
        error.extra.insert(QStringLiteral("version"), version);
        throw error;
    }
    AuthResponse response = jsonResponse({{QStringLiteral("file"), access.file.path},
                                          {QStringLiteral("version"), version},
                                          {QStringLiteral("config"), ConfigSecrets::masked(*json)}});
    response.setHeader(QByteArrayLiteral("ETag"), '"' + version.toLatin1() + '"');
    return response;
}

AuthResponse checkProposed(const Stores &stores, const Caller &caller, const AuthRequest &request, const ConfigAccess &access)
{
    requireScope(stores, caller, kConfigWrite, QStringLiteral("checkConfig"));
    readQuery(request, {});
    const QJsonObject proposed = configField(readObject(request, {QStringLiteral("config")}));
    const Checked checked = checkAgainstServer(access, proposed, jsonOf(currentContents(access)));
    return jsonResponse({{QStringLiteral("valid"), errorCount(checked.problems) == 0},
                         {QStringLiteral("problems"), problemsJson(checked.problems, checked.secrets)}});
}

AuthResponse saveConfig(const Stores &stores, const Caller &caller, const AuthRequest &request, ConfigAccess &access)
{
    requireScope(stores, caller, kConfigWrite, QStringLiteral("saveConfig"));
    readQuery(request, {});
    const QJsonObject body = readObject(request, {QStringLiteral("config"), QStringLiteral("version")});
    const QJsonObject proposed = configField(body);
    const std::optional<QString> based = stringField(body, QStringLiteral("version"), 64);
    if (!based || based->isEmpty()) {
        throw ApiError::badRequest(QStringLiteral("version"),
                                   QStringLiteral("version is missing: send the version GET config answered"));
    }

    // One save at a time: the version compared is the one replaced.
    QMutexLocker lock(&access.saving);
    const QByteArray contents = currentContents(access);
    const QString version = versionOf(contents);
    if (*based != version) {
        ApiError error{409, QStringLiteral("conflict"),
                       QStringLiteral("the configuration was changed since that version was read; read it again and "
                                      "make the change on what it is now"),
                       QStringLiteral("version"), {}};
        error.extra.insert(QStringLiteral("version"), version);
        throw error;
    }
    const Checked checked = checkAgainstServer(access, proposed, jsonOf(contents));
    if (const qsizetype errors = errorCount(checked.problems)) {
        // Refused as a whole, naming the first key at fault; every problem listed.
        const auto first = std::find_if(checked.problems.cbegin(), checked.problems.cend(),
                                        [](const ConfigProblem &p) { return p.severity == ConfigProblem::Severity::Error; });
        ApiError error{400, QStringLiteral("invalid_configuration"),
                       QStringLiteral("the configuration has %1 %2; nothing was saved")
                           .arg(errors)
                           .arg(errors == 1 ? QStringLiteral("error") : QStringLiteral("errors")),
                       withoutSecrets(first->path, checked.secrets), {}};
        error.extra.insert(QStringLiteral("problems"), problemsJson(checked.problems, checked.secrets));
        throw error;
    }

    const ConfigFileWrite written = writeConfigFile(access.file.path, checked.config);
    if (!written.ok()) {
        qCWarning(lcAdminApi).noquote() << "cannot save the configuration:" << written.path << written.errorString;
        throw ApiError{500, QStringLiteral("internal"),
                       QStringLiteral("cannot write %1: %2; the file is as it was").arg(written.path, written.errorString), {}, {}};
    }
    const QString saved = versionOf(configFileContents(checked.config));
    auditChange(stores, caller, QStringLiteral("configSave"), QString(),
                {{QStringLiteral("file"), access.file.path}, {QStringLiteral("from"), version}, {QStringLiteral("version"), saved}});
    const bool reloaded = access.file.reload && access.file.reload();
    const QJsonArray warnings = problemsJson(checked.problems, checked.secrets);
    AuthResponse response = jsonResponse({{QStringLiteral("saved"), true},
                                          {QStringLiteral("version"), saved},
                                          {QStringLiteral("backup"), configBackupPath(access.file.path)},
                                          {QStringLiteral("reloaded"), reloaded},
                                          {QStringLiteral("problems"), warnings}});
    response.setHeader(QByteArrayLiteral("ETag"), '"' + saved.toLatin1() + '"');
    return response;
}

} // namespace

AuthResponse serveConfig(const Stores &stores, const Caller &caller, const AuthRequest &request, const QStringList &path,
                         const std::shared_ptr<ConfigAccess> &access)
{
    const bool check = path.size() == 2 && path.at(1) == QLatin1String("check");
    if (path.size() != 1 && !check)
        throw ApiError::notFound({}, QStringLiteral("no such operation"));
    const QByteArray &method = request.method;
    if (check && method != "POST")
        throw ApiError::methodNotAllowed(QStringLiteral("POST"));
    if (!check && method != "GET" && method != "PUT")
        throw ApiError::methodNotAllowed(QStringLiteral("GET, PUT"));
    if (!access) {
        // Scope first: a token that may not touch the configuration learns nothing of it.
        requireScope(stores, caller, method == "GET" ? kConfigRead : kConfigWrite, QStringLiteral("config"));
        throw ApiError::notFound({}, QStringLiteral("the server was started without a configuration file (--config)"));
    }
    if (check)
        return checkProposed(stores, caller, request, *access);
    if (method == "GET")
        return readConfig(stores, caller, request, *access);
    return saveConfig(stores, caller, request, *access);
}

} // namespace Gatehouse::AdminApiDetail
