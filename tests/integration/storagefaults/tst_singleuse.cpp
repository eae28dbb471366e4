// Single-use values used 100 times at once through gatehouse-server, database sessions, on
// SQLite, PostgreSQL and MariaDB: one email sign-in link, one WebAuthn challenge with its signed
// assertion, one OAuth authorization code (from a provider that would take the code again).
// Exactly one of the 100 signs in, and one session is stored; the provider is asked once.
#include "integration/server/serverharness.h"
#include "support/httpload.h"
#include "support/mariadbserver.h"
#include "support/postgresserver.h"
#include "support/sessioncount.h"
#include "softauthenticator.h"

#include <gatehouse/sqladapter.h>

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QUrlQuery>

#include <memory>

using namespace Gatehouse;
using namespace Gatehouse::Testing;
using Gatehouse::Test::SoftAuthenticator;

namespace {

constexpr int kRacers = 100;
const QByteArray kSessionCookie = "authjs.session-token";

template<typename T>
T await(QFuture<T> future)
{
    future.waitForFinished();
    return future.result();
}

/*!
 * An OAuth 2.0 provider on a free loopback port that takes any authorization code, as often as
 * it is sent (as a careless provider would): /token answers an access token, /userinfo Carol.
 * Served by the test thread's event loop; counts the token requests.
 */
class LenientProvider
{
public:
    LenientProvider()
    {
        m_server.listen(QHostAddress::LocalHost);
        QObject::connect(&m_server, &QTcpServer::newConnection, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                auto buffer = std::make_shared<QByteArray>();
                QObject::connect(socket, &QTcpSocket::readyRead, socket, [this, socket, buffer] {
                    *buffer += socket->readAll();
                    const qsizetype end = buffer->indexOf("\r\n\r\n");
                    if (end < 0)
                        return;
                    const QByteArray head = buffer->left(end).toLower();
                    const qsizetype at = head.indexOf("content-length:");
                    const qsizetype length = at < 0 ? 0 : head.mid(at + 15, head.indexOf('\n', at) - at - 15).trimmed().toLongLong();
                    if (buffer->size() < end + 4 + length)
                        return;
                    answer(socket, buffer->left(buffer->indexOf(' ', 5)));
                    buffer->clear();
                });
                QObject::connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
    }

    QString url(const QString &path) const { return QStringLiteral("http://127.0.0.1:%1%2").arg(m_server.serverPort()).arg(path); }
    int tokenRequests() const { return m_tokens; }

private:
    void answer(QTcpSocket *socket, const QByteArray &requestLine)
    {
        QJsonObject body;
        if (requestLine.startsWith("POST /token")) {
            ++m_tokens;
            body = {{"access_token", QStringLiteral("access-%1").arg(m_tokens)}, {"token_type", "bearer"}, {"expires_in", 3600}};
        } else if (requestLine.startsWith("GET /userinfo")) {
            body = {{"sub", "carol-1"}, {"id", "carol-1"}, {"name", "Carol"}, {"email", "carol@example.test"}};
        }
        const QByteArray json = QJsonDocument(body).toJson(QJsonDocument::Compact);
        socket->write((body.isEmpty() ? "HTTP/1.1 404 Not Found\r\n" : "HTTP/1.1 200 OK\r\n")
                      + QByteArray("Content-Type: application/json\r\nConnection: close\r\nContent-Length: ")
                      + QByteArray::number(json.size()) + "\r\n\r\n" + json);
        socket->disconnectFromHost();
    }

    QTcpServer m_server;
    int m_tokens = 0;
};

//! The cookies an answer sets, as "name=value" pairs (deletions left out).
QMap<QByteArray, QByteArray> cookiesOf(const LoadAnswer &answer)
{
    QMap<QByteArray, QByteArray> cookies;
    for (const QByteArray &set : answer.setCookies) {
        const QByteArray pair = set.left(set.indexOf(';'));
        const qsizetype equals = pair.indexOf('=');
        if (equals > 0 && equals + 1 < pair.size())
            cookies.insert(pair.left(equals), pair.mid(equals + 1));
    }
    return cookies;
}

//! A browser on the server: its cookies, its Host, its CSRF token.
struct Client
{
    quint16 port = 0;
    QByteArray host;
    QMap<QByteArray, QByteArray> cookies;

