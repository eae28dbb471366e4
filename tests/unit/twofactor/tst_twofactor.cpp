#include <gatehouse/memoryadapter.h>
#include <gatehouse/sqladapter.h>
#include <gatehouse/twofactor.h>

#include "twofactor/base32.h"
#include "twofactor/totp.h"

#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace Gatehouse;

namespace {

const QString secret = QStringLiteral("the server's secret, at least thirty-two characters long");
const QString oldSecret = QStringLiteral("last year's secret, also thirty-two characters long");

template<typename T>
T take(QFuture<T> future)
{
    return future.result();
}

//! The type() of the AuthError \a future failed with, or "no error".
template<typename T>
QString errorOf(QFuture<T> future)
{
    try {
        future.waitForFinished();
    } catch (const AuthError &error) {
        return error.type();
    }
    return QStringLiteral("no error");
}

//! An adapter with the Adapter contract and nothing else.
class BareAdapter : public Adapter
{
public:
    QStringList implementedMethods() const override { return {}; }
};

} // namespace

class TestTwoFactor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();

    void enrolment();
    void wrongCodeDoesNotConfirm();
    void replayAndWindow();
    void recoveryCodes();
    void regenerateAndRemove();
    void secretRotation();
    void rateLimit();
    void enrolmentCodesAreLimitedToo();
    void concurrentGuessesStayWithinTheLimit();
    void withoutStore();
    void auditTrail();

private:
    //! Begins and confirms an enrolment for m_userId; returns the secret and the recovery codes.
    QPair<QByteArray, QStringList> enrol(const TwoFactor &twoFactor);
    QString codeAt(const QByteArray &key, qint64 offsetSeconds = 0) const
    {
        return Totp::code(key, m_now.toSecsSinceEpoch() + offsetSeconds);
    }
    TwoFactor make(const QStringList &secrets = {secret})
    {
        return TwoFactor(m_adapter, secrets, {QStringLiteral("Example"), [this] { return m_now; }});
    }
    QList<AuditEvent> events(const QString &type)
    {
        return take(m_adapter->auditEvents({type, m_userId, {}, {}, {}}, 100));
    }

    std::shared_ptr<MemoryAdapter> m_adapter;
    QString m_userId;
    QDateTime m_now;
};

void TestTwoFactor::init()
{
    m_adapter = std::make_shared<MemoryAdapter>();
    m_userId = take(m_adapter->createUser({{}, {}, QStringLiteral("alice@example.com"), {}, {}})).id;
    // 10 s into a time step, so that ±30 s stay in the neighbouring steps.
    m_now = QDateTime::fromSecsSinceEpoch(1790000000 - 1790000000 % 30 + 10, Qt::UTC);
}

QPair<QByteArray, QStringList> TestTwoFactor::enrol(const TwoFactor &twoFactor)
{
    const TotpEnrolmentOffer offer = take(twoFactor.beginEnrolment(m_userId, QStringLiteral("alice@example.com")));
    const QByteArray key = *Base32::decode(offer.secret);
    return {key, take(twoFactor.confirmEnrolment(m_userId, codeAt(key)))};
}

