#include "oidcprovider/signingkeycache.h"

#include <gatehouse/memoryadapter.h>
#include <gatehouse/oidckeyrotation.h>

#include <QRegularExpression>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::OidcProvider;

class TestSigningKeyCache : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void loadsOnceAndHandsOutTheSameSet();
    void nothingLoadedBeforeTheFirstCall();
    void keyThatDoesNotOpenFailsEveryTime();
    void readsTheKeysAgainAfterAMinute();
    void aFailedRefreshKeepsTheKeysInUse();
};

namespace {

std::shared_ptr<const KeyBox> box(const QString &secret)
{
    return std::make_shared<const KeyBox>(QStringList{secret});
}

const QString secret = QStringLiteral("cache-secret-0123456789abcdef-012345678");

} // namespace

void TestSigningKeyCache::loadsOnceAndHandsOutTheSameSet()
{
    auto store = std::make_shared<MemoryAdapter>();
    auto cache = std::make_shared<const SigningKeyCache>(store, box(secret));
    const std::shared_ptr<const SigningKeySet> first = cache->keys().result();
    const std::shared_ptr<const SigningKeySet> second = cache->keys().result();
    QVERIFY(first);
    QCOMPARE(second.get(), first.get());
    QCOMPARE(store->oidcSigningKeys().result().size(), 3);
    QVERIFY(first->signer(SigningAlgorithm::RS256));
}

void TestSigningKeyCache::nothingLoadedBeforeTheFirstCall()
{
    auto store = std::make_shared<MemoryAdapter>();
    auto cache = std::make_shared<const SigningKeyCache>(store, box(secret));
    QVERIFY(store->oidcSigningKeys().result().isEmpty());
    QVERIFY(cache->keys().result());
    QCOMPARE(store->oidcSigningKeys().result().size(), 3);
}

void TestSigningKeyCache::keyThatDoesNotOpenFailsEveryTime()
{
    auto store = std::make_shared<MemoryAdapter>();
    QVERIFY(std::make_shared<const SigningKeyCache>(store, box(secret))->keys().result());
    const QList<OidcSigningKeyRecord> before = store->oidcSigningKeys().result();
    auto other = std::make_shared<const SigningKeyCache>(store, box(secret + QStringLiteral("-changed")));
    for (int attempt = 0; attempt < 2; ++attempt) {
        QFuture<std::shared_ptr<const SigningKeySet>> keys = other->keys();
        QVERIFY_THROWS_EXCEPTION(UnusableSigningKey, keys.waitForFinished());
    }
    // Fail closed: the stored keys were not replaced.
    const QList<OidcSigningKeyRecord> after = store->oidcSigningKeys().result();
    QCOMPARE(after.size(), before.size());
    for (qsizetype i = 0; i < after.size(); ++i)
        QCOMPARE(after.at(i).kid, before.at(i).kid);
}

namespace {

//! A steady clock the test moves.
struct FakeClock
{
    std::shared_ptr<SigningKeyCache::Clock::time_point> at = std::make_shared<SigningKeyCache::Clock::time_point>();
    std::function<SigningKeyCache::Clock::time_point()> function() const
    {
        return [at = at] { return *at; };
    }
    void advance(std::chrono::seconds by) { *at += by; }
};

} // namespace

void TestSigningKeyCache::readsTheKeysAgainAfterAMinute()
{
    // Another process rotates the keys: a running server publishes the new ones within a minute.
    auto store = std::make_shared<MemoryAdapter>();
    FakeClock clock;
    auto cache = std::make_shared<const SigningKeyCache>(store, box(secret), clock.function());
    const std::shared_ptr<const SigningKeySet> first = cache->keys().result();
    QCOMPARE(first->published().size(), 3);
    QCOMPARE(rotateOidcSigningKeys(store, {secret}).result().size(), 3);
    clock.advance(std::chrono::seconds(59));
    QCOMPARE(cache->keys().result().get(), first.get());
    clock.advance(std::chrono::seconds(1));
    // The caller that finds the set a minute old gets it as it is; the set is read again meanwhile.
    QCOMPARE(cache->keys().result().get(), first.get());
    QTRY_COMPARE_WITH_TIMEOUT(cache->keys().result()->published().size(), 6, 5000);
}

void TestSigningKeyCache::aFailedRefreshKeepsTheKeysInUse()
{
    auto store = std::make_shared<MemoryAdapter>();
    FakeClock clock;
    auto cache = std::make_shared<const SigningKeyCache>(store, box(secret), clock.function());
    const std::shared_ptr<const SigningKeySet> first = cache->keys().result();
    // A key sealed with a secret this server does not have: the next read fails.
    const KeyBox other({secret + QStringLiteral("-other")});
    QVERIFY(store->addOidcSigningKey(other.seal(SigningKey::generate(SigningAlgorithm::ES256), 2)).result());
    clock.advance(std::chrono::seconds(60));
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("keeping the ones in use.*does not open")));
    QCOMPARE(cache->keys().result().get(), first.get());
    // Still the same set, and no second attempt (nor warning) within the next minute.
    for (int i = 0; i < 3; ++i)
        QCOMPARE(cache->keys().result().get(), first.get());
    QVERIFY(first->signer(SigningAlgorithm::RS256));
}

QTEST_GUILESS_MAIN(TestSigningKeyCache)
#include "tst_signingkeycache.moc"