    QByteArray cookieHeader() const
    {
        QByteArrayList pairs;
        for (auto it = cookies.cbegin(); it != cookies.cend(); ++it)
            pairs.append(it.key() + '=' + it.value());
        return pairs.isEmpty() ? QByteArray() : "Cookie: " + pairs.join("; ") + "\r\n";
    }
    LoadRequest request(const QByteArray &method, const QByteArray &target, const QByteArray &form = {}) const
    {
        QByteArray headers = cookieHeader();
        if (!form.isEmpty())
            headers += "Content-Type: application/x-www-form-urlencoded\r\n";
        return {method, target, headers, form, host};
    }
    LoadAnswer send(const QByteArray &method, const QByteArray &target, const QByteArray &form = {})
    {
        const LoadAnswer answer = HttpLoad::send(port, request(method, target, form));
        cookies.insert(cookiesOf(answer));
        return answer;
    }
    QByteArray csrfToken()
    {
        return QJsonDocument::fromJson(send("GET", "/auth/csrf").body).object().value(QStringLiteral("csrfToken")).toString().toUtf8();
    }
};

QByteArray formValue(const QString &value)
{
    return QUrl::toPercentEncoding(value);
}

} // namespace

class TestSingleUse : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<PostgresServer> m_postgres;
    std::unique_ptr<MariaDbServer> m_mariadb;
    LenientProvider m_provider;

    //! The configuration: database sessions on \a databaseUrl, an email provider (its links are
    //! made by the test), passkeys, and the lenient OAuth provider.
    QString writeConfig(const QString &name, const QString &databaseUrl)
    {
        const QJsonObject config{
            {"basePath", "/auth"},
            {"trustHost", true},
            {"session", QJsonObject{{"strategy", "database"}}},
            {"adapter", QJsonObject{{"url", databaseUrl}}},
            {"rateLimit", QJsonObject{{"enabled", false}}},
            // The 100 racers all come from 127.0.0.1: the per-address connection limit (64 by
            // default) would close some before they send a byte.
            {"server", QJsonObject{{"maxConnectionsPerAddress", 0}}},
            {"experimental", QJsonObject{{"enableWebAuthn", true}}},
            {"providers",
             QJsonArray{QJsonObject{{"id", "email"}, {"type", "email"}, {"name", "Email"},
                                    // Port 9 (discard) on loopback: nothing is mailed.
                                    {"server", "smtp://127.0.0.1:9"}, {"from", "no-reply@example.test"}},
                        QJsonObject{{"id", "passkey"}, {"type", "webauthn"}, {"name", "Passkey"}},
                        QJsonObject{{"id", "corp"}, {"type", "oauth"}, {"name", "Corp"}, {"clientId", "gatehouse"},
                                    {"clientSecret", "corp-secret"}, {"authorization", m_provider.url("/authorize")},
                                    {"token", m_provider.url("/token")}, {"userinfo", m_provider.url("/userinfo")}}}},
        };
        const QString path = m_dir.filePath(name + QStringLiteral(".json"));
        replaceFile(path, QJsonDocument(config).toJson());
        return path;
    }

    /*!
     * Sends \a request kRacers times at once; checks that exactly one answer signs in (a
     * redirect to \a base with a session cookie) and the others end on an error page, and
     * returns the winner's session token.
     */
    static QByteArray race(quint16 port, const QByteArray &base, const LoadRequest &request, const char *what)
    {
        const QList<LoadAnswer> answers = HttpLoad::sendAtOnce(port, QList<LoadRequest>(kRacers, request), 60000);
        QByteArrayList winners;
        int refused = 0;
        for (const LoadAnswer &a : answers) {
            const QByteArray session = cookiesOf(a).value(kSessionCookie);
            if (a.status == 302 && a.location == base && !session.isEmpty())
                winners.append(session);
            else if (a.status == 302 && a.location.startsWith(base + "/auth/error?error=") && session.isEmpty())
                ++refused;
            else
                qWarning().noquote() << what << ": unexpected answer" << a.status << a.location << a.error << a.body.left(200);
        }
        qInfo("%s: %lld of %d signed in, %d refused", what, qint64(winners.size()), kRacers, refused);
        if (winners.size() != 1 || refused != kRacers - 1)
            return {};
        return winners.first();
    }

