#include "configdocument.h"

#include "logging.h"

#include "adminconnection.h"
#include "apiclient.h"

#include <gatehouse/autherror.h>
#include <gatehouse/configfile.h>
#include <gatehouse/configloader.h>
#include <gatehouse/providers.h>

#include <QCoreApplication>
#include <QDir>
#include <QEvent>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJSValue>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QUrl>
#include <optional>

namespace Gatehouse::Admin {

namespace {

// One step of a key path: an object key or a list index.
struct Step
{
    QString key;
    int index = -1;   // >= 0: a list index
};

// "providers[1].issuer" -> providers, [1], issuer. Empty on a malformed path.
QList<Step> parseKeyPath(const QString &keyPath)
{
    static const QRegularExpression segment(QStringLiteral("^([^.\\[\\]]+)((?:\\[\\d+\\])*)$"));
    static const QRegularExpression index(QStringLiteral("\\[(\\d+)\\]"));
    QList<Step> steps;
    if (keyPath.isEmpty())
        return steps;
    for (const QString &part : keyPath.split(u'.')) {
        const auto match = segment.match(part);
        if (!match.hasMatch())
            return {};
        steps.append({match.captured(1), -1});
        auto it = index.globalMatch(match.captured(2));
        while (it.hasNext())
            steps.append({QString(), it.next().captured(1).toInt()});
    }
    return steps;
}

QJsonValue valueAt(const QJsonValue &root, const QList<Step> &steps)
{
    QJsonValue node = root;
    for (const Step &step : steps) {
        if (step.index >= 0) {
            if (!node.isArray() || step.index >= node.toArray().size())
                return QJsonValue(QJsonValue::Undefined);
            node = node.toArray().at(step.index);
        } else {
            if (!node.isObject())
                return QJsonValue(QJsonValue::Undefined);
            node = node.toObject().value(step.key);
        }
    }
    return node;
}

// Returns \a node with the value at steps[i..] replaced by \a value (nullopt: removed).
QJsonValue withValue(const QJsonValue &node, const QList<Step> &steps, qsizetype i,
                     const std::optional<QJsonValue> &value)
{
    const Step &step = steps.at(i);
    const bool last = i == steps.size() - 1;
    if (step.index >= 0) {
        QJsonArray list = node.toArray();
        if (!value && step.index >= list.size())
            return list;
        while (list.size() <= step.index)
            list.append(QJsonObject());
        if (last) {
            if (value)
                list[step.index] = *value;
            else
                list.removeAt(step.index);
        } else {
            list[step.index] = withValue(list.at(step.index), steps, i + 1, value);
        }
        return list;
    }
    QJsonObject object = node.toObject();
    if (last) {
        if (value)
            object.insert(step.key, *value);
        else
            object.remove(step.key);
    } else if (value || object.contains(step.key)) {
        object.insert(step.key, withValue(object.value(step.key), steps, i + 1, value));
    }
    return object;
}

// QML hands numbers over as doubles; whole numbers are written without a fraction.
QJsonValue toJson(const QVariant &value)
{
    QJsonValue json = QJsonValue::fromVariant(value);
    const double d = json.toDouble();
    // Beyond 2^53 a double is not an exact integer (and beyond 2^63 converting it is undefined).
    if (json.isDouble() && std::fabs(d) <= 9007199254740991.0 && d == std::trunc(d))
        json = QJsonValue(qint64(d));
    return json;
}

bool removes(const QVariant &value)
{
    if (!value.isValid() || value.isNull())
        return true;
    return value.typeId() == QMetaType::QString && value.toString().isEmpty();
}

QString localPath(const QString &pathOrUrl)
{
    const QUrl url(pathOrUrl);
    const QString path = url.isLocalFile() ? url.toLocalFile() : pathOrUrl;
    return path.isEmpty() ? path : QFileInfo(path).absoluteFilePath();
}

} // namespace

ConfigDocument::ConfigDocument(QObject *parent)
    : QObject(parent), m_environment(QProcessEnvironment::systemEnvironment())
{
    m_serverCheck = new QTimer(this);
    m_serverCheck->setSingleShot(true);
    m_serverCheck->setInterval(400);
    connect(m_serverCheck, &QTimer::timeout, this, &ConfigDocument::checkOnServer);
    // Installing or removing a translator sends LanguageChange to the application object.
    if (QCoreApplication *app = QCoreApplication::instance())
        app->installEventFilter(this);
}

bool ConfigDocument::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::LanguageChange && watched == QCoreApplication::instance())
        publishProblems();
    return QObject::eventFilter(watched, event);
}