void TestTwoFactor::enrolment()
{
    const TwoFactor twoFactor = make();
    QVERIFY(twoFactor.isAvailable());
    TwoFactorStatus status = take(twoFactor.status(m_userId));
    QVERIFY(!status.enrolled && !status.pending);

    const TotpEnrolmentOffer offer = take(twoFactor.beginEnrolment(m_userId, QStringLiteral("alice@example.com")));
    QCOMPARE(offer.secret.size(), 32);  // 20 bytes
    QCOMPARE(offer.uri, QStringLiteral("otpauth://totp/Example:alice%40example.com?secret=%1&issuer=Example"
                                       "&algorithm=SHA1&digits=6&period=30").arg(offer.secret));
    QVERIFY(offer.qrCodeSvg.startsWith(QStringLiteral("<svg ")));
    status = take(twoFactor.status(m_userId));
    QVERIFY(status.pending && !status.enrolled);
    // What is stored is sealed, never the secret.
    const std::optional<TotpEnrolment> stored = take(m_adapter->totpEnrolment(m_userId));
    QVERIFY(stored && !stored->sealedSecret.contains(offer.secret));

    // Starting again replaces the pending secret: the first one's code no longer confirms.
    const TotpEnrolmentOffer second = take(twoFactor.beginEnrolment(m_userId, QStringLiteral("alice@example.com")));
    QVERIFY(second.secret != offer.secret);
    QCOMPARE(errorOf(twoFactor.confirmEnrolment(m_userId, codeAt(*Base32::decode(offer.secret)))),
             QStringLiteral("InvalidTwoFactorCode"));
    const QStringList codes = take(twoFactor.confirmEnrolment(m_userId, codeAt(*Base32::decode(second.secret))));
    QCOMPARE(codes.size(), 10);

    status = take(twoFactor.status(m_userId));
    QVERIFY(status.enrolled && !status.pending);
    QCOMPARE(status.recoveryCodesLeft, 10);
    QVERIFY(status.enrolledAt.has_value());
    // One authenticator at a time; confirming twice is no second enrolment.
    QCOMPARE(errorOf(twoFactor.beginEnrolment(m_userId, QStringLiteral("alice@example.com"))),
             QStringLiteral("TwoFactorAlreadyEnrolled"));
    QCOMPARE(errorOf(twoFactor.confirmEnrolment(m_userId, codeAt(*Base32::decode(second.secret), 30))),
             QStringLiteral("TwoFactorNotEnrolled"));
}

void TestTwoFactor::wrongCodeDoesNotConfirm()
{
    const TwoFactor twoFactor = make();
    QCOMPARE(errorOf(twoFactor.confirmEnrolment(m_userId, QStringLiteral("123456"))), QStringLiteral("TwoFactorNotEnrolled"));
    const TotpEnrolmentOffer offer = take(twoFactor.beginEnrolment(m_userId, QStringLiteral("alice")));
    const QByteArray key = *Base32::decode(offer.secret);
    QCOMPARE(errorOf(twoFactor.confirmEnrolment(m_userId, codeAt(key, 90))), QStringLiteral("InvalidTwoFactorCode"));
    QCOMPARE(errorOf(twoFactor.confirmEnrolment(m_userId, QStringLiteral("abcdef"))), QStringLiteral("InvalidTwoFactorCode"));
    QVERIFY(take(twoFactor.status(m_userId)).pending);
    // Until confirmed, the authenticator completes no sign-in.
    QCOMPARE(errorOf(twoFactor.verify(m_userId, codeAt(key))), QStringLiteral("TwoFactorNotEnrolled"));
}

void TestTwoFactor::replayAndWindow()
{
    const TwoFactor twoFactor = make();
    const QByteArray key = enrol(twoFactor).first;
    // The code that confirmed the enrolment does not sign in again.
    QCOMPARE(errorOf(twoFactor.verify(m_userId, codeAt(key))), QStringLiteral("InvalidTwoFactorCode"));

    m_now = m_now.addSecs(30);
    QCOMPARE(take(twoFactor.verify(m_userId, codeAt(key))), SecondFactor::Totp);
    QCOMPARE(errorOf(twoFactor.verify(m_userId, codeAt(key))), QStringLiteral("InvalidTwoFactorCode"));  // replay

    // A phone 30 s ahead: the next step's code is accepted; after it, the current one is older.
    m_now = m_now.addSecs(60);
    QCOMPARE(take(twoFactor.verify(m_userId, codeAt(key, 30))), SecondFactor::Totp);
    QCOMPARE(errorOf(twoFactor.verify(m_userId, codeAt(key))), QStringLiteral("InvalidTwoFactorCode"));

    // Two steps of skew are too many, either way.
    m_now = m_now.addSecs(300);
    QCOMPARE(errorOf(twoFactor.verify(m_userId, codeAt(key, -60))), QStringLiteral("InvalidTwoFactorCode"));
    QCOMPARE(errorOf(twoFactor.verify(m_userId, codeAt(key, 60))), QStringLiteral("InvalidTwoFactorCode"));
    // A phone 30 s behind.
    QCOMPARE(take(twoFactor.verify(m_userId, codeAt(key, -30))), SecondFactor::Totp);
    // Another user's code never works for this one.
    const QString bob = take(m_adapter->createUser({{}, {}, QStringLiteral("bob@example.com"), {}, {}})).id;
    QCOMPARE(errorOf(twoFactor.verify(bob, codeAt(key, 30))), QStringLiteral("TwoFactorNotEnrolled"));
}

