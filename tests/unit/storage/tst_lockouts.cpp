// Who the limits keep out (currentLockouts) and an administrator's lift (liftLockouts), on the
// MemoryAdapter, with the counters written under the keys the flows use (core/ratelimitkeys.h).
#include "core/ratelimitkeys.h"

#include <gatehouse/lockouts.h>
#include <gatehouse/memoryadapter.h>

#include <QJsonArray>
#include <QTest>

using namespace Gatehouse;
using namespace std::chrono_literals;
namespace Keys = Gatehouse::RateLimitKeys;

class TestLockouts : public QObject
{
    Q_OBJECT

    std::shared_ptr<MemoryAdapter> m_adapter;
    AdapterUser m_ann;
    AdapterUser m_ben;

    //! \a n attempts under \a key, as the flows count them.
    void hit(const QString &key, int n, std::chrono::milliseconds window, int limit)
    {
        for (int i = 0; i < n; ++i)
            m_adapter->hitRateLimit(key, window, limit).waitForFinished();
    }

    QStringList kindsOf(const QList<Lockout> &lockouts, const AdapterUser &user)
    {
        QStringList kinds;
        for (const Lockout &l : lockouts) {
            if (l.user.id == user.id)
                kinds.append(lockoutKindName(l.kind));
        }
        return kinds;
    }

private Q_SLOTS:
    void init()
    {
        m_adapter = std::make_shared<MemoryAdapter>();
        AdapterUser ann;
        ann.email = QStringLiteral("ann@example.test");
        m_ann = m_adapter->createUser(ann).result();
        AdapterUser ben;
        ben.email = QStringLiteral("ben@example.test");
        m_ben = m_adapter->createUser(ben).result();
    }

    void listsWhoIsKeptOutAndUntilWhen()
    {
        const LockoutLimits limits;   // 5 per identifier in 900 s; 5 codes in 300 s
        // Ann: wrong passwords at two credentials providers (one full), wrong codes (full),
        // reset requests by person and address (full by address).
        hit(Keys::credentialsIdentifier(QStringLiteral("credentials"), m_ann.email), 5, 900s, 5);
        hit(Keys::credentialsIdentifier(QStringLiteral("staff"), m_ann.email), 2, 900s, 5);
        hit(Keys::twoFactorUser(m_ann.id), 5, 300s, 5);
        hit(Keys::passwordResetUser(m_ann.id), 1, 900s, 5);
        hit(Keys::passwordResetAddress(m_ann.email), 5, 900s, 5);
        // Ben: below every limit. Others: client addresses, an unknown address, no person.
        hit(Keys::credentialsIdentifier(QStringLiteral("credentials"), m_ben.email), 4, 900s, 5);
        hit(Keys::credentialsAddress(QStringLiteral("credentials"), QStringLiteral("203.0.113.9")), 40, 900s, 30);
        hit(Keys::passwordResetUnknown(QStringLiteral("who@example.test")), 5, 900s, 5);
        hit(Keys::credentialsIdentifier(QStringLiteral("credentials"), QStringLiteral("gone@example.test")), 5, 900s, 5);

        const QDateTime now = QDateTime::currentDateTimeUtc();
        const QList<Lockout> lockouts = currentLockouts(m_adapter, limits, now).result();
        QCOMPARE(kindsOf(lockouts, m_ann), (QStringList{QStringLiteral("password sign-in"), QStringLiteral("second factor"),
                                                         QStringLiteral("password reset")}));
        QCOMPARE(lockouts.size(), 3);   // Ben and the rest are no one kept out
        for (const Lockout &l : lockouts) {
            const qint64 window = l.kind == LockoutKind::SecondFactor ? 300 : 900;
            QVERIFY2(l.until > now && l.until <= now.addSecs(2 * window), qPrintable(l.until.toString(Qt::ISODate)));
        }
        // With the limits off, only the second factor's (always on) remains.
        LockoutLimits off;
        off.rateLimit.enabled = false;
        QCOMPARE(kindsOf(currentLockouts(m_adapter, off, now).result(), m_ann), QStringList{QStringLiteral("second factor")});
        // A higher limit keeps no one out.
        LockoutLimits generous;
        generous.rateLimit.maxFailuresPerIdentifier = 50;
        generous.twoFactorMaxFailures = 50;
        QVERIFY(currentLockouts(m_adapter, generous, now).result().isEmpty());
    }

    void liftClearsThePersonsCountsOnly()
    {
        hit(Keys::credentialsIdentifier(QStringLiteral("credentials"), m_ann.email), 5, 900s, 5);
        hit(Keys::credentialsIdentifier(QStringLiteral("staff"), m_ann.email), 2, 900s, 5);
        hit(Keys::twoFactorUser(m_ann.id), 5, 300s, 5);
        hit(Keys::passwordResetAddress(QStringLiteral("ANN@example.test")), 5, 900s, 5);
        hit(Keys::credentialsIdentifier(QStringLiteral("credentials"), m_ben.email), 5, 900s, 5);
        hit(Keys::credentialsAddress(QStringLiteral("credentials"), QStringLiteral("203.0.113.9")), 3, 900s, 30);

        const LockoutsLifted lifted = liftLockouts(m_adapter, m_ann, QStringLiteral("root")).result();
        QCOMPARE(lifted.counters, qint64(4));
        QCOMPARE(lifted.kinds, (QList<LockoutKind>{LockoutKind::PasswordSignIn, LockoutKind::SecondFactor,
                                                    LockoutKind::PasswordReset}));
        QVERIFY(m_adapter->hitRateLimit(Keys::credentialsIdentifier(QStringLiteral("credentials"), m_ann.email), 900s, 5).result());
        QVERIFY(m_adapter->hitRateLimit(Keys::twoFactorUser(m_ann.id), 300s, 5).result());
        // Ben is still kept out; the client address's count stays.
        QCOMPARE(kindsOf(currentLockouts(m_adapter, {}).result(), m_ben), QStringList{QStringLiteral("password sign-in")});
        QCOMPARE(m_adapter->rateLimitCounts({Keys::credentialsAddress(QStringLiteral("credentials"), QString())}).result().size(), 1);

        AuditFilter filter;
        filter.type = QStringLiteral("lockoutLift");
        const QList<AuditEvent> events = m_adapter->auditEvents(filter, 10).result();
        QCOMPARE(events.size(), 1);
        QCOMPARE(events.first().userId, m_ann.id);
        QCOMPARE(events.first().detail.value(QStringLiteral("operator")).toString(), QStringLiteral("root"));
        QCOMPARE(events.first().detail.value(QStringLiteral("cleared")).toArray(),
                 (QJsonArray{QStringLiteral("password sign-in"), QStringLiteral("second factor"), QStringLiteral("password reset")}));
    }
};

QTEST_GUILESS_MAIN(TestLockouts)
#include "tst_lockouts.moc"