QVariantList ConfigDocument::problems() const
{
    return m_problems;
}

int ConfigDocument::errorCount() const
{
    return int(std::count_if(m_problems.cbegin(), m_problems.cend(), [](const QVariant &p) {
        return p.toMap().value(QStringLiteral("severity")) == QLatin1String("error");
    }));
}

int ConfigDocument::warningCount() const
{
    return int(m_problems.size()) - errorCount();
}

int ConfigDocument::providerCount() const
{
    return int(m_root.value(QStringLiteral("providers")).toArray().size());
}

QStringList ConfigDocument::builtinProviderIds() const
{
    return Gatehouse::builtinProviderIds();
}

QStringList ConfigDocument::providerTypes() const
{
    return {QStringLiteral("oauth"), QStringLiteral("oidc"), QStringLiteral("email"),
            QStringLiteral("credentials"), QStringLiteral("webauthn")};
}

QString ConfigDocument::baseDir() const
{
    return m_filePath.isEmpty() ? QDir::currentPath() : QFileInfo(m_filePath).absolutePath();
}

void ConfigDocument::setEnvironment(const QProcessEnvironment &environment)
{
    m_environment = environment;
    validate();
}

bool ConfigDocument::open(const QString &pathOrUrl)
{
    const QString path = localPath(pathOrUrl);
    QFile file(path);
    if (path.isEmpty() || !file.open(QIODevice::ReadOnly)) {
        setErrorString(tr("Cannot read %1: %2").arg(QDir::toNativeSeparators(path), file.errorString()));
        return false;
    }
    const QByteArray data = file.readAll();
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(data, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject()) {
        // The loader's message names line and column.
        const ConfigResult result = loadConfigFile(path, m_environment);
        const QString detail = result.problems.isEmpty() ? tr("the file does not hold a JSON object")
                                                         : result.problems.constFirst().translatedString();
        setErrorString(tr("Cannot open %1: %2").arg(QDir::toNativeSeparators(path), detail));
        return false;
    }
    m_filePath = path;
    m_connection = nullptr;
    m_version.clear();
    Q_EMIT filePathChanged();
    m_savedRoot = document.object();
    replaceRoot(document.object(), false);
    setErrorString({});
    qCInfo(lcAdminEditor) << "opened" << path;
    return true;
}

AdminConnection *ConfigDocument::connection() const
{
    return m_connection.data();
}

void ConfigDocument::openServer(AdminConnection *connection)
{
    ApiClient *api = connection ? connection->api() : nullptr;
    if (!api) {
        setErrorString(tr("Not connected to a server."));
        return;
    }
    setBusy(true);
    QPointer<AdminConnection> from(connection);
    api->get(QStringLiteral("config"), {}, this, [this, from](const ApiReply &reply) {
        setBusy(false);
        if (!reply.ok()) {
            setErrorString(tr("Cannot read the server's configuration: %1").arg(reply.errorText()));
            return;
        }
        m_connection = from;
        m_filePath = reply.json.value(QLatin1String("file")).toString();
        m_version = reply.json.value(QLatin1String("version")).toString();
        m_savedRoot = reply.json.value(QLatin1String("config")).toObject();
        Q_EMIT filePathChanged();
        replaceRoot(m_savedRoot, false);
        setErrorString({});
        qCInfo(lcAdminEditor) << "opened the server's" << m_filePath << "version" << m_version;
    });
}

void ConfigDocument::saveToServer()
{
    ApiClient *api = m_connection ? m_connection->api() : nullptr;
    if (!api) {
        setErrorString(tr("Not connected to the server any more; connect again to save."));
        return;
    }
    const QJsonObject sent = m_root;
    setBusy(true);
    api->send("PUT", QStringLiteral("config"), {{QStringLiteral("config"), sent}, {QStringLiteral("version"), m_version}}, this,
              [this, sent](const ApiReply &reply) {
                  setBusy(false);
                  if (reply.ok()) {
                      m_version = reply.json.value(QLatin1String("version")).toString();
                      m_savedRoot = sent;
                      qCInfo(lcAdminEditor) << "saved the server's" << m_filePath << "version" << m_version;
                      setErrorString({});
                      setModified(m_root != sent); // edits made while it was sent stay unsaved
                      Q_EMIT saved();
                      return;
                  }
                  const ApiProblem &problem = *reply.problem;
                  if (problem.kind == ApiProblem::Kind::Conflict && problem.error == QLatin1String("conflict")) {
                      setErrorString(tr("The configuration on the server was changed since it was read; nothing was "
                                        "saved. Reconnect to read it again."));
                      return;
                  }
                  if (problem.error == QLatin1String("invalid_configuration")) {
                      QStringList texts;
                      for (const QJsonValue &found : problem.body.value(QLatin1String("problems")).toArray())
                          texts.append(found.toObject().value(QLatin1String("text")).toString());
                      setErrorString(tr("The server refused the configuration; nothing was saved: %1")
                                         .arg(texts.isEmpty() ? problem.message : texts.join(QStringLiteral("; "))));
                      return;
                  }
                  setErrorString(tr("Cannot save on the server: %1").arg(reply.errorText()));
              });
}

