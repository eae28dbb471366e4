#include "serverharness.h"

#include "support/httpload.h"
#include "support/serverprocess.h"

#include <QDateTime>
#include <QDeadlineTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkCookie>
#include <QNetworkCookieJar>
#include <QNetworkReply>
#include <QSaveFile>
#include <QTcpSocket>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <QUrlQuery>

#include <csignal>

namespace Gatehouse::Testing {

QString serverSecret()
{
    return QStringLiteral("gatehouse-server-integration-secret-0123456789");
}

QProcessEnvironment serverEnvironment()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("AUTH_SECRET"), serverSecret());
    env.remove(QStringLiteral("DATABASE_URL"));
    env.remove(QStringLiteral("AUTH_URL"));
    return env;
}

namespace {

// The decimal port at \a at in \a text (as the server logs "http://127.0.0.1:PORT"); 0 if none.
quint16 portAt(const QString &text, qsizetype at)
{
    qsizetype end = at;
    while (end < text.size() && end - at < 5 && text.at(end).isDigit())
        ++end;
    bool ok = false;
    const uint port = QStringView(text).mid(at, end - at).toUInt(&ok);
    return ok && port <= 65535 ? quint16(port) : 0;
}

} // namespace

CommandResult runServerCommand(const QStringList &arguments, const QByteArray &input, const QProcessEnvironment &env)
{
    QProcess process;
    process.setProcessEnvironment(env);
    prepareChild(process, std::nullopt);
    process.start(QStringLiteral(GATEHOUSE_SERVER), arguments);
    CommandResult result;
    if (!process.waitForStarted(10000))
        return result;
    if (!input.isEmpty())
        process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(60000)) {
        process.kill();
        process.waitForFinished(5000);
        result.err = QStringLiteral("(timed out)");
        return result;
    }
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    if (process.exitStatus() == QProcess::NormalExit)
        result.exitCode = process.exitCode();
    return result;
}

ServerUnderTest::~ServerUnderTest()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.terminate();
    if (!m_process.waitForFinished(5000)) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

quint16 ServerUnderTest::reservePort()
{
    if (m_port == 0)
        m_port = freeLoopbackPort();
    return m_port;
}

void ServerUnderTest::setEnvironment(const QString &name, const QString &value)
{
    m_environment.insert(name, value);
}

bool ServerUnderTest::start(const QString &configFile, const QString &workingDirectory)
{
    const qsizetype from = m_logFile.isEmpty() ? log().size() : 0;  // what an earlier run logged; a log file starts anew
    m_process.setProcessEnvironment(m_environment);
    if (!workingDirectory.isEmpty())
        m_process.setWorkingDirectory(workingDirectory);
    prepareChild(m_process, std::nullopt);
    if (!m_logFile.isEmpty())
        m_process.setStandardErrorFile(m_logFile);
    const QStringList arguments = QStringList{QStringLiteral("--config"), configFile, QStringLiteral("--listen"),
                                              QStringLiteral("127.0.0.1:%1").arg(m_port), QStringLiteral("--threads"),
                                              QStringLiteral("2")}
        + m_extraArguments;
    if (m_fileSizeLimit > 0) {
        // An ignored signal stays ignored across exec.
        m_process.start(QStringLiteral("/bin/sh"),
                        QStringList{QStringLiteral("-c"),
                                    QStringLiteral("trap '' XFSZ; exec prlimit --fsize=%1:unlimited -- \"$0\" \"$@\"").arg(m_fileSizeLimit),
                                    QStringLiteral(GATEHOUSE_SERVER)}
                            + arguments);
    } else {
        m_process.start(QStringLiteral(GATEHOUSE_SERVER), arguments);
    }
    if (!m_process.waitForStarted(10000))
        return false;
    // Up when this process says it listens, on which port: a port chosen before the start could
    // be taken by another test's process in between (tests run in parallel), so without a
    // reserved one the server binds port 0 and names the port the system gave it.
    const QString listening = QStringLiteral("listening on http://127.0.0.1:");
    const QDeadlineTimer deadline(15000);
    while (!deadline.hasExpired() && m_process.state() == QProcess::Running) {
        const QString logged = log();
        if (const qsizetype at = logged.indexOf(listening, from); at >= 0) {
            const quint16 port = portAt(logged, at + listening.size());
            if (port != 0 && (m_port == 0 || port == m_port)) {
                m_port = port;
                return true;
            }
        }
        if (m_logFile.isEmpty())
            m_process.waitForReadyRead(100);
        else
            QTest::qWait(50);
    }
    qWarning().noquote() << "gatehouse-server did not come up:\n" << log();
    return false;
}

