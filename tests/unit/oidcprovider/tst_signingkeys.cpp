#include "oidcprovider/signingkeys.h"

#include "keytesting.h"

#include <gatehouse/memoryadapter.h>
#include <gatehouse/oidckeyrotation.h>
#include <gatehouse/sqladapter.h>

#include <QJsonArray>

#include <algorithm>
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
    void aRotatedKeyIsPublishedFirstThenSigns();
    void scheduleOfARotation_data();
    void scheduleOfARotation();
    void rotationRefusesSecretsThatDoNotOpenTheKeys();
    void concurrentRotationsAddOneGeneration();
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

void TestSigningKeys::aRotatedKeyIsPublishedFirstThenSigns()
{
    auto store = std::make_shared<MemoryAdapter>();
    const SigningKeySet before = loadSigningKeys(store, box()).result();
    const QString old = before.signer(SigningAlgorithm::RS256)->kid();
    const QList<OidcSigningKeyRecord> added = rotateOidcSigningKeys(store, {secret}).result();
    QCOMPARE(added.size(), 3);
    QString next;
    QDateTime made;
    QDateTime lastMade;  // the three keys are made one after the other
    for (const OidcSigningKeyRecord &record : added) {
        QCOMPARE(record.generation, 2);
        lastMade = std::max(lastMade, record.createdAt);
        if (record.alg == u"RS256") {
            next = record.kid;
            made = record.createdAt;
        }
    }
    const SigningKeySet after = loadSigningKeys(store, box()).result();
    // Published at once, beside the key that still signs.
    QCOMPARE(after.signer(SigningAlgorithm::RS256, made)->kid(), old);
    QVERIFY(kids(after.published(made)).contains(next));
    QCOMPARE(after.published(made).size(), 6);
    // Two minutes later the new key signs; the old one stays published while its tokens live.
    const QDateTime takeOver = made.addSecs(120);
    QCOMPARE(after.signer(SigningAlgorithm::RS256, takeOver.addSecs(-1))->kid(), old);
    QCOMPARE(after.signer(SigningAlgorithm::RS256, takeOver)->kid(), next);
    QVERIFY(kids(after.published(takeOver.addSecs(659))).contains(old));
    QVERIFY(!kids(after.published(takeOver.addSecs(660))).contains(old));
    QCOMPARE(after.published(lastMade.addSecs(120 + 660)).size(), 3);
    // What the old key signed verifies with what jwks publishes meanwhile.
    const QString token = compactJws(*before.signer(SigningAlgorithm::RS256), "{}");
    int verified = 0;
    for (const SigningKey &key : after.published(takeOver.addSecs(600))) {
        QString problem;
        verified += verifiesWith(token, key.publicJwk(), &problem) ? 1 : 0;
    }
    QCOMPARE(verified, 1);
}

void TestSigningKeys::scheduleOfARotation_data()
{
    QTest::addColumn<int>("seconds");  //!< after the second key was made
    QTest::addColumn<QString>("first");
    QTest::addColumn<QString>("second");
    QTest::addColumn<QStringList>("removable");  //!< with a day's keeping
    QTest::newRow("made") << 0 << "signing" << "next" << QStringList();
    QTest::newRow("a second before it signs") << 119 << "signing" << "next" << QStringList();
    QTest::newRow("it signs") << 120 << "retiring" << "signing" << QStringList();
    QTest::newRow("the old key's last tokens still valid") << 120 + 659 << "retiring" << "signing" << QStringList();
    QTest::newRow("the old key retired") << 120 + 660 << "retired" << "signing" << QStringList();
    QTest::newRow("retired a second short of a day") << 120 + 660 + 86399 << "retired" << "signing" << QStringList();
    QTest::newRow("retired a day") << 120 + 660 + 86400 << "retired" << "signing" << QStringList{"a"};
}

