#include "oidcprovider/signingkeys.h"

#include "keytesting.h"

#include <gatehouse/memoryadapter.h>
#include <gatehouse/sqladapter.h>

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::OidcProvider;
using namespace Gatehouse::Testing;

class TestSigningKeys : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void firstStartGenerates();
    void laterStartsLoad();
    void serversSharingASQLiteDatabase();
    void anotherServersFirstKeyWins();
    void newestGenerationSigns();
    void wrongSecretFailsClosed();
    void unknownAlgorithmsAreLeftAlone();
};

namespace {

const QString secret = QStringLiteral("provider-secret-0123456789abcdef-0123456");

std::shared_ptr<const KeyBox> box(const QString &s = secret)
{
    return std::make_shared<const KeyBox>(QStringList{s});
}

//! The kids of \a keys, sorted: the store and the set each keep their own order.
QStringList kids(const QList<SigningKey> &keys)
{
    QStringList result;
    for (const SigningKey &key : keys)
        result.append(key.kid());
    result.sort();
    return result;
}

QStringList kids(const QList<OidcSigningKeyRecord> &records)
{
    QStringList result;
    for (const OidcSigningKeyRecord &record : records)
        result.append(record.kid);
    result.sort();
    return result;
}

} // namespace

void TestSigningKeys::firstStartGenerates()
{
    auto store = std::make_shared<MemoryAdapter>();
    const SigningKeySet set = loadSigningKeys(store, box()).result();
    const QList<OidcSigningKeyRecord> stored = store->oidcSigningKeys().result();
    QCOMPARE(stored.size(), 3);
    QStringList algs;
    for (const OidcSigningKeyRecord &record : stored) {
        algs.append(record.alg);
        QCOMPARE(record.generation, 1);
    }
    QCOMPARE(algs, (QStringList{"ES256", "EdDSA", "RS256"}));
    QCOMPARE(kids(set.published()), kids(stored));
    for (const SigningAlgorithm algorithm : {SigningAlgorithm::RS256, SigningAlgorithm::ES256, SigningAlgorithm::EdDSA}) {
        const SigningKey *signer = set.signer(algorithm);
        QVERIFY(signer);
        QCOMPARE(signer->algorithm(), algorithm);
        // What it signs verifies with what jwks publishes under its kid, and with nothing else.
        const QString token = compactJws(*signer, R"({"sub":"1"})");
        const QJsonArray published = set.jwks().value("keys").toArray();
        int verified = 0;
        for (const QJsonValue &jwk : published) {
            QString problem;
            if (verifiesWith(token, jwk.toObject(), &problem)) {
                ++verified;
                QCOMPARE(jwk.toObject().value("kid").toString(), signer->kid());
            }
        }
        QCOMPARE(verified, 1);
    }
    for (const QJsonValue &jwk : set.jwks().value("keys").toArray()) {
        for (const QString &member : privateMembers())
            QVERIFY2(!jwk.toObject().contains(member), qPrintable(member));
    }
}

void TestSigningKeys::laterStartsLoad()
{
    auto store = std::make_shared<MemoryAdapter>();
    const SigningKeySet first = loadSigningKeys(store, box()).result();
    const SigningKeySet second = loadSigningKeys(store, box()).result();
    QCOMPARE(kids(second.published()), kids(first.published()));
    QCOMPARE(store->oidcSigningKeys().result().size(), 3);
    // A token signed before the restart verifies with the key published after it.
    const QString token = compactJws(*first.signer(SigningAlgorithm::RS256), "{}");
    QString problem;
    QVERIFY2(verifiesWith(token, second.signer(SigningAlgorithm::RS256)->publicJwk(), &problem), qPrintable(problem));
}

void TestSigningKeys::serversSharingASQLiteDatabase()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString url = QStringLiteral("sqlite://") + dir.filePath(QStringLiteral("keys.db"));
    auto one = std::make_shared<SqlAdapter>(*SqlAdapterOptions::fromUrl(url));
    one->migrate().waitForFinished();
    auto two = std::make_shared<SqlAdapter>(*SqlAdapterOptions::fromUrl(url));
    const SigningKeySet a = loadSigningKeys(one, box()).result();
    const SigningKeySet b = loadSigningKeys(two, box()).result();
    QCOMPARE(kids(b.published()), kids(a.published()));
    QCOMPARE(b.signer(SigningAlgorithm::ES256)->kid(), a.signer(SigningAlgorithm::ES256)->kid());
    QCOMPARE(two->oidcSigningKeys().result().size(), 3);
}

void TestSigningKeys::anotherServersFirstKeyWins()
{
    // Another server stored its first RS256 key between this one's read and its write: this one's
    // own RS256 key is refused by the store, and the set holds the other's.
    auto store = std::make_shared<MemoryAdapter>();
    const SigningKey theirs = SigningKey::generate(SigningAlgorithm::RS256);
    QVERIFY(store->addOidcSigningKey(box()->seal(theirs, 1)).result());
    const SigningKeySet set = loadSigningKeys(store, box()).result();
    QCOMPARE(set.signer(SigningAlgorithm::RS256)->kid(), theirs.kid());
    QCOMPARE(store->oidcSigningKeys().result().size(), 3);
}

void TestSigningKeys::newestGenerationSigns()
{
    auto store = std::make_shared<MemoryAdapter>();
    const SigningKeySet before = loadSigningKeys(store, box()).result();
    const SigningKey next = SigningKey::generate(SigningAlgorithm::RS256);
    QVERIFY(store->addOidcSigningKey(box()->seal(next, 2)).result());
    const SigningKeySet after = loadSigningKeys(store, box()).result();
    QCOMPARE(after.signer(SigningAlgorithm::RS256)->kid(), next.kid());
    // The older key stays published, so what it signed still verifies.
    QVERIFY(kids(after.published()).contains(before.signer(SigningAlgorithm::RS256)->kid()));
    QCOMPARE(after.published().size(), 4);
}

void TestSigningKeys::wrongSecretFailsClosed()
{
    auto store = std::make_shared<MemoryAdapter>();
    loadSigningKeys(store, box()).waitForFinished();
    const QStringList before = kids(store->oidcSigningKeys().result());
    bool failed = false;
    try {
        loadSigningKeys(store, box(QStringLiteral("another-secret-0123456789abcdef-01234567"))).waitForFinished();
    } catch (const UnusableSigningKey &error) {
        failed = true;
        QVERIFY2(QString::fromStdString(error.what()).contains(QStringLiteral("does not open")), error.what());
    }
    QVERIFY(failed);
    // Nothing was replaced: the old secret still opens every key.
    QCOMPARE(kids(store->oidcSigningKeys().result()), before);
    QCOMPARE(kids(loadSigningKeys(store, box()).result().published()), before);
}

void TestSigningKeys::unknownAlgorithmsAreLeftAlone()
{
    // A newer build's key (an algorithm this one does not know) is neither used nor an error.
    auto store = std::make_shared<MemoryAdapter>();
    QVERIFY(store->addOidcSigningKey({QStringLiteral("newer"), QStringLiteral("PS256"), 1, QStringLiteral("x"),
                                      QDateTime::currentDateTimeUtc()})
                .result());
    const SigningKeySet set = loadSigningKeys(store, box()).result();
    QCOMPARE(set.published().size(), 3);
    QVERIFY(!kids(set.published()).contains(QStringLiteral("newer")));
    QCOMPARE(store->oidcSigningKeys().result().size(), 4);
}

QTEST_GUILESS_MAIN(TestSigningKeys)
#include "tst_signingkeys.moc"
