#pragma once
/*! \file serverharness.h  gatehouse-server as a user runs it, for the integration tests: its
 *  commands run to completion, the server as a process on a free loopback port, and an HTTP
 *  client with a cookie jar that signs in through the credentials form. */
#include <QByteArray>
#include <QDeadlineTimer>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkCookie>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

class QNetworkReply;

namespace Gatehouse::Testing {

//! The outcome of one gatehouse-server command.
struct CommandResult
{
    int exitCode = -1;      //!< -1: did not start or finish in time
    QString out;
    QString err;
};

//! The AUTH_SECRET every command and server of the tests runs with.
QString serverSecret();

//! The environment commands and servers run with: a fixed AUTH_SECRET, no DATABASE_URL.
QProcessEnvironment serverEnvironment();

//! Runs `gatehouse-server \a arguments` with \a input on stdin (closed afterwards), at most 60 s.
CommandResult runServerCommand(const QStringList &arguments, const QByteArray &input = {},
                               const QProcessEnvironment &env = serverEnvironment());

//! A running gatehouse-server; its stderr (the log) is collected.
class ServerUnderTest
{
public:
    ServerUnderTest() = default;
    ~ServerUnderTest();   //!< SIGTERM, then SIGKILL after 5 s
    ServerUnderTest(const ServerUnderTest &) = delete;
    ServerUnderTest &operator=(const ServerUnderTest &) = delete;

    /*!
     * The free loopback port start() will listen on, chosen now: for configurations that must
     * name the server's address before it starts (an OpenID provider's redirect URI).
     */
    quint16 reservePort();
    //! Sets \a name to \a value in the server's environment (serverEnvironment() besides).
    void setEnvironment(const QString &name, const QString &value);
    /*!
     * Runs the server with no file larger than \a bytes (the soft RLIMIT_FSIZE, through prlimit,
     * so that `prlimit --pid` can lift it again without privileges), its SIGXFSZ ignored: a
     * write past the limit fails with EFBIG, as on a full disk.
     */
    void setFileSizeLimit(qint64 bytes) { m_fileSizeLimit = bytes; }
    //! Arguments start() passes after its own (e.g. --log-format json).
    void setExtraArguments(const QStringList &arguments) { m_extraArguments = arguments; }
    //! Sends the server's standard error to the file \a path (log() reads it from there).
    void setLogFile(const QString &path) { m_logFile = path; }
    //! Starts with `--config \a configFile --listen 127.0.0.1:<port> --threads 2` in the folder
    //! \a workingDirectory; true once the server logs that it listens (at most 15 s). The port is
    //! the reserved one, else the one of an earlier start, else port 0: the one the system gives.
    bool start(const QString &configFile, const QString &workingDirectory = {});
    quint16 port() const { return m_port; }
    //! The port of the last "\a label http://127.0.0.1:PORT" line logged (0 when none), e.g.
    //! loggedPort("metrics:") for a \c server.metricsListen of 127.0.0.1:0.
    quint16 loggedPort(const QString &label);
    QString baseUrl() const;
    //! Everything the server logged so far.
    QString log();
    //! Waits (at most \a timeoutMs) until the log contains \a text.
    bool waitForLog(const QString &text, int timeoutMs = 10000);
    //! Sends \a signalNumber to the server.
    void signal(int signalNumber);
    bool isRunning() const { return m_process.state() == QProcess::Running; }
    qint64 processId() const { return m_process.processId(); }

private:
    QProcess m_process;
    QProcessEnvironment m_environment = serverEnvironment();
    QStringList m_extraArguments;
    QString m_logFile;
    quint16 m_port = 0;
    qint64 m_fileSizeLimit = 0;
    QString m_log;
};

//! An HTTP client of one server, with its own cookie jar.
class Browser
{
public:
    explicit Browser(QString baseUrl);

    //! Status and body of a GET (redirects are not followed).
    std::pair<int, QByteArray> get(const QString &path);
    //! GET /auth/csrf, then a form POST to /auth/callback/\a provider with the token and
    //! \a fields; returns the Location of the answer (empty when there is none).
    QString signIn(const QString &provider, const QList<std::pair<QString, QString>> &fields);
    //! signIn() in two halves: the POST is sent, its answer is awaited by finishSignIn().
    QNetworkReply *beginSignIn(const QString &provider, const QList<std::pair<QString, QString>> &fields);
    QString finishSignIn(QNetworkReply *reply);
    //! POST /auth/signout with the CSRF token; returns the status.
    int signOut();
    //! A form POST to \a path with the CSRF token and \a fields; returns the status.
    int postForm(const QString &path, const QList<std::pair<QString, QString>> &fields);
    //! The user object of GET /auth/session, empty when signed out.
    QJsonObject sessionUser();
    //! Forgets every cookie.
    void clearCookies();
    //! The value of cookie \a name in the jar (empty when there is none).
    QString cookie(const QString &name);
    //! The cookies the server has set, as the browser would send them.
    QList<QNetworkCookie> cookies() const;
    //! cookies() as a Cookie header's value ("a=1; b=2"), for requests made without this browser.
    QByteArray cookieHeader() const;

private:
    QNetworkReply *wait(QNetworkReply *reply);
    //! Sends a form POST to \a path with the CSRF token of GET /auth/csrf and \a fields, as the
    //! pages' own forms send it (Sec-Fetch-Site: same-origin).
    QNetworkReply *postWithCsrf(const QString &path, const QList<std::pair<QString, QString>> &fields);

    QString m_base;
    QNetworkAccessManager m_nam;
};

/*!
 * A callbacks script for password sign-in with groups: `authorize` signs in the user of
 * \a users (an object keyed by username, each value the user: id, name, email, groups) whose
 * password is "good-password", and `jwt` copies the user's groups into the token.
 */
//! Runs the event loop until \a reply finishes, 15 s at most; returns \a reply.
QNetworkReply *waitForReply(QNetworkReply *reply);

QByteArray groupsCallbacksScript(const QJsonObject &users);
//! The credentials provider (username and password) that asks the script's `authorize`.
QJsonObject scriptCredentialsProvider();

//! The CSRF cookie and token of GET /auth/csrf, as a browser holds them, for raw requests.
struct CsrfPair
{
    QByteArray cookie;   //!< "authjs.csrf-token=...", ready for a Cookie header
    QByteArray token;    //!< the form field's value
};

//! GET /auth/csrf at the server on 127.0.0.1:\a port; both members empty when it did not answer.
CsrfPair fetchCsrf(quint16 port);

/*!
 * Waits (at most one window) until a window of \a windowMs has just begun; returns when it ends.
 * The store estimates its sliding window from windows aligned to multiples of the length
 * (storage/ratelimitwindow.h): attempts made late in one weigh less early in the next, so a burst
 * begun at a window's start keeps "inside the window" unambiguous until the deadline returned.
 */
QDeadlineTimer waitForRateLimitWindowStart(qint64 windowMs);

/*!
 * Calls \a attempt (numbered from 2) every 100 ms until it answers anything but \a limited, for at
 * most three windows of \a windowMs: a limit that lets go once its window has passed. Returns
 * the last answer.
 */
QString retryWhileLimited(qint64 windowMs, const QString &limited, const std::function<QString(int attempt)> &attempt);

//! Writes \a contents to \a path the way editors save: a temporary file renamed over it.
bool replaceFile(const QString &path, const QByteArray &contents);

//! The value of \a series (name and labels, as written) at the metrics listener on 127.0.0.1:\a
//! port; -1 when it did not answer within 5 s or has no such series.
double scrapeMetric(quint16 port, const QByteArray &series);

} // namespace Gatehouse::Testing