void TestSigningKeys::scheduleOfARotation()
{
    QFETCH(int, seconds);
    QFETCH(QString, first);
    QFETCH(QString, second);
    QFETCH(QStringList, removable);
    const QDateTime start(QDate(2026, 1, 1), QTime(12, 0), Qt::UTC);
    const QDateTime rotated = start.addDays(30);
    // Given newest first, with an algorithm this build does not know: the order does not matter.
    const QList<OidcSigningKeyRecord> records{
        {QStringLiteral("b"), QStringLiteral("ES256"), 2, QString(), rotated},
        {QStringLiteral("x"), QStringLiteral("PS256"), 1, QString(), start},
        {QStringLiteral("a"), QStringLiteral("ES256"), 1, QString(), start},
    };
    const QList<OidcKeyStatus> statuses = oidcKeySchedule(records, rotated.addSecs(seconds));
    QCOMPARE(statuses.size(), 2);
    const auto name = [](OidcKeyStatus::State state) {
        switch (state) {
        case OidcKeyStatus::State::Next: return QStringLiteral("next");
        case OidcKeyStatus::State::Signing: return QStringLiteral("signing");
        case OidcKeyStatus::State::Retiring: return QStringLiteral("retiring");
        case OidcKeyStatus::State::Retired: return QStringLiteral("retired");
        }
        return QString();
    };
    QCOMPARE(statuses.at(0).kid, QStringLiteral("a"));
    QCOMPARE(name(statuses.at(0).state), first);
    QCOMPARE(name(statuses.at(1).state), second);
    QVERIFY(statuses.at(0).signsFrom.isNull());
    QCOMPARE(statuses.at(0).signsUntil, std::optional(rotated.addSecs(120)));
    QCOMPARE(statuses.at(0).publishedUntil, std::optional(rotated.addSecs(120 + 660)));
    QCOMPARE(statuses.at(1).signsFrom, rotated.addSecs(120));
    QVERIFY(!statuses.at(1).signsUntil);
    QVERIFY(!statuses.at(1).publishedUntil);
    QCOMPARE(oidcKeysToRemove(statuses, rotated.addSecs(seconds), 86400), removable);
}

void TestSigningKeys::rotationRefusesSecretsThatDoNotOpenTheKeys()
{
    // Keys sealed with other secrets than the servers' would not open there: nothing is added.
    auto store = std::make_shared<MemoryAdapter>();
    loadSigningKeys(store, box()).waitForFinished();
    QVERIFY_THROWS_EXCEPTION(UnusableSigningKey,
                             rotateOidcSigningKeys(store, {QStringLiteral("another-secret-0123456789abcdef-01234567")})
                                 .waitForFinished());
    QCOMPARE(store->oidcSigningKeys().result().size(), 3);
}

void TestSigningKeys::concurrentRotationsAddOneGeneration()
{
    // Two operators rotate at once: of each algorithm's generation 2 the store keeps one.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString url = QStringLiteral("sqlite://") + dir.filePath(QStringLiteral("keys.db"));
    auto one = std::make_shared<SqlAdapter>(*SqlAdapterOptions::fromUrl(url));
    one->migrate().waitForFinished();
    auto two = std::make_shared<SqlAdapter>(*SqlAdapterOptions::fromUrl(url));
    loadSigningKeys(one, box()).waitForFinished();
    QFuture<QList<OidcSigningKeyRecord>> a = rotateOidcSigningKeys(one, {secret});
    QFuture<QList<OidcSigningKeyRecord>> b = rotateOidcSigningKeys(two, {secret});
    const qsizetype added = a.result().size() + b.result().size();
    QVERIFY2(added >= 3 && added <= 6, qPrintable(QString::number(added)));
    const QList<OidcSigningKeyRecord> stored = one->oidcSigningKeys().result();
    // Each rotation read the store first; where both read generation 1, one generation 2 won.
    QCOMPARE(stored.size(), 3 + added);
    QCOMPARE(kids(loadSigningKeys(two, box()).result().published()).size(), stored.size());
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
