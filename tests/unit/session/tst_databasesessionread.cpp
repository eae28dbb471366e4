// DatabaseSession::read for each answer of the store: a session, none, an expired one, and the
// store failing (refused, timed out, broken, an SQLite file that went away): only the store's
// "none" and an expired session are signed out; a failure is Unavailable.
#include "session/databasesession.h"

#include "support/outageadapter.h"

#include <gatehouse/sqladapter.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::Testing;

namespace {

const QString kToken = QStringLiteral("00000000-0000-4000-8000-000000000001");

//! The stores \a adapter offers, without owning it (it outlives the DatabaseSession).
Stores storesOf(Adapter &adapter)
{
    return Stores::of(std::shared_ptr<Adapter>(std::shared_ptr<Adapter>(), &adapter));
}

//! A stored user with a session expiring in \a expiresIn seconds (negative: expired).
struct Stored
{
    OutageAdapter store;
    SessionOptions options;
    CookieOption cookie;
    DatabaseSession db{storesOf(store), options, cookie};
    AdapterUser user;

    explicit Stored(qint64 expiresIn = 3600)
    {
        cookie.name = QStringLiteral("authjs.session-token");
        AdapterUser u;
        u.email = QStringLiteral("alice@example.test");
        user = store.memory->createUser(u).result();
        store.memory->createSession({kToken, user.id, QDateTime::currentDateTimeUtc().addSecs(expiresIn)}).waitForFinished();
    }

    SessionRead read(const QString &token = kToken) { return db.read(token).result(); }
    bool stillStored() { return store.memory->getSessionAndUser(kToken).result().has_value(); }
};

void verifyUnavailable(const SessionRead &read, AdapterError::Reason reason, const QString &message)
{
    QCOMPARE(read.status, SessionStatus::Unavailable);
    QVERIFY(!read.session);
    QVERIFY(read.error);
    QCOMPARE(read.error->reason(), reason);
    QCOMPARE(read.error->message(), message);
}

} // namespace

