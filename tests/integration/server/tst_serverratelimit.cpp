// Parallel wrong passwords against gatehouse-server with the built-in passwords (issue 33): 50
// POSTs to /auth/callback/credentials for one person at the same moment, each from its own client
// address (X-Forwarded-For through a trusted proxy, so the per-address limit never applies), on a
// SQLite file, on PostgreSQL, and spread over two servers on one PostgreSQL. Each attempt is counted
// before its password is checked: at most rateLimit.maxFailuresPerIdentifier are checked (answered
// code=credentials, audited so), the rest answer code=rate_limited without touching the hash; the
// right password is then refused, and accepted once the (6 s) window has passed. The same for
// the account page's password change: 50 wrong current passwords at once from a signed-in browser.
#include "serverharness.h"
#include "support/httpload.h"
#include "support/postgresserver.h"

#include <gatehouse/auditstore.h>
#include <gatehouse/sqladapter.h>

#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <memory>

using namespace Gatehouse;
using namespace Gatehouse::Testing;

namespace {

constexpr int kGuesses = 50;
constexpr int kLimit = 5;
// Long enough that a burst on a loaded machine ends well inside it (2 s was not, under ctest -j2
// beside a build); the check after the burst asserts that it did.
constexpr qint64 kWindowMs = 6000;
const QString kEmail = QStringLiteral("bob@example.test");
const QString kPassword = QStringLiteral("bobs-right-password");

// (No raw string literal here: moc would take the "//" of a URL for a comment.)
QByteArray serverConfig(const QString &databaseUrl)
{
    const QJsonObject provider{{"id", "credentials"}, {"type", "credentials"}, {"name", "Password"}, {"authorize", "builtin"}};
    const QJsonObject config{
        {"basePath", "/auth"},
        {"trustHost", true},
        {"adapter", QJsonObject{{"url", databaseUrl}}},
        {"session", QJsonObject{{"strategy", "database"}}},
        {"rateLimit", QJsonObject{{"maxFailuresPerIdentifier", kLimit}, {"windowSeconds", kWindowMs / 1000}}},
        // The test plays the proxy in front of the servers, and names each client's address.
        {"trustedProxies", QJsonArray{"127.0.0.1"}},
        {"providers", QJsonArray{provider}},
    };
    return QJsonDocument(config).toJson();
}

//! A sign-in form POST for kEmail with \a password from the client at \a address, to \a port.
LoadRequest signInRequest(const CsrfPair &csrf, const QString &password, const QByteArray &address, quint16 port)
{
    LoadRequest post;
    post.method = "POST";
    post.target = "/auth/callback/credentials";
    post.port = port;
    post.headers = "Content-Type: application/x-www-form-urlencoded\r\nSec-Fetch-Site: same-origin\r\nCookie: " + csrf.cookie
        + "\r\nX-Forwarded-For: " + address + "\r\n";
    post.body = "csrfToken=" + csrf.token + "&email=" + QUrl::toPercentEncoding(kEmail) + "&password="
        + QUrl::toPercentEncoding(password);
    return post;
}

//! The account page's password change for the browser holding \a session, as the form posts it.
LoadRequest passwordChangeRequest(const CsrfPair &csrf, const QByteArray &session, const QString &current,
                                  const QByteArray &address, quint16 port)
{
    LoadRequest post;
    post.method = "POST";
    post.target = "/auth/account";
    post.port = port;
    post.headers = "Content-Type: application/x-www-form-urlencoded\r\nSec-Fetch-Site: same-origin\r\nCookie: " + csrf.cookie
        + "; " + session + "\r\nX-Forwarded-For: " + address + "\r\n";
    post.body = "csrfToken=" + csrf.token + "&action=changePassword&currentPassword=" + QUrl::toPercentEncoding(current)
        + "&newPassword=a%20new%20passphrase&confirmPassword=a%20new%20passphrase";
    return post;
}

//! The account page's notice after a password change ("passwordIncorrect", ...), or the oddity.
QString notice(const LoadAnswer &answer, quint16 port)
{
    const QByteArray page = "http://127.0.0.1:" + QByteArray::number(port) + "/auth/account?notice=";
    if (answer.status == 302 && answer.location.startsWith(page))
        return QString::fromLatin1(answer.location.mid(page.size()));
    return QStringLiteral("%1 %2 %3").arg(answer.status).arg(QString::fromLatin1(answer.location), answer.error);
}

//! What the sign-in form's answer says: "credentials", "rate_limited", "signed-in", or the oddity.
QString outcome(const LoadAnswer &answer, quint16 port)
{
    const QByteArray base = "http://127.0.0.1:" + QByteArray::number(port);
    const QByteArray refused = base + "/auth/signin?error=CredentialsSignin&code=";
    if (answer.status == 302 && answer.location.startsWith(refused))
        return QString::fromLatin1(answer.location.mid(refused.size()));
    if (answer.status == 302 && answer.location == base)
        return QStringLiteral("signed-in");
    return QStringLiteral("%1 %2 %3").arg(answer.status).arg(QString::fromLatin1(answer.location), answer.error);
}

} // namespace

