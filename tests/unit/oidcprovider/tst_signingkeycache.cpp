#include "oidcprovider/signingkeycache.h"

#include <gatehouse/memoryadapter.h>

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

QTEST_GUILESS_MAIN(TestSigningKeyCache)
#include "tst_signingkeycache.moc"