void ConfigDocument::setBusy(bool busy)
{
    const bool was = isBusy();
    m_busy += busy ? 1 : -1;
    if (was != isBusy())
        Q_EMIT busyChanged();
}

void ConfigDocument::create(const QString &pathOrUrl)
{
    m_connection = nullptr;
    m_version.clear();
    m_savedRoot = {};
    m_filePath = localPath(pathOrUrl);
    Q_EMIT filePathChanged();
    replaceRoot({}, true);
    setErrorString({});
}

bool ConfigDocument::save(bool force)
{
    if (m_filePath.isEmpty()) {
        setErrorString(tr("No file is open."));
        return false;
    }
    validate();
    if (!force && errorCount() > 0) {
        setErrorString(tr("The configuration has %n error(s); gatehouse-server would not load it.", nullptr,
                          errorCount()));
        return false;
    }
    if (isRemote()) {
        saveToServer();
        return true;
    }
    // The one save of the file, the admin API's too: FILE.bak, then an atomic replace.
    const ConfigFileWrite written = writeConfigFile(m_filePath, m_root);
    if (written.failure == ConfigFileWrite::Failure::Backup) {
        setErrorString(tr("Cannot keep a backup in %1.").arg(QDir::toNativeSeparators(written.path)));
        return false;
    }
    if (!written.ok()) {
        setErrorString(tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(m_filePath), written.errorString));
        return false;
    }
    qCInfo(lcAdminEditor) << "saved" << m_filePath;
    m_savedRoot = m_root;
    setErrorString({});
    setModified(false);
    Q_EMIT saved();
    return true;
}

bool ConfigDocument::revert()
{
    if (isRemote()) {
        replaceRoot(m_savedRoot, false);
        setErrorString({});
        return true;
    }
    return !m_filePath.isEmpty() && open(m_filePath);
}

QVariant ConfigDocument::value(const QString &keyPath) const
{
    const QList<Step> steps = parseKeyPath(keyPath);
    if (steps.isEmpty())
        return {};
    const QJsonValue value = valueAt(m_root, steps);
    return value.isUndefined() ? QVariant() : value.toVariant();
}

bool ConfigDocument::contains(const QString &keyPath) const
{
    const QList<Step> steps = parseKeyPath(keyPath);
    return !steps.isEmpty() && !valueAt(m_root, steps).isUndefined();
}

void ConfigDocument::setValue(const QString &keyPath, const QVariant &given)
{
    // A JavaScript object or array arrives from QML wrapped in a QJSValue.
    const QVariant value = given.metaType() == QMetaType::fromType<QJSValue>() ? given.value<QJSValue>().toVariant() : given;
    const QList<Step> steps = parseKeyPath(keyPath);
    if (steps.isEmpty() || steps.constFirst().index >= 0) {
        qCWarning(lcAdminEditor) << "not a key path:" << keyPath;
        return;
    }
    const std::optional<QJsonValue> json = removes(value) ? std::nullopt : std::optional(toJson(value));
    const QJsonValue current = valueAt(m_root, steps);
    if ((!json && current.isUndefined()) || (json && current == *json))
        return;
    replaceRoot(withValue(m_root, steps, 0, json).toObject(), true);
}

void ConfigDocument::remove(const QString &keyPath)
{
    setValue(keyPath, QVariant());
}

QString ConfigDocument::problemAt(const QString &keyPath) const
{
    QStringList lines;
    for (const QVariant &problem : m_problems) {
        const QVariantMap map = problem.toMap();
        if (map.value(QStringLiteral("path")).toString() == keyPath)
            lines << map.value(QStringLiteral("message")).toString();
    }
    return lines.join(u'\n');
}

QString ConfigDocument::problemsUnder(const QString &keyPath) const
{
    QStringList lines;
    for (const QVariant &problem : m_problems) {
        const QVariantMap map = problem.toMap();
        const QString path = map.value(QStringLiteral("path")).toString();
        if (path == keyPath || path.startsWith(keyPath + u'.') || path.startsWith(keyPath + u'['))
            lines << map.value(QStringLiteral("text")).toString();
    }
    return lines.join(u'\n');
}