class TestServerRateLimit : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<PostgresServer> m_pg;
    QString m_pgUnavailable;
    int m_databases = 0;

    //! A fresh database on \a backend, migrated, with Bob and his password; its URL, empty on failure.
    QString prepareDatabase(const QString &backend, QString *config)
    {
        const QString name = QStringLiteral("ratelimit%1").arg(++m_databases);
        QString url;
        if (backend == QLatin1String("postgresql")) {
            QString error;
            if (!m_pg->createDatabase(name, &error)) {
                qWarning("%s", qPrintable(error));
                return {};
            }
            url = m_pg->url(name);
        } else {
            url = QStringLiteral("sqlite://") + m_dir.filePath(name + QStringLiteral(".db"));
        }
        *config = m_dir.filePath(name + QStringLiteral(".json"));
        if (!replaceFile(*config, serverConfig(url)))
            return {};
        const CommandResult migrated = runServerCommand({QStringLiteral("migrate"), QStringLiteral("--config"), *config});
        if (migrated.exitCode != 0) {
            qWarning("migrate: %s", qPrintable(migrated.err));
            return {};
        }
        const CommandResult added = runServerCommand(
            {QStringLiteral("user"), QStringLiteral("add"), kEmail, QStringLiteral("--password-stdin"), QStringLiteral("--config"), *config},
            kPassword.toUtf8() + '\n');
        if (added.exitCode != 0) {
            qWarning("user add: %s", qPrintable(added.err));
            return {};
        }
        return url;
    }

    // This row's servers on one fresh database, and the CSRF pair they all accept (they share the secret).
    std::vector<std::unique_ptr<ServerUnderTest>> m_running;
    QList<quint16> m_ports;
    QString m_url;
    CsrfPair m_csrf;

    //! Starts the row's servers; false when the row is skipped or failed (said so already).
    bool startRow()
    {
        QFETCH(QString, backend);
        QFETCH(int, servers);
        m_running.clear();
        m_ports.clear();
        if (backend == QLatin1String("postgresql") && !m_pg) {
            QTest::qSkip(qPrintable(m_pgUnavailable), __FILE__, __LINE__);
            return false;
        }
        QString config;
        m_url = prepareDatabase(backend, &config);
        if (m_url.isEmpty()) {
            QTest::qFail("the database could not be prepared", __FILE__, __LINE__);
            return false;
        }
        for (int i = 0; i < servers; ++i) {
            m_running.push_back(std::make_unique<ServerUnderTest>());
            if (!m_running.back()->start(config)) {
                QTest::qFail(qPrintable(m_running.back()->log()), __FILE__, __LINE__);
                return false;
            }
            m_ports.append(m_running.back()->port());
        }
        m_csrf = fetchCsrf(m_ports.first());
        if (m_csrf.cookie.isEmpty() || m_csrf.token.isEmpty()) {
            QTest::qFail("GET /auth/csrf gave no token", __FILE__, __LINE__);
            return false;
        }
        return true;
    }

    void backendsAndServers()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<int>("servers");
        QTest::newRow("sqlite, one server") << QStringLiteral("sqlite") << 1;
        QTest::newRow("postgresql, one server") << QStringLiteral("postgresql") << 1;
        QTest::newRow("postgresql, two servers") << QStringLiteral("postgresql") << 2;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_pgUnavailable = PostgresServer::unavailableReason();
        if (!m_pgUnavailable.isEmpty())
            return;
        m_pg = std::make_unique<PostgresServer>();
        QString error;
        QVERIFY2(m_pg->start(&error), qPrintable(error));
    }

    void cleanup()
    {
        m_running.clear();   // each row's servers stop with it
        m_ports.clear();
    }

    void parallelWrongPasswords_data() { backendsAndServers(); }

    void parallelWrongPasswords()
    {
        if (!startRow())
            return;
        const QList<quint16> &ports = m_ports;
        const CsrfPair &csrf = m_csrf;

        // 127.0.3.2 ... 127.0.3.51, each with another wrong password, spread over the servers.
        QList<LoadRequest> burst;
        for (int i = 0; i < kGuesses; ++i) {
            burst.append(signInRequest(csrf, QStringLiteral("wrong password %1").arg(i),
                                       "127.0.3." + QByteArray::number(i + 2), ports.at(i % ports.size())));
        }
        const QDeadlineTimer windowEnds = waitForRateLimitWindowStart(kWindowMs);
        const QList<LoadAnswer> answers = HttpLoad::sendAtOnce(ports.first(), burst, 30000);
        QMap<QString, int> outcomes;
        for (int i = 0; i < answers.size(); ++i)
            ++outcomes[outcome(answers.at(i), ports.at(i % ports.size()))];
        const int checked = outcomes.value(QStringLiteral("credentials"));
        QVERIFY2(checked >= 1 && checked <= kLimit, qPrintable(QDebug::toString(outcomes)));
        QCOMPARE(outcomes.value(QStringLiteral("rate_limited")), kGuesses - checked);
        qInfo().noquote() << "answers to the burst:" << QDebug::toString(outcomes);

        // The right password, inside the window, from yet another address: refused.
        QVERIFY2(windowEnds.remainingTime() > 1000,
                 qPrintable(QStringLiteral("the burst ended %1 ms before the window: too late to tell a refusal from its end")
                                .arg(windowEnds.remainingTime())));
        const quint16 last = ports.last();
        QCOMPARE(outcome(HttpLoad::send(last, signInRequest(csrf, kPassword, "127.0.4.1", last)), last),
                 QStringLiteral("rate_limited"));

        // The audit log agrees: one signInFailed per answer, with the same codes (the right
        // password's refusal among them).
        std::shared_ptr<SqlAdapter> adapter(SqlAdapter::fromUrl(m_url));
        QVERIFY(adapter);
        const auto audited = [&](const QString &code) {
            AuditFilter filter;
            filter.type = QStringLiteral("signInFailed");
            int n = 0;
            for (const AuditEvent &event : adapter->auditEvents(filter, 500).result())
                n += event.detail.value(QStringLiteral("code")).toString() == code ? 1 : 0;
            return n;
        };
        QTRY_COMPARE_WITH_TIMEOUT(audited(QStringLiteral("credentials")) + audited(QStringLiteral("rate_limited")), kGuesses + 1, 5000);
        QCOMPARE(audited(QStringLiteral("credentials")), checked);

        // And accepted once the window has passed.
        QCOMPARE(retryWhileLimited(kWindowMs, QStringLiteral("rate_limited"), [&](int n) {
                     return outcome(HttpLoad::send(last, signInRequest(csrf, kPassword, "127.0.4." + QByteArray::number(n), last)), last);
                 }),
                 QStringLiteral("signed-in"));
    }

    void parallelPasswordChanges_data() { backendsAndServers(); }
    void parallelPasswordChanges()
    {
        if (!startRow())
            return;
        const QList<quint16> &ports = m_ports;
        const CsrfPair &csrf = m_csrf;
        // Bob signs in once; his (database) session is known to every server.
        const LoadAnswer signedIn = HttpLoad::send(ports.first(), signInRequest(csrf, kPassword, "127.0.7.1", ports.first()));
        QCOMPARE(outcome(signedIn, ports.first()), QStringLiteral("signed-in"));
        QByteArray session;
        for (const QByteArray &setCookie : signedIn.setCookies) {
            if (setCookie.startsWith("authjs.session-token="))
                session = setCookie.left(setCookie.indexOf(';'));
        }
        QVERIFY(!session.isEmpty());

        // 50 guesses of his current password at once, each from its own address, over the servers.
        QList<LoadRequest> burst;
        for (int i = 0; i < kGuesses; ++i) {
            burst.append(passwordChangeRequest(csrf, session, QStringLiteral("wrong password %1").arg(i),
                                               "127.0.8." + QByteArray::number(i + 2), ports.at(i % ports.size())));
        }
        const QDeadlineTimer windowEnds = waitForRateLimitWindowStart(kWindowMs);
        const QList<LoadAnswer> answers = HttpLoad::sendAtOnce(ports.first(), burst, 30000);
        QMap<QString, int> notices;
        for (int i = 0; i < answers.size(); ++i)
            ++notices[notice(answers.at(i), ports.at(i % ports.size()))];
        qInfo().noquote() << "answers to the burst:" << QDebug::toString(notices);
        const int checked = notices.value(QStringLiteral("passwordIncorrect"));
        QVERIFY2(checked >= 1 && checked <= kLimit, qPrintable(QDebug::toString(notices)));
        QCOMPARE(notices.value(QStringLiteral("tooManyAttempts")), kGuesses - checked);

        // The right current password inside the window: refused too, and nothing changed.
        QVERIFY2(windowEnds.remainingTime() > 1000,
                 qPrintable(QStringLiteral("the burst ended %1 ms before the window: too late to tell a refusal from its end")
                                .arg(windowEnds.remainingTime())));
        const quint16 last = ports.last();
        QCOMPARE(notice(HttpLoad::send(last, passwordChangeRequest(csrf, session, kPassword, "127.0.9.1", last)), last),
                 QStringLiteral("tooManyAttempts"));
        // The audit log has a failure for each password checked, none for those refused unchecked.
        std::shared_ptr<SqlAdapter> adapter(SqlAdapter::fromUrl(m_url));
        QVERIFY(adapter);
        AuditFilter failures;
        failures.type = QStringLiteral("passwordChangeFailed");
        QTRY_COMPARE_WITH_TIMEOUT(adapter->auditEvents(failures, 500).result().size(), checked, 5000);

        // Once the window has passed it is changed.
        QCOMPARE(retryWhileLimited(kWindowMs, QStringLiteral("tooManyAttempts"), [&](int n) {
                     return notice(HttpLoad::send(last, passwordChangeRequest(csrf, session, kPassword, "127.0.9." + QByteArray::number(n), last)),
                                   last);
                 }),
                 QStringLiteral("passwordChanged"));
    }
};

QTEST_GUILESS_MAIN(TestServerRateLimit)
#include "tst_serverratelimit.moc"