void TestTwoFactor::recoveryCodes()
{
    const TwoFactor twoFactor = make();
    const QStringList codes = enrol(twoFactor).second;
    QCOMPARE(take(twoFactor.verify(m_userId, codes.at(0))), SecondFactor::RecoveryCode);
    QCOMPARE(errorOf(twoFactor.verify(m_userId, codes.at(0))), QStringLiteral("InvalidTwoFactorCode"));
    // Typed in capitals with spaces.
    QCOMPARE(take(twoFactor.verify(m_userId, codes.at(1).toUpper().replace(u'-', u' '))), SecondFactor::RecoveryCode);
    QCOMPARE(take(twoFactor.status(m_userId)).recoveryCodesLeft, 8);
    // A well-formed code that was never issued.
    QCOMPARE(errorOf(twoFactor.verify(m_userId, QStringLiteral("aaaa-bbbb-cccc-dddd"))), QStringLiteral("InvalidTwoFactorCode"));
    // Only for the user it was issued to.
    const QString bob = take(m_adapter->createUser({{}, {}, QStringLiteral("bob@example.com"), {}, {}})).id;
    QCOMPARE(errorOf(twoFactor.verify(bob, codes.at(2))), QStringLiteral("InvalidTwoFactorCode"));
    QCOMPARE(take(twoFactor.status(m_userId)).recoveryCodesLeft, 8);
}

void TestTwoFactor::regenerateAndRemove()
{
    const TwoFactor twoFactor = make();
    QCOMPARE(errorOf(twoFactor.regenerateRecoveryCodes(m_userId)), QStringLiteral("TwoFactorNotEnrolled"));
    const auto [key, first] = enrol(twoFactor);
    const QStringList second = take(twoFactor.regenerateRecoveryCodes(m_userId));
    QCOMPARE(second.size(), 10);
    QCOMPARE(errorOf(twoFactor.verify(m_userId, first.at(0))), QStringLiteral("InvalidTwoFactorCode"));
    QCOMPARE(take(twoFactor.verify(m_userId, second.at(0))), SecondFactor::RecoveryCode);

    QCOMPARE(take(twoFactor.remove(m_userId)), true);
    QCOMPARE(take(twoFactor.remove(m_userId)), false);
    const TwoFactorStatus status = take(twoFactor.status(m_userId));
    QVERIFY(!status.enrolled && !status.pending);
    QCOMPARE(status.recoveryCodesLeft, 0);
    m_now = m_now.addSecs(30);
    QCOMPARE(errorOf(twoFactor.verify(m_userId, codeAt(key))), QStringLiteral("TwoFactorNotEnrolled"));
    QCOMPARE(errorOf(twoFactor.verify(m_userId, second.at(1))), QStringLiteral("InvalidTwoFactorCode"));
    // And a new authenticator can be enrolled.
    QCOMPARE(enrol(twoFactor).second.size(), 10);
}

void TestTwoFactor::secretRotation()
{
    const QByteArray key = enrol(make({oldSecret})).first;
    const QString sealedOld = take(m_adapter->totpEnrolment(m_userId))->sealedSecret;
    // AUTH_SECRET is new, AUTH_SECRET_1 the old one: codes still work, and the secret is sealed anew.
    m_now = m_now.addSecs(30);
    QCOMPARE(take(make({secret, oldSecret}).verify(m_userId, codeAt(key))), SecondFactor::Totp);
    QVERIFY(take(m_adapter->totpEnrolment(m_userId))->sealedSecret != sealedOld);
    // So the old secret can be retired.
    m_now = m_now.addSecs(30);
    QCOMPARE(take(make({secret}).verify(m_userId, codeAt(key))), SecondFactor::Totp);
    // A secret no configured key opens: only recovery codes help.
    m_now = m_now.addSecs(30);
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("no longer configured")));
    QCOMPARE(errorOf(make({oldSecret}).verify(m_userId, codeAt(key))), QStringLiteral("InvalidTwoFactorCode"));
}