quint16 ServerUnderTest::loggedPort(const QString &label)
{
    const QString logged = log();
    const QString prefix = label + QStringLiteral(" http://127.0.0.1:");
    const qsizetype at = logged.lastIndexOf(prefix);
    return at < 0 ? 0 : portAt(logged, at + prefix.size());
}

QString ServerUnderTest::baseUrl() const
{
    return QStringLiteral("http://127.0.0.1:%1").arg(m_port);
}

QString ServerUnderTest::log()
{
    if (!m_logFile.isEmpty()) {
        QFile file(m_logFile);
        return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
    }
    m_log += QString::fromUtf8(m_process.readAllStandardError()) + QString::fromUtf8(m_process.readAllStandardOutput());
    return m_log;
}

bool ServerUnderTest::waitForLog(const QString &text, int timeoutMs)
{
    const QDeadlineTimer deadline(timeoutMs);
    while (!log().contains(text)) {
        if (deadline.hasExpired() || m_process.state() != QProcess::Running)
            return false;
        if (m_logFile.isEmpty())
            m_process.waitForReadyRead(100);
        else
            QTest::qWait(50);
    }
    return true;
}

void ServerUnderTest::signal(int signalNumber)
{
    ::kill(pid_t(m_process.processId()), signalNumber);
}

Browser::Browser(QString baseUrl) : m_base(std::move(baseUrl))
{
    clearCookies();
}

void Browser::clearCookies()
{
    m_nam.setCookieJar(new QNetworkCookieJar(&m_nam));
}

QString Browser::cookie(const QString &name)
{
    for (const QNetworkCookie &c : m_nam.cookieJar()->cookiesForUrl(QUrl(m_base + QStringLiteral("/auth/session")))) {
        if (c.name() == name.toUtf8())
            return QString::fromUtf8(c.value());
    }
    return {};
}

QList<QNetworkCookie> Browser::cookies() const
{
    return m_nam.cookieJar()->cookiesForUrl(QUrl(m_base + QStringLiteral("/auth/")));
}

QByteArray Browser::cookieHeader() const
{
    QByteArrayList pairs;
    for (const QNetworkCookie &c : cookies())
        pairs.append(c.name() + '=' + c.value());
    return pairs.join("; ");
}

QNetworkReply *waitForReply(QNetworkReply *reply)
{
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(15000, &loop, &QEventLoop::quit);
    if (!reply->isFinished())
        loop.exec();
    return reply;
}

QNetworkReply *Browser::wait(QNetworkReply *reply)
{
    return waitForReply(reply);
}

std::pair<int, QByteArray> Browser::get(const QString &path)
{
    QNetworkRequest request(QUrl(m_base + path));
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    std::unique_ptr<QNetworkReply> reply(wait(m_nam.get(request)));
    return {reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), reply->readAll()};
}

QString Browser::signIn(const QString &provider, const QList<std::pair<QString, QString>> &fields)
{
    return finishSignIn(beginSignIn(provider, fields));
}

QString Browser::finishSignIn(QNetworkReply *pending)
{
    std::unique_ptr<QNetworkReply> reply(wait(pending));
    return QString::fromUtf8(reply->rawHeader("Location"));
}

QNetworkReply *Browser::beginSignIn(const QString &provider, const QList<std::pair<QString, QString>> &fields)
{
    return postWithCsrf(QStringLiteral("/auth/callback/") + provider, fields);
}

int Browser::signOut()
{
    return postForm(QStringLiteral("/auth/signout"), {});
}