class TestDatabaseSessionRead : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void found()
    {
        Stored s;
        const SessionRead read = s.read();
        QCOMPARE(read.status, SessionStatus::SignedIn);
        QVERIFY(read.session);
        QCOMPARE(read.session->user.email, QStringLiteral("alice@example.test"));
        QVERIFY(!read.error);
    }

    void notFound()
    {
        Stored s;
        const SessionRead read = s.read(QStringLiteral("00000000-0000-4000-8000-00000000dead"));
        QCOMPARE(read.status, SessionStatus::SignedOut);
        QVERIFY(!read.session);
        QVERIFY(!read.error);
        QVERIFY(s.stillStored());
    }

    void expired()
    {
        Stored s(-1);
        const SessionRead read = s.read();
        QCOMPARE(read.status, SessionStatus::SignedOut);
        QVERIFY(!read.error);
        QVERIFY(!s.stillStored());  // deleted when seen
    }

    void expiredStaysSignedOutWhenTheDeletionFails()
    {
        Stored s(-1);
        s.store.methods = {QStringLiteral("deleteSession")};
        s.store.goDown();
        QCOMPARE(s.read().status, SessionStatus::SignedOut);
        QCOMPARE(s.store.failedCalls(), QStringList{QStringLiteral("deleteSession")});
    }

    void disabledUserIsSignedOut()
    {
        Stored s;
        s.store.memory->setUserDisabled(s.user.id, true).waitForFinished();
        QCOMPARE(s.read().status, SessionStatus::SignedOut);
        QVERIFY(!s.stillStored());
    }

    void refused()
    {
        Stored s;
        s.store.goDown(QStringLiteral("cannot connect to postgresql://db/gatehouse: Connection refused"));
        verifyUnavailable(s.read(), AdapterError::Reason::Unavailable,
                          QStringLiteral("cannot connect to postgresql://db/gatehouse: Connection refused"));
        // Nothing was deleted or written: the session is there when the store is back.
        QCOMPARE(s.store.calls(), QStringList{QStringLiteral("getSessionAndUserState")});
        s.store.comeBack();
        QCOMPARE(s.read().status, SessionStatus::SignedIn);
    }

    void timedOut()
    {
        Stored s;
        s.store.goDown(QStringLiteral("cannot connect to postgresql://db/gatehouse: timeout expired"));
        verifyUnavailable(s.read(), AdapterError::Reason::Unavailable,
                          QStringLiteral("cannot connect to postgresql://db/gatehouse: timeout expired"));
        QVERIFY(s.stillStored());
    }

    void anyOtherStoreErrorIsNotASignOutEither()
    {
        // A broken store (a missing table, a bug) cannot tell either; its error says so.
        Stored s;
        s.store.failure = AdapterError(AdapterError::Reason::Failed,
                                       QStringLiteral("getSessionAndUserState: database error: no such table: sessions"));
        verifyUnavailable(s.read(), AdapterError::Reason::Failed,
                          QStringLiteral("getSessionAndUserState: database error: no such table: sessions"));
    }

    void anExtensionThatFailsAnswersTheSessionUnextended()
    {
        Stored s;
        s.options.updateAge = 0;  // extend on every read
        const QDateTime before = s.store.memory->getSessionAndUser(kToken).result()->session.expires;
        s.store.methods = {QStringLiteral("updateSession")};
        s.store.goDown();
        const SessionRead read = s.read();
        QCOMPARE(read.status, SessionStatus::SignedIn);
        QCOMPARE(read.session->session.expires, before);
        s.store.comeBack();
        QVERIFY(s.read().session->session.expires > before);
    }

    void anSqliteFileThatWentAwayIsUnavailable()
    {
        // The store of a real SQLite file, its lookups answered on a storage thread.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("gatehouse.db"));
        SqlAdapter adapter(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + path));
        QCOMPARE(adapter.migrate().result(), SqlAdapter::latestSchemaVersion());
        AdapterUser u;
        u.email = QStringLiteral("bob@example.test");
        const AdapterUser user = adapter.createUser(u).result();
        adapter.createSession({kToken, user.id, QDateTime::currentDateTimeUtc().addSecs(3600)}).waitForFinished();
        SessionOptions options;
        CookieOption cookie;
        const DatabaseSession db(storesOf(adapter), options, cookie);
        QCOMPARE(db.read(kToken).result().status, SessionStatus::SignedIn);

        // Moved away with its WAL and shared-memory files while the connections are open.
        const QString away = dir.filePath(QStringLiteral("away"));
        QVERIFY(QDir().mkpath(away));
        for (const QString suffix : {QStringLiteral(""), QStringLiteral("-wal"), QStringLiteral("-shm")}) {
            if (QFile::exists(path + suffix))
                QVERIFY(QFile::rename(path + suffix, away + QStringLiteral("/gatehouse.db") + suffix));
        }
        QTest::qWait(300);  // connections look at their file every 250 ms at most
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("is unreachable: .*is missing")));
        const SessionRead read = db.read(kToken).result();
        QCOMPARE(read.status, SessionStatus::Unavailable);
        QCOMPARE(read.error->reason(), AdapterError::Reason::Unavailable);
        QVERIFY2(read.error->message().contains(QStringLiteral("is missing")), qPrintable(read.error->message()));
        QVERIFY(!QFile::exists(path));  // not created anew, empty
        QVERIFY(!adapter.health().reachable);

        for (const QString suffix : {QStringLiteral(""), QStringLiteral("-wal"), QStringLiteral("-shm")}) {
            if (QFile::exists(away + QStringLiteral("/gatehouse.db") + suffix))
                QVERIFY(QFile::rename(away + QStringLiteral("/gatehouse.db") + suffix, path + suffix));
        }
        QTest::ignoreMessage(QtInfoMsg, QRegularExpression(QStringLiteral("is reachable again after")));
        const SessionRead again = db.read(kToken).result();
        QCOMPARE(again.status, SessionStatus::SignedIn);
        QCOMPARE(again.session->user.email, QStringLiteral("bob@example.test"));
        QVERIFY(adapter.health().reachable);
    }
};

QTEST_GUILESS_MAIN(TestDatabaseSessionRead)
#include "tst_databasesessionread.moc"
