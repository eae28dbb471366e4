#include "tokenstoreconformance.h"

#include <QElapsedTimer>
#include <QThread>

#include <atomic>

namespace Gatehouse::Testing {

using Reason = AdapterError::Reason;
using namespace std::chrono_literals;

TokenStoreConformance::TokenStoreConformance(AdapterFixture &fixture, QObject *parent)
    : QObject(parent)
    , m_fixture(fixture)
{
}

void TokenStoreConformance::initTestCase()
{
    if (const QString why = m_fixture.unavailableReason(); !why.isEmpty())
        QSKIP(qPrintable(why));
    QString error;
    QVERIFY2(m_fixture.start(&error), qPrintable(error));
}

void TokenStoreConformance::init()
{
    QString error;
    m_adapter = m_fixture.create(&error);
    QVERIFY2(m_adapter, qPrintable(error));
    m_tokens = dynamic_cast<AccountTokenStore *>(m_adapter.get());
    QVERIFY2(m_tokens, "the store does not implement AccountTokenStore");
}

void TokenStoreConformance::cleanup()
{
    m_tokens = nullptr;
    m_adapter.reset();
}

AdapterAccount TokenStoreConformance::linkedAccount(const QString &email)
{
    const AdapterUser owner = take(m_adapter->createUser(newUser(email)));
    AdapterAccount account;
    account.userId = owner.id;
    account.type = QStringLiteral("oidc");
    account.provider = QStringLiteral("local-idp");
    account.providerAccountId = QStringLiteral("sub-") + email;
    account.accessToken = QStringLiteral("a1");
    account.refreshToken = QStringLiteral("r1");
    account.idToken = QStringLiteral("i1");
    account.expiresAt = 1000;
    account.scope = QStringLiteral("openid");
    account.tokenType = QStringLiteral("bearer");
    account.sessionState = QStringLiteral("state-1");
    return take(m_adapter->linkAccount(account));
}

void TokenStoreConformance::accountByUser()
{
    const AdapterAccount first = linkedAccount(QStringLiteral("ada@example.test"));
    AdapterAccount second = first;
    second.id.clear();
    second.providerAccountId = QStringLiteral("second-identity");
    second = take(m_adapter->linkAccount(second));
    AdapterAccount other = first;
    other.id.clear();
    other.provider = QStringLiteral("github");
    other.providerAccountId = QStringLiteral("42");
    other = take(m_adapter->linkAccount(other));
    const AdapterAccount stranger = linkedAccount(QStringLiteral("bob@example.test"));

    QCOMPARE(take(m_tokens->getAccountByUser(first.userId, QStringLiteral("local-idp"))), std::optional(first));
    QCOMPARE(take(m_tokens->getAccountByUser(first.userId, QStringLiteral("github"))), std::optional(other));
    QCOMPARE(take(m_tokens->getAccountByUser(stranger.userId, QStringLiteral("local-idp"))), std::optional(stranger));
    QCOMPARE(take(m_tokens->getAccountByUser(stranger.userId, QStringLiteral("github"))), std::nullopt);
    QCOMPARE(take(m_tokens->getAccountByUser(QStringLiteral("999999"), QStringLiteral("local-idp"))), std::nullopt);
    QCOMPARE(take(m_tokens->getAccountByUser(QStringLiteral("not-a-user-id"), QStringLiteral("local-idp"))), std::nullopt);
}

void TokenStoreConformance::claimIsExclusiveUntilReleased()
{
    const AdapterAccount a = linkedAccount(QStringLiteral("ada@example.test"));
    const AdapterAccount b = linkedAccount(QStringLiteral("bob@example.test"));
    QVERIFY(take(m_tokens->claimTokenRefresh(a.provider, a.providerAccountId, 1h)));
    QVERIFY(!take(m_tokens->claimTokenRefresh(a.provider, a.providerAccountId, 1h)));
    QVERIFY(take(m_tokens->claimTokenRefresh(b.provider, b.providerAccountId, 1h)));  // claims are per account
    take(m_tokens->releaseTokenRefresh(a.provider, a.providerAccountId));
    QVERIFY(take(m_tokens->claimTokenRefresh(a.provider, a.providerAccountId, 1h)));

    // Storing the rotated token set ends the claim too.
    AdapterAccount rotated = a;
    rotated.accessToken = QStringLiteral("a2");
    QVERIFY(take(m_tokens->updateAccountTokens(rotated, QStringLiteral("r1"))));
    QVERIFY(take(m_tokens->claimTokenRefresh(a.provider, a.providerAccountId, 1h)));
}

void TokenStoreConformance::claimExpires()
{
    const AdapterAccount a = linkedAccount(QStringLiteral("ada@example.test"));
    QElapsedTimer sinceClaimed;
    sinceClaimed.start();
    QVERIFY(take(m_tokens->claimTokenRefresh(a.provider, a.providerAccountId, 300ms)));
    const bool claimedAgain = take(m_tokens->claimTokenRefresh(a.provider, a.providerAccountId, 300ms));
    // A claim lasts at least the lease: asked again within it, it is still held. (A machine too
    // busy to ask again within 300 ms cannot tell; it does not fail the test either.)
    if (sinceClaimed.elapsed() < 300)
        QVERIFY(!claimedAgain);
    else
        qInfo("asked again after %lld ms, past the lease: not checked", sinceClaimed.elapsed());
    // A refresher that vanished does not block the account for good: a claim lasts less than
    // twice the lease.
    QThread::msleep(650);
    QVERIFY(take(m_tokens->claimTokenRefresh(a.provider, a.providerAccountId, 300ms)));
}

void TokenStoreConformance::claimRace()
{
    const AdapterAccount a = linkedAccount(QStringLiteral("ada@example.test"));
    QString error;
    const int claimed = raceCount(
        16, [&] { return take(m_tokens->claimTokenRefresh(a.provider, a.providerAccountId, 1h)); }, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(claimed, 1);
}

void TokenStoreConformance::rotationReplacesTheTokenSet()
{
    const AdapterAccount a = linkedAccount(QStringLiteral("ada@example.test"));
    AdapterAccount rotated = a;
    rotated.accessToken = QStringLiteral("a2");
    rotated.refreshToken = QStringLiteral("r2");
    rotated.idToken = std::nullopt;
    rotated.expiresAt = 2000;
    rotated.scope = QStringLiteral("openid email");
    rotated.tokenType = QStringLiteral("DPoP");
    rotated.userId = QStringLiteral("999999");          // not a token: ignored
    rotated.sessionState = QStringLiteral("state-2");  // not a token: ignored

    AdapterAccount expected = a;
    expected.accessToken = QStringLiteral("a2");
    expected.refreshToken = QStringLiteral("r2");
    expected.idToken = std::nullopt;
    expected.expiresAt = 2000;
    expected.scope = QStringLiteral("openid email");
    expected.tokenType = QStringLiteral("dpop");
    QCOMPARE(take(m_tokens->updateAccountTokens(rotated, QStringLiteral("r1"))), std::optional(expected));
    QCOMPARE(take(m_adapter->getAccount(a.providerAccountId, a.provider)), std::optional(expected));
    QCOMPARE(take(m_tokens->getAccountByUser(a.userId, a.provider)), std::optional(expected));
}

void TokenStoreConformance::rotationNeedsThePreviousRefreshToken()
{
    const AdapterAccount a = linkedAccount(QStringLiteral("ada@example.test"));
    AdapterAccount rotated = a;
    rotated.accessToken = QStringLiteral("a2");
    rotated.refreshToken = QStringLiteral("r2");
    QCOMPARE(take(m_tokens->updateAccountTokens(rotated, QStringLiteral("r0"))), std::nullopt);
    QCOMPARE(take(m_tokens->updateAccountTokens(rotated, QString())), std::nullopt);
    QCOMPARE(take(m_adapter->getAccount(a.providerAccountId, a.provider)), std::optional(a));

    // An account without a refresh token matches the empty string.
    AdapterAccount bare = linkedAccount(QStringLiteral("bob@example.test"));
    take(m_adapter->unlinkAccount(bare.provider, bare.providerAccountId));
    bare.id.clear();
    bare.refreshToken = std::nullopt;
    bare = take(m_adapter->linkAccount(bare));
    AdapterAccount filled = bare;
    filled.accessToken = QStringLiteral("a2");
    filled.refreshToken = QStringLiteral("r2");
    const std::optional<AdapterAccount> stored = take(m_tokens->updateAccountTokens(filled, QString()));
    QVERIFY(stored);
    QCOMPARE(stored->refreshToken, std::optional<QString>(QStringLiteral("r2")));
}

void TokenStoreConformance::rotationOfUnknownAccount()
{
    AdapterAccount ghost;
    ghost.provider = QStringLiteral("local-idp");
    ghost.providerAccountId = QStringLiteral("nobody");
    ghost.accessToken = QStringLiteral("a");
    QCOMPARE(failure(m_tokens->updateAccountTokens(ghost, QStringLiteral("r1"))), std::optional(Reason::NotFound));
}

void TokenStoreConformance::rotationRace()
{
    const AdapterAccount a = linkedAccount(QStringLiteral("ada@example.test"));
    std::atomic<int> next{0};
    QString error;
    const int stored = raceCount(
        12,
        [&] {
            AdapterAccount rotated = a;
            const QString n = QString::number(++next);
            rotated.accessToken = QStringLiteral("a-") + n;
            rotated.refreshToken = QStringLiteral("r-") + n;
            return take(m_tokens->updateAccountTokens(rotated, QStringLiteral("r1"))).has_value();
        },
        &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(stored, 1);
    const std::optional<AdapterAccount> now = take(m_adapter->getAccount(a.providerAccountId, a.provider));
    QVERIFY(now && now->refreshToken != QStringLiteral("r1"));
    QCOMPARE(now->accessToken->mid(2), now->refreshToken->mid(2));  // one writer's set, not a mix
}

} // namespace Gatehouse::Testing
