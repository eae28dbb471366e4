// gatehouse-server picks up a changed configuration while it serves: a file saved the way
// editors save (a new file renamed over the old one) and SIGHUP; an invalid file is logged with
// its key paths and the old configuration keeps serving; a kept-alive connection stays open and
// its next request sees the new configuration; settings that need a restart say so.
#include "serverharness.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QNetworkReply>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace Gatehouse::Testing;

namespace {

QByteArray config(const QString &providerName, const QString &extra = {})
{
    return QStringLiteral(R"({
  "basePath": "/auth", "trustHost": true,
  "session": {"strategy": "jwt"},
  "providers": [{"id": "credentials", "type": "credentials", "name": "%1", "authorize": "builtin"}],
  "adapter": {"url": "sqlite:gatehouse.db"}%2
})").arg(providerName, extra).toUtf8();
}

//! One HTTP/1.1 keep-alive connection that sends GET requests and reads whole responses.
class KeepAlive
{
public:
    explicit KeepAlive(quint16 port)
    {
        m_socket.connectToHost(QHostAddress::LocalHost, port);
        m_socket.waitForConnected(5000);
    }
    bool isOpen() const { return m_socket.state() == QAbstractSocket::ConnectedState; }
    //! The body of GET \a path, or an empty array when no complete response came.
    QByteArray get(const QString &path)
    {
        m_socket.write(QStringLiteral("GET %1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n").arg(path).toLatin1());
        QByteArray data;
        for (int i = 0; i < 100; ++i) {   // at most ~10 s
            if (!m_socket.bytesAvailable() && !m_socket.waitForReadyRead(100))
                continue;
            data += m_socket.readAll();
            const qsizetype end = data.indexOf("\r\n\r\n");
            if (end < 0)
                continue;
            const QByteArray head = data.left(end).toLower();
            const qsizetype at = head.indexOf("content-length:");
            if (at < 0)
                return {};
            const int length = head.mid(at + 15, head.indexOf("\r\n", at) - at - 15).trimmed().toInt();
            if (data.size() >= end + 4 + length)
                return data.mid(end + 4, length);
        }
        return {};
    }

private:
    QTcpSocket m_socket;
};

QString providerName(const QByteArray &providersJson)
{
    return QJsonDocument::fromJson(providersJson).object().value(QStringLiteral("credentials")).toObject()
        .value(QStringLiteral("name")).toString();
}

} // namespace

class TestServerReload : public QObject
{
    Q_OBJECT

