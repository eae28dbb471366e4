// Account, the public API of the account operations, over a MemoryAdapter: a person acts only
// on their own records, every change is audited, JWT sessions end through the "not before".
#include <gatehouse/account.h>
#include <gatehouse/errors.h>
#include <gatehouse/memoryadapter.h>

#include <QRegularExpression>
#include <QTest>

using namespace Gatehouse;

namespace {

template<typename T>
T take(QFuture<T> future)
{
    return future.result();
}

void take(QFuture<void> future)
{
    future.waitForFinished();
}

//! The type() of the AuthError \a future fails with, empty when it does not fail.
template<typename T>
QString failure(QFuture<T> future)
{
    try {
        future.waitForFinished();
    } catch (const AuthError &e) {
        return e.type();
    }
    return {};
}

} // namespace

class TestAccount : public QObject
{
    Q_OBJECT

    std::shared_ptr<MemoryAdapter> m_adapter;
    QString m_alice;
    QString m_bob;

    AdapterSession session(const QString &token, const QString &userId, const QString &userAgent, qint64 createdSecsAgo)
    {
        const QDateTime created = QDateTime::currentDateTimeUtc().addSecs(-createdSecsAgo);
        AdapterSession s{token, userId, created.addSecs(SessionOptions().maxAge)};
        take(m_adapter->createSession(s));
        take(m_adapter->recordSessionDetails({token, userId, created, QStringLiteral("192.0.2.7"), userAgent}));
        return s;
    }

    QList<AuditEvent> events(const QString &type)
    {
        AuditFilter filter;
        filter.type = type;
        return take(m_adapter->auditEvents(filter, 100));
    }

private Q_SLOTS:
    void init()
    {
        m_adapter = std::make_shared<MemoryAdapter>();
        m_alice = take(m_adapter->createUser({{}, QStringLiteral("Alice"), QStringLiteral("alice@example.test"), {}, {}})).id;
        m_bob = take(m_adapter->createUser({{}, QStringLiteral("Bob"), QStringLiteral("bob@example.test"), {}, {}})).id;
    }

    void sessionIdsNameButNeverRevealTokens()
    {
        const QString id = Account::sessionId(QStringLiteral("token-1"));
        QCOMPARE(id.size(), 22);
        QCOMPARE(id, Account::sessionId(QStringLiteral("token-1")));
        QVERIFY(id != Account::sessionId(QStringLiteral("token-2")));
        QVERIFY(!id.contains(QStringLiteral("token")));
        QVERIFY(QRegularExpression(QStringLiteral("^[A-Za-z0-9_-]+$")).match(id).hasMatch());
    }

    void profileAndName()
    {
        const Account account(m_adapter);
        QCOMPARE(take(account.profile(m_alice)).email, QStringLiteral("alice@example.test"));
        QCOMPARE(failure(account.profile(QStringLiteral("999"))), QStringLiteral("AccountRecordNotFound"));

        const AccountProfile renamed = take(account.setName(m_alice, QStringLiteral("  Alice L.  "), {QStringLiteral("192.0.2.1"), QStringLiteral("test")}));
        QCOMPARE(renamed.name, std::optional<QString>(QStringLiteral("Alice L.")));
        QCOMPARE(take(m_adapter->getUser(m_alice))->name, std::optional<QString>(QStringLiteral("Alice L.")));
        for (const QString &bad : {QString(), QStringLiteral("   "), QString(256, u'x'), QStringLiteral("a\u0007b")})
            QCOMPARE(failure(account.setName(m_alice, bad)), QStringLiteral("InvalidAccountInput"));
        QCOMPARE(failure(account.setName(QStringLiteral("999"), QStringLiteral("X"))), QStringLiteral("AccountRecordNotFound"));
        const QList<AuditEvent> updates = events(QStringLiteral("accountUpdate"));
        QCOMPARE(updates.size(), 1);
        QCOMPARE(updates.first().userId, m_alice);
        QCOMPARE(updates.first().clientAddress, QStringLiteral("192.0.2.1"));
        QCOMPARE(updates.first().detail.value(QStringLiteral("from")).toString(), QStringLiteral("Alice"));
    }