    void raceOn(const QString &name, const QString &databaseUrl)
    {
        const QString config = writeConfig(name, databaseUrl);
        ServerUnderTest server;
        QVERIFY(server.start(config, m_dir.path()));
        const QByteArray base = "http://localhost:" + QByteArray::number(server.port());
        SqlAdapter adapter(*SqlAdapterOptions::fromUrl(databaseUrl));

        // 1. One sign-in link, opened 100 times.
        {
            const QString email = QStringLiteral("linda@example.test");
            const QString token = QStringLiteral("race-token-%1").arg(name);
            const QString hash = QString::fromLatin1(
                QCryptographicHash::hash((token + serverSecret()).toUtf8(), QCryptographicHash::Sha256).toHex());
            QVERIFY(await(adapter.createVerificationToken({email, hash, QDateTime::currentDateTimeUtc().addSecs(600)})));
            Client client{server.port(), base.mid(7), {}};
            const QByteArray winner = race(server.port(), base,
                                           client.request("GET", "/auth/callback/email?token=" + formValue(token) + "&email="
                                                                     + formValue(email)),
                                           "sign-in link");
            QVERIFY(!winner.isEmpty());
            const auto user = await(adapter.getUserByEmail(email));
            QVERIFY(user);
            QCOMPARE(await(Test::countSessions(adapter, user->id)), qint64(1));
        }

        // 2. One WebAuthn challenge and its signed assertion, posted 100 times.
        {
            SoftAuthenticator passkey;
            passkey.origin = QString::fromLatin1(base);
            Client client{server.port(), base.mid(7), {}};
            QByteArray csrf = client.csrfToken();
            const QJsonObject registration =
                QJsonDocument::fromJson(client.send("GET", "/auth/webauthn-options/passkey?email=wanda%40example.test").body).object();
            QCOMPARE(registration.value("action").toString(), QStringLiteral("register"));
            const QJsonObject created = passkey.create(registration.value("options").toObject());
            const LoadAnswer registered = client.send(
                "POST", "/auth/callback/passkey",
                "csrfToken=" + csrf + "&action=register&data="
                    + formValue(QString::fromUtf8(QJsonDocument(created).toJson(QJsonDocument::Compact))));
            QCOMPARE(registered.location, base);

            Client other{server.port(), base.mid(7), {}};
            csrf = other.csrfToken();
            const QJsonObject login =
                QJsonDocument::fromJson(other.send("GET", "/auth/webauthn-options/passkey?action=authenticate").body).object();
            QCOMPARE(login.value("action").toString(), QStringLiteral("authenticate"));
            const QJsonObject assertion = passkey.get(login.value("options").toObject());
            const QByteArray winner = race(
                server.port(), base,
                other.request("POST", "/auth/callback/passkey",
                              "csrfToken=" + csrf + "&action=authenticate&data="
                                  + formValue(QString::fromUtf8(QJsonDocument(assertion).toJson(QJsonDocument::Compact)))),
                "WebAuthn challenge");
            QVERIFY(!winner.isEmpty());
            const auto user = await(adapter.getUserByEmail(QStringLiteral("wanda@example.test")));
            QVERIFY(user);
            QCOMPARE(await(Test::countSessions(adapter, user->id)), qint64(2));  // the registration's and the race's
        }

        // 3. One OAuth authorization code, brought back 100 times.
        {
            Client client{server.port(), base.mid(7), {}};
            const QByteArray csrf = client.csrfToken();
            const LoadAnswer start = client.send("POST", "/auth/signin/corp", "csrfToken=" + csrf);
            QVERIFY2(start.location.startsWith(m_provider.url("/authorize").toUtf8()), start.location.constData());
            const QUrlQuery authorize(QUrl(QString::fromUtf8(start.location)));
            QByteArray target = "/auth/callback/corp?code=code-of-" + name.toUtf8();
            if (authorize.hasQueryItem(QStringLiteral("state")))
                target += "&state=" + formValue(authorize.queryItemValue(QStringLiteral("state"), QUrl::FullyDecoded));
            const int before = m_provider.tokenRequests();
            const QByteArray winner = race(server.port(), base, client.request("GET", target), "OAuth code");
            QVERIFY(!winner.isEmpty());
            QCOMPARE(m_provider.tokenRequests() - before, 1);
            const auto user = await(adapter.getUserByEmail(QStringLiteral("carol@example.test")));
            QVERIFY(user);
            QCOMPARE(await(Test::countSessions(adapter, user->id)), qint64(1));
        }
        QVERIFY(server.isRunning());
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void sqlite()
    {
        const QString file = m_dir.filePath(QStringLiteral("race.db"));
        raceOn(QStringLiteral("sqlite"), QStringLiteral("sqlite://") + file);
    }

    void postgresql()
    {
        if (const QString why = PostgresServer::unavailableReason(); !why.isEmpty())
            QSKIP(qPrintable(why));
        m_postgres = std::make_unique<PostgresServer>();
        QString error;
        QVERIFY2(m_postgres->start(&error), qPrintable(error));
        QVERIFY2(m_postgres->createDatabase(QStringLiteral("race"), &error), qPrintable(error));
        raceOn(QStringLiteral("postgresql"), m_postgres->url(QStringLiteral("race")));
    }

    void mariadb()
    {
        if (const QString why = MariaDbServer::unavailableReason(); !why.isEmpty())
            QSKIP(qPrintable(why));
        m_mariadb = std::make_unique<MariaDbServer>();
        QString error;
        QVERIFY2(m_mariadb->start(&error), qPrintable(error));
        QVERIFY2(m_mariadb->createDatabase(QStringLiteral("race"), &error), qPrintable(error));
        raceOn(QStringLiteral("mariadb"), m_mariadb->url(QStringLiteral("race")));
    }
};

QTEST_GUILESS_MAIN(TestSingleUse)
#include "tst_singleuse.moc"