    //! Polls GET /auth/providers (at most ~10 s) until the provider is called \a name.
    static bool waitForName(Browser &browser, const QString &name)
    {
        for (int i = 0; i < 50; ++i) {
            if (providerName(browser.get(QStringLiteral("/auth/providers")).second) == name)
                return true;
            QTest::qWait(200);
        }
        return false;
    }

private Q_SLOTS:
    void fileChangesApplyWithoutRestart()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("gatehouse.json"));
        QVERIFY(replaceFile(file, config(QStringLiteral("Password"))));
        ServerUnderTest server;
        QVERIFY(server.start(file, dir.path()));
        Browser browser(server.baseUrl());
        KeepAlive connection(server.port());
        QCOMPARE(providerName(connection.get(QStringLiteral("/auth/providers"))), QStringLiteral("Password"));

        // Saved by renaming a new file over the old one: a new name, and a limit that needs a restart.
        QVERIFY(replaceFile(file, config(QStringLiteral("Passwort"), QStringLiteral(R"(, "server": {"maxConnections": 500})"))));
        QVERIFY2(waitForName(browser, QStringLiteral("Passwort")), qPrintable(server.log()));
        QVERIFY(server.waitForLog(QStringLiteral("configuration reloaded")));
        QVERIFY2(server.log().contains(QLatin1String("server connection limits changed")), qPrintable(server.log()));
        QVERIFY(server.log().contains(QLatin1String("restart")));
        // The connection opened before the reload is still open and sees the new configuration.
        QVERIFY(connection.isOpen());
        QCOMPARE(providerName(connection.get(QStringLiteral("/auth/providers"))), QStringLiteral("Passwort"));

        // An invalid file: every problem logged with its key path, the old configuration kept.
        QVERIFY(replaceFile(file, config(QStringLiteral("Broken"), QStringLiteral(R"(, "jwt": {"maxAge": "soon"}, "theme": {"colorScheme": "purple"})"))));
        QVERIFY2(server.waitForLog(QStringLiteral("still serving the previous configuration")), qPrintable(server.log()));
        QVERIFY2(server.log().contains(QLatin1String("configuration reload: error: jwt.maxAge")), qPrintable(server.log()));
        QVERIFY2(server.log().contains(QLatin1String("configuration reload: error: theme.colorScheme")), qPrintable(server.log()));
        QCOMPARE(providerName(browser.get(QStringLiteral("/auth/providers")).second), QStringLiteral("Passwort"));
        QCOMPARE(browser.get(QStringLiteral("/auth/signin")).first, 200);
        QVERIFY(connection.isOpen());

        // Editing the same file in place (no rename) works as well.
        QFile inPlace(file);
        QVERIFY(inPlace.open(QIODevice::WriteOnly | QIODevice::Truncate));
        inPlace.write(config(QStringLiteral("Kennwort")));
        inPlace.close();
        QVERIFY2(waitForName(browser, QStringLiteral("Kennwort")), qPrintable(server.log()));
        QVERIFY(server.isRunning());
    }

    void sighupReloads()
    {
        // Only SIGHUP reloads (server.reloadOnChange false), so a change on disk waits for it.
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("gatehouse.json"));
        const QString onlyOnSignal = QStringLiteral(R"(, "server": {"reloadOnChange": false})");
        QVERIFY(replaceFile(file, config(QStringLiteral("Password"), onlyOnSignal)));
        ServerUnderTest server;
        QVERIFY(server.start(file, dir.path()));
        Browser browser(server.baseUrl());
        QCOMPARE(providerName(browser.get(QStringLiteral("/auth/providers")).second), QStringLiteral("Password"));

        const CommandResult added = runServerCommand({QStringLiteral("user"), QStringLiteral("add"), QStringLiteral("dora@example.test"),
                                                      QStringLiteral("--password-stdin"), QStringLiteral("--database"),
                                                      QStringLiteral("sqlite:") + dir.filePath(QStringLiteral("gatehouse.db"))},
                                                     "dora-password\n");
        QVERIFY2(added.exitCode == 0, qPrintable(added.err));

        QVERIFY(replaceFile(file, config(QStringLiteral("Mot de passe"), onlyOnSignal)));
        QTest::qWait(1500);   // longer than the debounce: nothing may have reloaded
        QCOMPARE(providerName(browser.get(QStringLiteral("/auth/providers")).second), QStringLiteral("Password"));
        // A sign-in in flight (Argon2id takes a while) while SIGHUP swaps the engine completes.
        QNetworkReply *inFlight = browser.beginSignIn(QStringLiteral("credentials"), {{QStringLiteral("email"), QStringLiteral("dora@example.test")},
                                                                                     {QStringLiteral("password"), QStringLiteral("dora-password")}});
        QTest::qWait(20);
        server.signal(SIGHUP);
        QCOMPARE(browser.finishSignIn(inFlight), server.baseUrl());
        QVERIFY2(waitForName(browser, QStringLiteral("Mot de passe")), qPrintable(server.log()));
        QVERIFY(server.log().contains(QLatin1String("SIGHUP: reloading the configuration")));
        // The session made across the reload is valid under the new configuration (same secret).
        QCOMPARE(browser.sessionUser().value(QStringLiteral("email")).toString(), QStringLiteral("dora@example.test"));

        // SIGHUP with an invalid file keeps the old configuration.
        QVERIFY(replaceFile(file, R"({"providers": [{"id": "credentials", "type": "credentials", "name": "X"}]})"));
        server.signal(SIGHUP);
        QVERIFY2(server.waitForLog(QStringLiteral("configuration reload: error: providers[0].authorize")), qPrintable(server.log()));
        QCOMPARE(providerName(browser.get(QStringLiteral("/auth/providers")).second), QStringLiteral("Mot de passe"));
        QVERIFY(server.isRunning());
    }
};

QTEST_GUILESS_MAIN(TestServerReload)
#include "tst_serverreload.moc"
