#include "forwardauthstack.h"

#include "support/serverprocess.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpSocket>
#include <QTest>

namespace Gatehouse::Testing {

namespace {

QByteArray callbacksScript()
{
    return groupsCallbacksScript(QJsonObject{
        {"alice", QJsonObject{{"id", "1"}, {"name", "Alice"}, {"email", "alice@example.test"}, {"groups", QJsonArray{"admins"}}}},
        {"bob", QJsonObject{{"id", "2"}, {"name", "Bob"}, {"email", "bob@example.test"}, {"groups", QJsonArray{"staff"}}}},
    });
}

// The example's gatehouse.json, plus an admins-only path and metrics on a port the system picks.
// (No raw string with URLs: moc.)
QByteArray gatehouseConfig()
{
    QJsonArray rules{
        QJsonObject{{"hosts", QJsonArray{"app.example.test"}}, {"paths", QJsonArray{"/public/*"}}, {"methods", QJsonArray{"GET", "HEAD"}}, {"policy", "bypass"}},
        QJsonObject{{"hosts", QJsonArray{"app.example.test"}}, {"paths", QJsonArray{"/admin"}}, {"policy", QJsonObject{{"groups", QJsonArray{"admins"}}}}},
        QJsonObject{{"hosts", QJsonArray{"app.example.test"}}, {"policy", "signed-in"}},
        // packaging/nginx/oauth2-proxy-style.conf's host.
        QJsonObject{{"hosts", QJsonArray{"tools.example.test"}}, {"policy", "signed-in"}},
    };
    QJsonObject config{{"url", "http://auth.example.test/auth"},
                       {"session", QJsonObject{{"strategy", "jwt"}}},
                       {"callbacksScript", "callbacks.js"},
                       {"callbacks", QJsonObject{{"jwt", "jwt"}}},
                       {"redirectDomains", QJsonArray{".example.test"}},
                       {"cookies", QJsonObject{{"sessionToken", QJsonObject{{"name", "authjs.session-token"},
                                                                            {"options", QJsonObject{{"domain", ".example.test"}}}}}}},
                       {"access", QJsonObject{{"default", "deny"}, {"rules", rules}}},
                       {"providers", QJsonArray{scriptCredentialsProvider()}},
                       {"server", QJsonObject{{"metricsListen", QStringLiteral("127.0.0.1:0")}}}};
    return QJsonDocument(config).toJson();
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

ForwardAuthStack::~ForwardAuthStack()
{
    if (m_proxyProcess.state() == QProcess::Running) {
        m_proxyProcess.terminate();
        if (!m_proxyProcess.waitForFinished(5000))
            m_proxyProcess.kill();
    }
}

std::optional<Proxy> ForwardAuthStack::proxyNamed(const QString &name)
{
    if (name == QLatin1String("nginx"))
        return Proxy::Nginx;
    if (name == QLatin1String("caddy"))
        return Proxy::Caddy;
    return std::nullopt;
}

bool ForwardAuthStack::start(QString *error)
{
    const QString program = m_proxy == Proxy::Nginx ? QStringLiteral(NGINX_PROGRAM) : QStringLiteral(CADDY_PROGRAM);
    if (!QFile::exists(program)) {
        *error = (m_proxy == Proxy::Nginx ? QStringLiteral("nginx") : QStringLiteral("caddy"))
            + QStringLiteral(" is not installed: run packaging/install-deps.sh");
        return false;
    }
    if (!m_dir.isValid()
        || !replaceFile(m_dir.filePath(QStringLiteral("callbacks.js")), callbacksScript())
        || !replaceFile(m_dir.filePath(QStringLiteral("gatehouse.json")), gatehouseConfig())) {
        *error = QStringLiteral("cannot write the configuration to a temporary folder");
        return false;
    }
    if (!m_gatehouse.start(m_dir.filePath(QStringLiteral("gatehouse.json")), m_dir.path())
        || !m_gatehouse.waitForLog(QStringLiteral("metrics: http://127.0.0.1:"))) {
        *error = QStringLiteral("gatehouse-server did not start:\n") + m_gatehouse.log();
        return false;
    }
    m_metricsPort = m_gatehouse.loggedPort(QStringLiteral("metrics:"));
    if (!m_app.listen()) {
        *error = QStringLiteral("the app cannot listen on 127.0.0.1");
        return false;
    }

    m_port = freeLoopbackPort();
    prepareChild(m_proxyProcess, std::nullopt);
    m_proxyProcess.setProcessChannelMode(QProcess::MergedChannels);
    const QByteArray gatehouse = "127.0.0.1:" + QByteArray::number(m_gatehouse.port());
    const QByteArray app = "127.0.0.1:" + QByteArray::number(m_app.port());
    if (!(m_proxy == Proxy::Nginx ? startNginx(gatehouse, app, error) : startCaddy(gatehouse, app, error)))
        return false;
    if (!m_proxyProcess.waitForStarted(5000)) {
        *error = program + QStringLiteral(" did not start: ") + m_proxyProcess.errorString();
        return false;
    }
    QTcpSocket probe;
    for (int i = 0; i < 100; ++i) {
        probe.connectToHost(QHostAddress::LocalHost, m_port);
        if (probe.waitForConnected(100))
            return true;
        probe.abort();
        QTest::qWait(50);
        if (m_proxyProcess.state() != QProcess::Running)
            break;
    }
    *error = program + QStringLiteral(" does not accept connections:\n")
        + tailOfFile(m_dir.filePath(QStringLiteral("error.log"))) + QString::fromUtf8(m_proxyProcess.readAll());
    return false;
}

// packaging/nginx/forwardauth.conf and oauth2-proxy-style.conf as they are, with their addresses
// replaced by the stack's, in an http block of the stack's own.
bool ForwardAuthStack::startNginx(const QByteArray &gatehouse, const QByteArray &app, QString *error)
{
    QByteArray site = readFile(QStringLiteral(NGINX_EXAMPLE));
    QByteArray tools = readFile(QStringLiteral(NGINX_OAUTH2_PROXY_EXAMPLE));
    if (!site.contains("server 127.0.0.1:3000;") || !site.contains("server 127.0.0.1:8080;") || site.count("listen 80;") != 2
        || tools.count("listen 80;") != 1) {
        *error = QStringLiteral("the nginx examples no longer have the addresses the test replaces");
        return false;
    }
    const QByteArray listen = "listen 127.0.0.1:" + QByteArray::number(m_port) + ';';
    site.replace("server 127.0.0.1:3000;", "server " + gatehouse + ';');
    site.replace("server 127.0.0.1:8080;", "server " + app + ';');
    site.replace("listen 80;", listen);
    // The oauth2-proxy style snippet beside it uses its upstreams.
    tools.replace("listen 80;", listen);
    const QByteArray prefix = m_dir.path().toUtf8();
    const QByteArray main = "daemon off;\nmaster_process off;\nworker_processes 1;\npid " + prefix + "/nginx.pid;\n"
        "error_log " + prefix + "/error.log warn;\nevents { worker_connections 64; }\n"
        "http {\n  access_log off;\n  client_body_temp_path " + prefix + "/body;\n  proxy_temp_path " + prefix + "/proxy;\n"
        "  fastcgi_temp_path " + prefix + "/fastcgi;\n  uwsgi_temp_path " + prefix + "/uwsgi;\n  scgi_temp_path " + prefix + "/scgi;\n"
        "  include " + prefix + "/forwardauth.conf;\n  include " + prefix + "/oauth2-proxy-style.conf;\n}\n";
    if (!replaceFile(m_dir.filePath(QStringLiteral("forwardauth.conf")), site)
        || !replaceFile(m_dir.filePath(QStringLiteral("oauth2-proxy-style.conf")), tools)
        || !replaceFile(m_dir.filePath(QStringLiteral("nginx.conf")), main)) {
        *error = QStringLiteral("cannot write nginx's configuration");
        return false;
    }
    m_proxyProcess.start(QStringLiteral(NGINX_PROGRAM), {QStringLiteral("-p"), m_dir.path(), QStringLiteral("-c"), m_dir.filePath(QStringLiteral("nginx.conf"))});
    return true;
}

// packaging/caddy/Caddyfile as it is, with its addresses replaced and global options (port,
// loopback, storage in the stack's folder) put in front.
bool ForwardAuthStack::startCaddy(const QByteArray &gatehouse, const QByteArray &app, QString *error)
{
    QByteArray site = readFile(QStringLiteral(CADDY_EXAMPLE));
    if (site.count(" 127.0.0.1:3000") != 2 || site.count(" 127.0.0.1:8080") != 1) {
        *error = QStringLiteral("the Caddyfile example no longer has the addresses the test replaces");
        return false;
    }
    site.replace(" 127.0.0.1:3000", ' ' + gatehouse);
    site.replace(" 127.0.0.1:8080", ' ' + app);
    const QByteArray prefix = m_dir.path().toUtf8();
    const QByteArray global = "{\n\tadmin off\n\tauto_https off\n\thttp_port " + QByteArray::number(m_port)
        + "\n\tdefault_bind 127.0.0.1\n\tstorage file_system " + prefix + "/caddy\n}\n\n";
    if (!replaceFile(m_dir.filePath(QStringLiteral("Caddyfile")), global + site)) {
        *error = QStringLiteral("cannot write the Caddyfile");
        return false;
    }
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), m_dir.path());
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("caddy")));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("caddy")));
    m_proxyProcess.setProcessEnvironment(env);
    m_proxyProcess.start(QStringLiteral(CADDY_PROGRAM), {QStringLiteral("run"), QStringLiteral("--adapter"), QStringLiteral("caddyfile"),
                                                         QStringLiteral("--config"), m_dir.filePath(QStringLiteral("Caddyfile"))});
    return true;
}

} // namespace Gatehouse::Testing