void TestTwoFactor::rateLimit()
{
    const TwoFactor twoFactor = make();
    const auto [key, codes] = enrol(twoFactor);
    const QString bob = take(m_adapter->createUser({{}, {}, QStringLiteral("bob@example.com"), {}, {}})).id;
    m_now = m_now.addSecs(30);
    // Four wrong codes, then a right one: the count starts again.
    for (int i = 0; i < 4; ++i)
        QCOMPARE(errorOf(twoFactor.verify(m_userId, QStringLiteral("00000%1").arg(i))), QStringLiteral("InvalidTwoFactorCode"));
    QCOMPARE(take(twoFactor.verify(m_userId, codeAt(key))), SecondFactor::Totp);
    // Five wrong ones (codes or recovery codes), and not even a right one is checked.
    for (int i = 0; i < 4; ++i)
        QCOMPARE(errorOf(twoFactor.verify(m_userId, QStringLiteral("00000%1").arg(i))), QStringLiteral("InvalidTwoFactorCode"));
    QCOMPARE(errorOf(twoFactor.verify(m_userId, QStringLiteral("aaaa-bbbb-cccc-dddd"))), QStringLiteral("InvalidTwoFactorCode"));
    m_now = m_now.addSecs(30);
    QCOMPARE(errorOf(twoFactor.verify(m_userId, codeAt(key))), QStringLiteral("TooManyTwoFactorAttempts"));
    QCOMPARE(errorOf(twoFactor.verify(m_userId, codes.at(0))), QStringLiteral("TooManyTwoFactorAttempts"));
    QCOMPARE(take(twoFactor.status(m_userId)).recoveryCodesLeft, 10);  // the refused code was not used up
    const QList<AuditEvent> limited = events(QStringLiteral("twoFactorFailure"));
    QCOMPARE(limited.first().detail.value(QStringLiteral("reason")).toString(), QStringLiteral("rateLimited"));
    // Per person: another user's attempts are their own.
    QCOMPARE(errorOf(twoFactor.verify(bob, QStringLiteral("000000"))), QStringLiteral("TwoFactorNotEnrolled"));
    // The limit is shared by every TwoFactor on the store (and every server on its database).
    QCOMPARE(errorOf(make().verify(m_userId, codeAt(key))), QStringLiteral("TooManyTwoFactorAttempts"));
}

void TestTwoFactor::enrolmentCodesAreLimitedToo()
{
    const TwoFactor twoFactor = make();
    const TotpEnrolmentOffer offer = take(twoFactor.beginEnrolment(m_userId, QStringLiteral("alice@example.com")));
    const QByteArray key = *Base32::decode(offer.secret);
    for (int i = 0; i < 5; ++i)
        QCOMPARE(errorOf(twoFactor.confirmEnrolment(m_userId, codeAt(key, 3600 + 30 * i))), QStringLiteral("InvalidTwoFactorCode"));
    // Five wrong codes: the right one is not checked either, and nothing is confirmed.
    QCOMPARE(errorOf(twoFactor.confirmEnrolment(m_userId, codeAt(key))), QStringLiteral("TooManyTwoFactorAttempts"));
    QVERIFY(!take(twoFactor.status(m_userId)).enrolled);
    QCOMPARE(events(QStringLiteral("twoFactorEnrolFailure")).first().detail.value(QStringLiteral("reason")).toString(),
             QStringLiteral("rateLimited"));
    // The same count guards the sign-in's codes.
    QCOMPARE(errorOf(twoFactor.verify(m_userId, codeAt(key))), QStringLiteral("TooManyTwoFactorAttempts"));
}

void TestTwoFactor::concurrentGuessesStayWithinTheLimit()
{
    // A database-backed store answers on its own threads, so the guesses below are in flight
    // together; each is counted before it is checked, so no more than the limit are checked.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto adapter = std::shared_ptr<SqlAdapter>(SqlAdapter::fromUrl(QStringLiteral("sqlite://") + dir.filePath(QStringLiteral("g.db"))));
    adapter->migrate().waitForFinished();
    const QString userId = take(adapter->createUser({{}, {}, QStringLiteral("carol@example.com"), {}, {}})).id;
    const TwoFactor twoFactor(adapter, {secret}, {QStringLiteral("Example"), [this] { return m_now; }});
    const TotpEnrolmentOffer offer = take(twoFactor.beginEnrolment(userId, QStringLiteral("carol@example.com")));
    const QByteArray key = *Base32::decode(offer.secret);
    take(twoFactor.confirmEnrolment(userId, codeAt(key)));

    QList<QFuture<SecondFactor>> guesses;
    for (int i = 0; i < 30; ++i)
        guesses.append(twoFactor.verify(userId, codeAt(key, 3600 + 30 * i)));
    int checked = 0;
    int refused = 0;
    for (const QFuture<SecondFactor> &guess : std::as_const(guesses)) {
        const QString error = errorOf(guess);
        checked += error == QLatin1String("InvalidTwoFactorCode");
        refused += error == QLatin1String("TooManyTwoFactorAttempts");
    }
    QCOMPARE(checked, 5);
    QCOMPARE(refused, 25);
}