int ConfigDocument::addBuiltinProvider(const QString &id)
{
    if (!Gatehouse::isBuiltinProvider(id))
        return -1;
    QJsonArray providers = m_root.value(QStringLiteral("providers")).toArray();
    providers.append(QJsonObject{{QStringLiteral("id"), id}});
    QJsonObject root = m_root;
    root.insert(QStringLiteral("providers"), providers);
    replaceRoot(root, true);
    return int(providers.size()) - 1;
}

int ConfigDocument::addCustomProvider(const QString &type)
{
    if (!providerTypes().contains(type))
        return -1;
    QJsonArray providers = m_root.value(QStringLiteral("providers")).toArray();
    QStringList ids;
    for (const QJsonValue &provider : providers)
        ids << provider.toObject().value(QStringLiteral("id")).toString();
    QString id = type;
    for (int n = 2; ids.contains(id) || Gatehouse::isBuiltinProvider(id); ++n)
        id = QStringLiteral("%1-%2").arg(type).arg(n);
    QJsonObject provider{{QStringLiteral("id"), id}, {QStringLiteral("type"), type},
                         {QStringLiteral("name"), id}};
    providers.append(provider);
    QJsonObject root = m_root;
    root.insert(QStringLiteral("providers"), providers);
    replaceRoot(root, true);
    return int(providers.size()) - 1;
}

void ConfigDocument::removeProvider(int index)
{
    if (index < 0 || index >= providerCount())
        return;
    setValue(QStringLiteral("providers[%1]").arg(index), QVariant());
}

QJsonObject ConfigDocument::providerAt(int index) const
{
    return m_root.value(QStringLiteral("providers")).toArray().at(index).toObject();
}

bool ConfigDocument::isBuiltinProvider(int index) const
{
    return Gatehouse::isBuiltinProvider(providerAt(index).value(QStringLiteral("id")).toString());
}

QString ConfigDocument::providerType(int index) const
{
    const QJsonObject provider = providerAt(index);
    if (provider.contains(QStringLiteral("type")))
        return provider.value(QStringLiteral("type")).toString();
    if (isBuiltinProvider(index)) {
        try {
            return builtinProvider(provider.value(QStringLiteral("id")).toString()).type;
        } catch (const AuthError &) {
        }
    }
    return {};
}

QString ConfigDocument::providerTitle(int index) const
{
    const QJsonObject provider = providerAt(index);
    const QString name = provider.value(QStringLiteral("name")).toString();
    if (!name.isEmpty())
        return name;
    if (isBuiltinProvider(index)) {
        try {
            return builtinProvider(provider.value(QStringLiteral("id")).toString()).name;
        } catch (const AuthError &) {
        }
    }
    return provider.value(QStringLiteral("id")).toString();
}

QVariantList ConfigDocument::providerFields(int index) const
{
    auto field = [](const char *key, const QString &label, const char *kind, const QString &placeholder = {}) {
        return QVariantMap{{QStringLiteral("key"), QString::fromLatin1(key)},
                           {QStringLiteral("label"), label},
                           {QStringLiteral("kind"), QString::fromLatin1(kind)},
                           {QStringLiteral("placeholder"), placeholder}};
    };
    const QString type = providerType(index);
    const QString id = providerAt(index).value(QStringLiteral("id")).toString();
    const QString env = QStringLiteral("AUTH_") + providerEnvironmentName(id);
    QVariantList fields{field("id", tr("Id"), "text"), field("name", tr("Name on the button"), "text")};
    if (!isBuiltinProvider(index) || providerAt(index).contains(QStringLiteral("type")))
        fields << field("type", tr("Type"), "type");
    if (Provider::isOAuthType(type)) {
        fields << field("clientId", tr("Client id"), "text", env + QStringLiteral("_ID"))
               << field("clientSecret", tr("Client secret"), "secret", env + QStringLiteral("_SECRET"))
               << field("issuer", tr("Issuer URL"), "url", env + QStringLiteral("_ISSUER"));
        if (!isBuiltinProvider(index))
            fields << field("wellKnown", tr("Discovery document URL"), "url")
                   << field("authorization", tr("Authorization endpoint"), "url")
                   << field("token", tr("Token endpoint"), "url") << field("userinfo", tr("Userinfo endpoint"), "url");
        fields << field("allowDangerousEmailAccountLinking", tr("Link accounts by email address (dangerous)"), "bool");
    } else if (type == QLatin1String("email")) {
        fields << field("from", tr("Sender address"), "text", QStringLiteral("auth@example.com"))
               << field("server", tr("SMTP server"), "text", QStringLiteral("smtp://user:password@smtp.example.com:587"))
               << field("apiKey", tr("API key"), "secret", env + QStringLiteral("_KEY"))
               << field("maxAge", tr("Link lifetime (seconds)"), "int", QStringLiteral("86400"));
    } else if (type == QLatin1String("credentials")) {
        fields << field("authorize", tr("Authorize function (or builtin)"), "text", QStringLiteral("builtin"));
    } else if (type == QLatin1String("webauthn")) {
        fields << field("enableConditionalUI", tr("Offer passkeys in the browser's autofill"), "bool");
    }
    return fields;
}