int Browser::postForm(const QString &path, const QList<std::pair<QString, QString>> &fields)
{
    std::unique_ptr<QNetworkReply> reply(wait(postWithCsrf(path, fields)));
    return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
}

QNetworkReply *Browser::postWithCsrf(const QString &path, const QList<std::pair<QString, QString>> &fields)
{
    const QString token =
        QJsonDocument::fromJson(get(QStringLiteral("/auth/csrf")).second).object().value(QStringLiteral("csrfToken")).toString();
    QUrlQuery form;
    form.addQueryItem(QStringLiteral("csrfToken"), token);
    for (const auto &[name, value] : fields)
        form.addQueryItem(name, QString::fromLatin1(QUrl::toPercentEncoding(value)));
    QNetworkRequest request(QUrl(m_base + path));
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/x-www-form-urlencoded"));
    request.setRawHeader("Sec-Fetch-Site", "same-origin");  // as the pages' own forms
    return m_nam.post(request, form.toString(QUrl::FullyEncoded).toUtf8());
}

QJsonObject Browser::sessionUser()
{
    return QJsonDocument::fromJson(get(QStringLiteral("/auth/session")).second).object().value(QStringLiteral("user")).toObject();
}

QByteArray groupsCallbacksScript(const QJsonObject &users)
{
    return "const users = " + QJsonDocument(users).toJson(QJsonDocument::Compact) + R"(;
function authorize(credentials, request) {
  if (credentials.password !== "good-password" || !users.hasOwnProperty(credentials.username))
    return null;
  return users[credentials.username];
}
function jwt(params) {
  if (params.user)
    params.token.groups = params.user.groups;
  return params.token;
}
)";
}

QJsonObject scriptCredentialsProvider()
{
    const QJsonObject text{{"type", "text"}};
    const QJsonObject password{{"type", "password"}};
    return QJsonObject{{"id", "credentials"}, {"type", "credentials"}, {"name", "Password"}, {"authorize", "authorize"},
                       {"credentials", QJsonObject{{"username", text}, {"password", password}}}};
}

bool replaceFile(const QString &path, const QByteArray &contents)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    file.write(contents);
    return file.commit();
}

double scrapeMetric(quint16 port, const QByteArray &series)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    if (!socket.waitForConnected(2000))
        return -1;
    socket.write("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    QByteArray received;
    (void)QTest::qWaitFor([&] {
        received += socket.readAll();
        return socket.state() == QAbstractSocket::UnconnectedState;
    }, 5000);
    received += socket.readAll();
    for (const QByteArray &line : received.split('\n')) {
        if (line.startsWith(series + ' '))
            return line.mid(series.size() + 1).toDouble();
    }
    return -1;
}

CsrfPair fetchCsrf(quint16 port)
{
    LoadRequest get;
    get.target = "/auth/csrf";
    const LoadAnswer answer = HttpLoad::send(port, get);
    CsrfPair csrf;
    csrf.token = QJsonDocument::fromJson(answer.body).object().value(QStringLiteral("csrfToken")).toString().toLatin1();
    for (const QByteArray &setCookie : answer.setCookies) {
        if (setCookie.startsWith("authjs.csrf-token="))
            csrf.cookie = setCookie.left(setCookie.indexOf(';'));
    }
    return csrf;
}

QDeadlineTimer waitForRateLimitWindowStart(qint64 windowMs)
{
    QDeadlineTimer deadline(windowMs + 500);
    while (!deadline.hasExpired() && QDateTime::currentMSecsSinceEpoch() % windowMs > 100)
        QThread::msleep(5);
    return QDeadlineTimer(windowMs - QDateTime::currentMSecsSinceEpoch() % windowMs);
}

QString retryWhileLimited(qint64 windowMs, const QString &limited, const std::function<QString(int attempt)> &attempt)
{
    QDeadlineTimer deadline(3 * windowMs);
    QString answer;
    for (int n = 2; n < 1000 && !deadline.hasExpired(); ++n) {
        answer = attempt(n);
        if (answer != limited)
            break;
        QThread::msleep(100);
    }
    return answer;
}

} // namespace Gatehouse::Testing