void TestTwoFactor::withoutStore()
{
    const TwoFactor twoFactor(std::make_shared<BareAdapter>(), {secret});
    QVERIFY(!twoFactor.isAvailable());
    QCOMPARE(errorOf(twoFactor.beginEnrolment(QStringLiteral("1"), QStringLiteral("a"))), QStringLiteral("MissingAdapterMethods"));
    QCOMPARE(errorOf(twoFactor.verify(QStringLiteral("1"), QStringLiteral("123456"))), QStringLiteral("MissingAdapterMethods"));
    QCOMPARE(errorOf(twoFactor.status(QStringLiteral("1"))), QStringLiteral("MissingAdapterMethods"));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, TwoFactor(m_adapter, {}));
}

void TestTwoFactor::auditTrail()
{
    const TwoFactor twoFactor = make();
    const TwoFactorChange from{QStringLiteral("192.0.2.7")};
    const TotpEnrolmentOffer offer = take(twoFactor.beginEnrolment(m_userId, QStringLiteral("alice"), from));
    const QByteArray key = *Base32::decode(offer.secret);
    QCOMPARE(errorOf(twoFactor.confirmEnrolment(m_userId, QStringLiteral("000000"), from)), QStringLiteral("InvalidTwoFactorCode"));
    const QStringList codes = take(twoFactor.confirmEnrolment(m_userId, codeAt(key), from));
    QCOMPARE(errorOf(twoFactor.verify(m_userId, codeAt(key), from)), QStringLiteral("InvalidTwoFactorCode"));
    take(twoFactor.verify(m_userId, codes.at(3), from));
    take(twoFactor.regenerateRecoveryCodes(m_userId, from));
    take(twoFactor.remove(m_userId, {QStringLiteral("192.0.2.8"), true}));

    QCOMPARE(events(QStringLiteral("twoFactorEnrolBegin")).size(), 1);
    QCOMPARE(events(QStringLiteral("twoFactorEnrolFailure")).size(), 1);
    QCOMPARE(events(QStringLiteral("twoFactorEnrol")).size(), 1);
    const QList<AuditEvent> failures = events(QStringLiteral("twoFactorFailure"));
    QCOMPARE(failures.size(), 1);
    QCOMPARE(failures.first().detail.value(QStringLiteral("method")).toString(), QStringLiteral("totp"));
    QCOMPARE(failures.first().clientAddress, QStringLiteral("192.0.2.7"));
    const QList<AuditEvent> verified = events(QStringLiteral("twoFactorVerify"));
    QCOMPARE(verified.size(), 1);
    QCOMPARE(verified.first().detail.value(QStringLiteral("method")).toString(), QStringLiteral("recoveryCode"));
    QCOMPARE(verified.first().detail.value(QStringLiteral("recoveryCodesLeft")).toInt(), 9);
    QCOMPARE(events(QStringLiteral("twoFactorRecoveryCodes")).size(), 1);
    const QList<AuditEvent> removed = events(QStringLiteral("twoFactorRemove"));
    QCOMPARE(removed.size(), 1);
    QCOMPARE(removed.first().detail.value(QStringLiteral("by")).toString(), QStringLiteral("admin"));
    // No event carries a secret or a code.
    for (const AuditEvent &event : take(m_adapter->auditEvents({}, 100))) {
        const QString detail = QString::fromUtf8(QJsonDocument(event.detail).toJson());
        QVERIFY(!detail.contains(offer.secret));
        for (const QString &code : codes)
            QVERIFY(!detail.contains(code));
    }
}

QTEST_GUILESS_MAIN(TestTwoFactor)
#include "tst_twofactor.moc"