void ConfigDocument::validate()
{
    ConfigLoadOptions options;
    // The secret normally reaches the server through its own environment (AUTH_SECRET), which
    // this workstation does not see: its absence is no reason to refuse the file.
    options.requireSecret = false;
    // A server's file is checked without this workstation's environment: its variables are not
    // the server's (whose own check runs when it is saved).
    m_configProblems = loadConfig(m_root, isRemote() ? QProcessEnvironment() : m_environment, baseDir(), options).problems;
    m_serverChecked = false;
    if (isRemote())
        m_serverCheck->start();
    publishProblems();
}

void ConfigDocument::checkOnServer()
{
    ApiClient *api = m_connection ? m_connection->api() : nullptr;
    if (!api)
        return;
    const int revision = m_revision;
    api->send("POST", QStringLiteral("config/check"), {{QStringLiteral("config"), m_root}}, this, [this, revision](const ApiReply &reply) {
        if (revision != m_revision || !isRemote())
            return; // edited meanwhile: a newer check follows
        if (!reply.ok()) {
            qCWarning(lcAdminEditor).noquote() << "the server's check failed:" << reply.errorText();
            return;
        }
        m_serverProblems = reply.json.value(QLatin1String("problems")).toArray();
        m_serverChecked = true;
        publishProblems();
    });
}

void ConfigDocument::publishProblems()
{
    QVariantList problems;
    // Once the server has checked a remote document, its problems are the ones that count: a
    // problem found here too is shown in the user's language, one found here only (a file or a
    // variable this workstation does not have) is not, one the server only found is in its words.
    const auto sameAs = [](const QJsonValue &server, const ConfigProblem &problem) {
        const QJsonObject object = server.toObject();
        return object.value(QLatin1String("path")).toString() == problem.path
            && object.value(QLatin1String("message")).toString() == problem.message;
    };
    const bool serverDecides = isRemote() && m_serverChecked;
    for (const ConfigProblem &problem : std::as_const(m_configProblems)) {
        if (serverDecides
            && std::none_of(m_serverProblems.cbegin(), m_serverProblems.cend(), [&](const QJsonValue &v) { return sameAs(v, problem); }))
            continue;
        problems << QVariantMap{
            {QStringLiteral("path"), problem.path},
            {QStringLiteral("message"), problem.translatedMessage()},
            {QStringLiteral("severity"), problem.severity == ConfigProblem::Severity::Error
                                             ? QStringLiteral("error") : QStringLiteral("warning")},
            {QStringLiteral("text"), problem.translatedString()}};
    }
    if (serverDecides) {
        for (const QJsonValue &server : std::as_const(m_serverProblems)) {
            if (std::any_of(m_configProblems.cbegin(), m_configProblems.cend(), [&](const ConfigProblem &p) { return sameAs(server, p); }))
                continue;
            const QJsonObject object = server.toObject();
            problems << QVariantMap{{QStringLiteral("path"), object.value(QLatin1String("path")).toString()},
                                    {QStringLiteral("message"), object.value(QLatin1String("message")).toString()},
                                    {QStringLiteral("severity"), object.value(QLatin1String("severity")).toString()},
                                    {QStringLiteral("text"), object.value(QLatin1String("text")).toString()}};
        }
    }
    if (problems != m_problems || serverDecides != m_publishedServerChecked) {
        m_problems = problems;
        m_publishedServerChecked = serverDecides;
        Q_EMIT problemsChanged();
    }
}

void ConfigDocument::replaceRoot(const QJsonObject &root, bool modified)
{
    m_root = root;
    ++m_revision;
    validate();
    setModified(modified);
    Q_EMIT changed();
}

void ConfigDocument::setModified(bool modified)
{
    if (m_modified == modified)
        return;
    m_modified = modified;
    Q_EMIT modifiedChanged();
}

void ConfigDocument::setErrorString(const QString &text)
{
    if (m_errorString == text)
        return;
    m_errorString = text;
    Q_EMIT errorStringChanged();
}

} // namespace Gatehouse::Admin