    void sessionsAreTheUsersOwnCurrentFirst()
    {
        session(QStringLiteral("a-old"), m_alice, QStringLiteral("Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0"), 7200);
        session(QStringLiteral("a-new"), m_alice, QStringLiteral("curl/8.5.0"), 60);
        session(QStringLiteral("b-1"), m_bob, QString(), 10);
        take(m_adapter->createSession({QStringLiteral("a-undetailed"), m_alice, QDateTime::currentDateTimeUtc().addDays(1)}));
        const Account account(m_adapter);
        const QList<AccountSession> list = take(account.sessions(m_alice, QStringLiteral("a-old")));
        QCOMPARE(list.size(), 3);
        QCOMPARE(list.at(0).id, Account::sessionId(QStringLiteral("a-old")));
        QVERIFY(list.at(0).current);
        QCOMPARE(list.at(0).browser, QStringLiteral("Firefox"));
        QCOMPARE(list.at(0).operatingSystem, QStringLiteral("Linux"));
        QCOMPARE(list.at(0).clientAddress, QStringLiteral("192.0.2.7"));
        QVERIFY(qAbs(list.at(0).createdAt.secsTo(QDateTime::currentDateTimeUtc()) - 7200) < 5);
        QCOMPARE(list.at(1).id, Account::sessionId(QStringLiteral("a-new")));
        QVERIFY(!list.at(1).current);
        QCOMPARE(list.at(2).id, Account::sessionId(QStringLiteral("a-undetailed")));
        QVERIFY(!list.at(2).createdAt.isValid());
        QVERIFY(list.at(2).browser.isEmpty());
        // Last active: the last extension, expires - maxAge.
        QVERIFY(list.at(2).lastActive < QDateTime::currentDateTimeUtc().addDays(-28));
    }

    void endOneSessionOnlyOfYourOwn()
    {
        session(QStringLiteral("a-1"), m_alice, QString(), 100);
        session(QStringLiteral("a-2"), m_alice, QString(), 50);
        session(QStringLiteral("b-1"), m_bob, QString(), 10);
        const Account account(m_adapter);
        const QString bobs = Account::sessionId(QStringLiteral("b-1"));
        QCOMPARE(failure(account.endSession(m_alice, bobs)), QStringLiteral("AccountRecordNotFound"));
        QCOMPARE(failure(account.endSession(m_alice, QStringLiteral("nothing"))), QStringLiteral("AccountRecordNotFound"));
        QCOMPARE(failure(account.endSession(m_alice, QString())), QStringLiteral("AccountRecordNotFound"));
        QVERIFY(take(m_adapter->getSessionAndUser(QStringLiteral("b-1"))).has_value());
        QVERIFY(events(QStringLiteral("sessionEnd")).isEmpty());

        // It says which session it ended (the engine tells that session's OpenID Provider clients).
        QCOMPARE(take(account.endSession(m_alice, Account::sessionId(QStringLiteral("a-2")))), QStringLiteral("a-2"));
        QVERIFY(!take(m_adapter->getSessionAndUser(QStringLiteral("a-2"))).has_value());
        QVERIFY(take(m_adapter->getSessionAndUser(QStringLiteral("a-1"))).has_value());
        QCOMPARE(events(QStringLiteral("sessionEnd")).size(), 1);
    }

    void endOthersAndAllReachJwtSessionsToo()
    {
        session(QStringLiteral("a-1"), m_alice, QString(), 100);
        session(QStringLiteral("a-2"), m_alice, QString(), 50);
        session(QStringLiteral("a-3"), m_alice, QString(), 40);
        session(QStringLiteral("b-1"), m_bob, QString(), 10);
        const Account account(m_adapter);
        QVERIFY(account.canRevokeJwtSessions());
        QVERIFY(!take(m_adapter->sessionsNotBefore(m_alice)).has_value());

        QCOMPARE(take(account.endOtherSessions(m_alice, QStringLiteral("a-1"))), qint64(2));
        QCOMPARE(take(account.sessions(m_alice)).size(), 1);
        const std::optional<QDateTime> notBefore = take(m_adapter->sessionsNotBefore(m_alice));
        QVERIFY(notBefore && qAbs(notBefore->secsTo(QDateTime::currentDateTimeUtc())) < 5);
        QCOMPARE(events(QStringLiteral("sessionsEndOthers")).first().detail.value(QStringLiteral("count")).toInt(), 2);

        QCOMPARE(take(account.endAllSessions(m_alice)), qint64(1));
        QVERIFY(take(account.sessions(m_alice)).isEmpty());
        QCOMPARE(take(account.sessions(m_bob)).size(), 1);
        QVERIFY(!take(m_adapter->sessionsNotBefore(m_bob)).has_value());
        QCOMPARE(events(QStringLiteral("sessionsEndAll")).size(), 1);
    }

    void recentActivityIsYourOwn()
    {
        take(m_adapter->appendAudit({0, {}, QStringLiteral("signIn"), m_alice, QStringLiteral("credentials"), QStringLiteral("192.0.2.1"), {}}));
        take(m_adapter->appendAudit({0, {}, QStringLiteral("signInFailed"), m_alice, QStringLiteral("credentials"), QStringLiteral("198.51.100.9"), {}}));
        take(m_adapter->appendAudit({0, {}, QStringLiteral("signIn"), m_bob, QStringLiteral("credentials"), QStringLiteral("192.0.2.2"), {}}));
        const Account account(m_adapter);
        const QList<AuditEvent> mine = take(account.recentActivity(m_alice));
        QCOMPARE(mine.size(), 2);
        QCOMPARE(mine.first().type, QStringLiteral("signInFailed"));   // newest first
        QVERIFY(take(account.recentActivity(QString())).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestAccount)
#include "tst_account.moc"
