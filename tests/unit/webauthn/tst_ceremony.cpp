// Registration and authentication against recorded ceremonies: data/*.json made by
// data/generate.mjs (software authenticators) and data/chromium-*.json recorded from Chromium's
// virtual authenticator by tests/e2e/webauthn (--record). The valid ones pass, and every
// tampered variant fails with an error that names what is wrong.
#include "webauthn/ceremony.h"
#include "webauthn/verificationerror.h"
#include "crypto/base64url.h"

#include <QCborArray>
#include <QCborMap>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <functional>

using namespace Gatehouse;
using namespace Gatehouse::WebAuthn;

namespace {

using Mutation = std::function<void(QJsonObject &credential, Expectations &expected)>;

QJsonObject ceremony(const QString &name)
{
    QFile file(QStringLiteral(WEBAUTHN_TEST_DATA "/%1.json").arg(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(file.fileName()));
    return QJsonDocument::fromJson(file.readAll()).object();
}

QByteArray fromBase64Url(const QString &text)
{
    return Crypto::base64UrlDecode(QStringView(text)).value_or(QByteArray());
}

QString toBase64Url(const QByteArray &data)
{
    return QString::fromLatin1(Crypto::base64UrlEncode(data));
}

Expectations expectationsFor(const QJsonObject &ceremony, const QJsonObject &step)
{
    Expectations expected;
    expected.challenge = fromBase64Url(step.value("challenge").toString());
    expected.rpId = ceremony.value("rpId").toString();
    expected.origins = {ceremony.value("origin").toString()};
    return expected;
}

QByteArray member(const QJsonObject &credential, const QString &key)
{
    return fromBase64Url(credential.value("response").toObject().value(key).toString());
}

void setMember(QJsonObject &credential, const QString &key, const QByteArray &value)
{
    QJsonObject response = credential.value("response").toObject();
    response.insert(key, toBase64Url(value));
    credential.insert("response", response);
}

void setClientData(QJsonObject &credential, const QString &key, const QJsonValue &value)
{
    QJsonObject clientData = QJsonDocument::fromJson(member(credential, "clientDataJSON")).object();
    clientData.insert(key, value);
    setMember(credential, "clientDataJSON", QJsonDocument(clientData).toJson(QJsonDocument::Compact));
}

QCborMap attestationOf(const QJsonObject &credential)
{
    return QCborValue::fromCbor(member(credential, "attestationObject")).toMap();
}

void setAttestation(QJsonObject &credential, const QCborMap &attestation)
{
    setMember(credential, "attestationObject", QCborValue(attestation).toCbor());
}

// Changes the registration's authenticator data with \a change.
Mutation onAuthData(std::function<void(QByteArray &)> change)
{
    return [change](QJsonObject &credential, Expectations &) {
        QCborMap attestation = attestationOf(credential);
        QByteArray authData = attestation.value("authData").toByteArray();
        change(authData);
        attestation.insert(QStringLiteral("authData"), authData);
        setAttestation(credential, attestation);
    };
}

// Replaces the COSE key in the registration's authenticator data by \a change of it.
Mutation onCoseKey(std::function<void(QCborMap &)> change)
{
    return onAuthData([change](QByteArray &authData) {
        const int idLength = (quint8(authData.at(53)) << 8) | quint8(authData.at(54));
        const qsizetype keyStart = 55 + idLength;
        QCborMap key = QCborValue::fromCbor(authData.mid(keyStart)).toMap();
        change(key);
        authData = authData.left(keyStart) + QCborValue(key).toCbor();
    });
}

Mutation flipFlag(quint8 clear, quint8 set = 0)
{
    return onAuthData([clear, set](QByteArray &authData) { authData[32] = char((quint8(authData.at(32)) & ~clear) | set); });
}

Mutation flipLastByte(const QString &key)
{
    return [key](QJsonObject &credential, Expectations &) {
        QByteArray value = member(credential, key);
        value[value.size() - 1] = char(value.at(value.size() - 1) ^ 0x01);
        setMember(credential, key, value);
    };
}

Mutation onStatement(std::function<void(QCborMap &)> change)
{
    return [change](QJsonObject &credential, Expectations &) {
        QCborMap attestation = attestationOf(credential);
        QCborMap statement = attestation.value("attStmt").toMap();
        change(statement);
        attestation.insert(QStringLiteral("attStmt"), statement);
        setAttestation(credential, attestation);
    };
}

QString errorOf(const std::function<void()> &verify)
{
    try {
        verify();
    } catch (const VerificationError &error) {
        return error.message();
    }
    return QStringLiteral("(accepted)");
}

StoredCredential storedFrom(const RegisteredCredential &registered)
{
    return StoredCredential{registered.credentialId, registered.publicKey, registered.counter};
}

} // namespace

Q_DECLARE_METATYPE(Mutation)

class TestCeremony : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void registersAndAuthenticates_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("requireUserVerification");
        QTest::addColumn<int>("algorithm");
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("attestationType");
        QTest::addColumn<QString>("deviceType");
        QTest::addColumn<bool>("replayAccepted");
        QTest::addColumn<uint>("counter");
        QTest::addColumn<QStringList>("transports");
        const QStringList platform = {"internal", "hybrid"};

        QTest::newRow("ES256, none") << "es256-none" << true << -7 << "none" << "none" << "multiDevice" << false << 0u << platform;
        QTest::newRow("RS256, none") << "rs256-none" << true << -257 << "none" << "none" << "multiDevice" << false << 0u << platform;
        QTest::newRow("EdDSA, none") << "eddsa-none" << true << -8 << "none" << "none" << "multiDevice" << false << 0u << platform;
        QTest::newRow("ES256, packed self") << "es256-packed-self" << true << -7 << "packed" << "self" << "multiDevice" << false << 0u << platform;
        QTest::newRow("RS256, packed self") << "rs256-packed-self" << true << -257 << "packed" << "self" << "multiDevice" << false << 0u << platform;
        QTest::newRow("EdDSA, packed self") << "eddsa-packed-self" << true << -8 << "packed" << "self" << "multiDevice" << false << 0u << platform;
        QTest::newRow("ES256, packed x5c") << "es256-packed-x5c" << true << -7 << "packed" << "basic" << "singleDevice" << false << 0u << platform;
        // Without a counter (always 0) a repeated assertion cannot be told from a fresh one.
        QTest::newRow("UP only, no counter") << "es256-up-only-no-counter" << false << -7 << "none" << "none"
                                             << "singleDevice" << true << 0u << platform;
        // Recorded from Chromium's virtual authenticator by tests/e2e/webauthn (--record).
        QTest::newRow("Chromium, ES256") << "chromium-es256" << true << -7 << "none" << "none" << "singleDevice" << false
                                         << 1u << QStringList{"internal"};
        QTest::newRow("Chromium, RS256") << "chromium-rs256" << true << -257 << "none" << "none" << "singleDevice" << false
                                         << 1u << QStringList{"internal"};
    }

    void registersAndAuthenticates()
    {
        QFETCH(QString, file);
        QFETCH(bool, requireUserVerification);
        const QJsonObject recorded = ceremony(file);
        const QJsonObject registration = recorded.value("registration").toObject();
        Expectations expected = expectationsFor(recorded, registration);
        expected.requireUserVerification = requireUserVerification;

        const RegisteredCredential credential = verifyRegistration(registration.value("credential").toObject(), expected);
        QFETCH(int, algorithm);
        QCOMPARE(int(credential.algorithm), algorithm);
        QTEST(credential.attestationFormat, "format");
        QTEST(attestationTypeName(credential.attestationType), "attestationType");
        QTEST(credential.deviceType(), "deviceType");
        QTEST(uint(credential.counter), "counter");
        QTEST(credential.transports, "transports");
        QCOMPARE(toBase64Url(credential.credentialId), registration.value("credential").toObject().value("id").toString());

        StoredCredential stored = storedFrom(credential);
        const QJsonArray authentications = recorded.value("authentications").toArray();
        QVERIFY(!authentications.isEmpty());
        for (const QJsonValue &step : authentications) {
            Expectations assertionExpected = expectationsFor(recorded, step.toObject());
            assertionExpected.requireUserVerification = requireUserVerification;
            const VerifiedAssertion assertion =
                verifyAuthentication(step.toObject().value("credential").toObject(), stored, assertionExpected);
            QVERIFY(!assertion.userHandle.isEmpty());
            QCOMPARE(assertion.userVerified, requireUserVerification);
            stored.counter = assertion.newCounter;
        }

        // Replaying the first assertion: its counter is not above the stored one any more.
        const QJsonObject first = authentications.first().toObject();
        Expectations replayExpected = expectationsFor(recorded, first);
        replayExpected.requireUserVerification = requireUserVerification;
        const QString error = errorOf([&] { verifyAuthentication(first.value("credential").toObject(), stored, replayExpected); });
        QFETCH(bool, replayAccepted);
        if (replayAccepted)
            QCOMPARE(error, QStringLiteral("(accepted)"));
        else
            QVERIFY2(error.contains("is not greater than the stored"), qPrintable(error));
    }

    void refusesTamperedRegistration_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<Mutation>("mutation");
        QTest::addColumn<QString>("error");

        const auto expect = [](std::function<void(Expectations &)> change) {
            return Mutation([change](QJsonObject &, Expectations &expected) { change(expected); });
        };
        const QString none = QStringLiteral("es256-none");
        QTest::newRow("challenge") << none << expect([](Expectations &e) { e.challenge = QByteArray(32, 'x'); })
                                   << "challenge does not match";
        QTest::newRow("origin") << none << expect([](Expectations &e) { e.origins = {"https://evil.test"}; })
                                << "origin \"http://localhost:9300\" is not the expected https://evil.test";
        QTest::newRow("RP ID") << none << expect([](Expectations &e) { e.rpId = "example.com"; })
                               << "RP ID hash is not that of \"example.com\"";
        QTest::newRow("algorithm not offered") << none << expect([](Expectations &e) { e.algorithms = {-257}; })
                                               << "ES256 (-7) was not offered";
        QTest::newRow("client data type")
            << none << Mutation([](QJsonObject &c, Expectations &) { setClientData(c, "type", "webauthn.get"); })
            << "type is \"webauthn.get\", expected \"webauthn.create\"";
        QTest::newRow("client data challenge")
            << none << Mutation([](QJsonObject &c, Expectations &) { setClientData(c, "challenge", "AAAA"); })
            << "challenge does not match";
        QTest::newRow("cross-origin frame")
            << none << Mutation([](QJsonObject &c, Expectations &) { setClientData(c, "crossOrigin", true); })
            << "cross-origin frame";
        QTest::newRow("client data not JSON")
            << none << Mutation([](QJsonObject &c, Expectations &) { setMember(c, "clientDataJSON", "{\"type\":"); })
            << "clientDataJSON: not a JSON object";
        QTest::newRow("user not verified") << none << flipFlag(0x04) << "user not verified (UV flag)";
        QTest::newRow("user not present") << none << flipFlag(0x01) << "user not present (UP flag)";
        QTest::newRow("backed up, not eligible") << none << flipFlag(0x08) << "backed up (BS) without being backup eligible";
        QTest::newRow("AT flag cleared") << none << flipFlag(0x40) << "unexpected bytes at the end (do the AT/ED flags match?)";
        QTest::newRow("ED flag without extensions") << none << flipFlag(0, 0x80) << "authenticator extensions: no CBOR data";
        QTest::newRow("authData trailing byte") << none << onAuthData([](QByteArray &a) { a.append('\0'); })
                                                << "1 unexpected bytes at the end";
        QTest::newRow("authData truncated") << none << onAuthData([](QByteArray &a) { a.truncate(50); })
                                            << "attested credential data is truncated";
        QTest::newRow("malformed CBOR")
            << none << Mutation([](QJsonObject &c, Expectations &) { setMember(c, "attestationObject", member(c, "attestationObject").left(40)); })
            << "attestationObject: malformed CBOR";
        QTest::newRow("CBOR trailing bytes")
            << none << Mutation([](QJsonObject &c, Expectations &) { setMember(c, "attestationObject", member(c, "attestationObject") + '\x01'); })
            << "1 unexpected bytes after the CBOR item";
        QTest::newRow("CBOR not a map")
            << none << Mutation([](QJsonObject &c, Expectations &) { setMember(c, "attestationObject", QCborValue(QCborArray{1, 2}).toCbor()); })
            << "attestationObject: expected a CBOR map";
        QTest::newRow("CBOR duplicate key")
            << none << Mutation([](QJsonObject &c, Expectations &) {
                   // {"fmt": "none", "fmt": "none", ...}: a map of 4 entries with the same key twice.
                   QByteArray cbor = member(c, "attestationObject");
                   cbor[0] = char(0xa4);
                   cbor.insert(1, QByteArray::fromHex("63666d74646e6f6e65"));
                   setMember(c, "attestationObject", cbor);
               })
            << "duplicate key";
        QTest::newRow("id and rawId differ")
            << none << Mutation([](QJsonObject &c, Expectations &) { c.insert("id", toBase64Url("other")); })
            << "id and rawId are empty or differ";
        QTest::newRow("credential ID not the attested one")
            << none << Mutation([](QJsonObject &c, Expectations &) { c.insert("id", toBase64Url("other")); c.insert("rawId", toBase64Url("other")); })
            << "attested credential ID differs";
        QTest::newRow("credential type")
            << none << Mutation([](QJsonObject &c, Expectations &) { c.insert("type", "password"); })
            << "credential.type is not \"public-key\"";
        QTest::newRow("attestationObject not base64url")
            << none << Mutation([](QJsonObject &c, Expectations &) {
                   QJsonObject r = c.value("response").toObject();
                   r.insert("attestationObject", "not base64url!");
                   c.insert("response", r);
               })
            << "credential.response.attestationObject is not base64url";
        QTest::newRow("unsupported format")
            << none << Mutation([](QJsonObject &c, Expectations &) {
                   QCborMap a = attestationOf(c);
                   a.insert(QStringLiteral("fmt"), QStringLiteral("fido-u2f"));
                   setAttestation(c, a);
               })
            << "attestation format \"fido-u2f\" is not supported";
        QTest::newRow("none with a statement") << none << onStatement([](QCborMap &s) { s.insert(QStringLiteral("alg"), -7); })
                                               << "none attestation: attStmt must be empty";
        QTest::newRow("COSE point not on the curve")
            << none << onCoseKey([](QCborMap &k) { QByteArray y = k.value(-3).toByteArray(); y[5] = char(y.at(5) ^ 1); k.insert(-3, y); })
            << "COSE EC2 key: not a valid public key";
        QTest::newRow("COSE curve P-384")
            << none << onCoseKey([](QCborMap &k) { k.insert(-1, 2); }) << "COSE EC2 key: curve is not P-256";
        QTest::newRow("COSE x too short")
            << none << onCoseKey([](QCborMap &k) { k.insert(-2, QByteArray(31, 'x')); }) << "x and y must be 32 bytes each";
        QTest::newRow("COSE alg of another key type")
            << none << onCoseKey([](QCborMap &k) { k.insert(3, -257); }) << "COSE EC2 key: algorithm RS256 (-257) is not supported";
        QTest::newRow("COSE key type symmetric")
            << none << onCoseKey([](QCborMap &k) { k.insert(1, 4); }) << "COSE key: key type 4 is not supported";
        QTest::newRow("COSE key without alg")
            << none << onCoseKey([](QCborMap &k) { k.remove(3); }) << "COSE key alg: missing";
        QTest::newRow("COSE RSA modulus too small")
            << "rs256-none" << onCoseKey([](QCborMap &k) { k.insert(-1, k.value(-1).toByteArray().left(128)); })
            << "modulus of 1024 bits is below the minimum of 2048";
        QTest::newRow("COSE RSA even exponent")
            << "rs256-none" << onCoseKey([](QCborMap &k) { k.insert(-2, QByteArray::fromHex("010000")); })
            << "public exponent must be odd";
        QTest::newRow("COSE Ed25519 key too long")
            << "eddsa-none" << onCoseKey([](QCborMap &k) { k.insert(-2, QByteArray(33, 'x')); }) << "x must be 32 bytes";
        QTest::newRow("COSE OKP curve X25519")
            << "eddsa-none" << onCoseKey([](QCborMap &k) { k.insert(-1, 4); }) << "curve is not Ed25519";
        QTest::newRow("packed self: signature")
            << "es256-packed-self" << onStatement([](QCborMap &s) { QByteArray sig = s.value("sig").toByteArray(); sig[10] = char(sig.at(10) ^ 1); s.insert(QStringLiteral("sig"), sig); })
            << "packed self attestation: the signature is not valid";
        QTest::newRow("packed self: client data changed")
            << "eddsa-packed-self" << Mutation([](QJsonObject &c, Expectations &e) {
                   setClientData(c, "extra", "x");  // still the right challenge and origin, but signed differently
                   Q_UNUSED(e);
               })
            << "packed self attestation: the signature is not valid";
        QTest::newRow("packed self: alg of another key")
            << "es256-packed-self" << onStatement([](QCborMap &s) { s.insert(QStringLiteral("alg"), -257); })
            << "alg RS256 (-257) differs from the credential key's ES256 (-7)";
        QTest::newRow("packed: unsupported alg")
            << "es256-packed-self" << onStatement([](QCborMap &s) { s.insert(QStringLiteral("alg"), -35); })
            << "algorithm COSE algorithm -35 is not supported";
        QTest::newRow("packed: no signature")
            << "es256-packed-self" << onStatement([](QCborMap &s) { s.remove(QStringLiteral("sig")); })
            << "packed attestation sig: missing";
        QTest::newRow("packed x5c: signature")
            << "es256-packed-x5c" << onStatement([](QCborMap &s) { QByteArray sig = s.value("sig").toByteArray(); sig[12] = char(sig.at(12) ^ 1); s.insert(QStringLiteral("sig"), sig); })
            << "not valid for the attestation certificate";
        QTest::newRow("packed x5c: not a certificate")
            << "es256-packed-x5c" << onStatement([](QCborMap &s) { s.insert(QStringLiteral("x5c"), QCborArray{QByteArray("junk")}); })
            << "x5c[0] is not a DER certificate";
        QTest::newRow("packed x5c: empty")
            << "es256-packed-x5c" << onStatement([](QCborMap &s) { s.insert(QStringLiteral("x5c"), QCborArray{}); })
            << "x5c must be a non-empty array";
        QTest::newRow("packed x5c: AAGUID altered")
            << "es256-packed-x5c" << onAuthData([](QByteArray &a) { a[37] = char(a.at(37) ^ 1); })
            << "not valid for the attestation certificate";
        QTest::newRow("packed x5c: AAGUID not the certificate's") << "es256-packed-x5c-other-aaguid" << Mutation()
                                                                  << "differs from the authenticator's";
        QTest::newRow("packed x5c: wrong issuer") << "es256-packed-x5c-wrong-issuer" << Mutation() << "x5c[0] is not signed by x5c[1]";
        QTest::newRow("packed x5c: wrong OU") << "es256-packed-x5c-bad-ou" << Mutation()
                                             << "subject OU is \"Something Else\", not \"Authenticator Attestation\"";
        QTest::newRow("UV required, UP-only key") << "es256-up-only-no-counter" << Mutation() << "user not verified (UV flag)";
    }

    void refusesTamperedRegistration()
    {
        QFETCH(QString, file);
        QFETCH(Mutation, mutation);
        QFETCH(QString, error);
        const QJsonObject recorded = ceremony(file);
        const QJsonObject registration = recorded.value("registration").toObject();
        QJsonObject credential = registration.value("credential").toObject();
        Expectations expected = expectationsFor(recorded, registration);
        if (mutation)
            mutation(credential, expected);
        const QString actual = errorOf([&] { verifyRegistration(credential, expected); });
        QVERIFY2(actual.contains(error), qPrintable(actual));
    }

    void refusesTamperedAssertion_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<Mutation>("mutation");
        QTest::addColumn<qint64>("storedCounter");
        QTest::addColumn<QString>("error");

        const auto expect = [](std::function<void(Expectations &)> change) {
            return Mutation([change](QJsonObject &, Expectations &expected) { change(expected); });
        };
        const auto onAssertionData = [](std::function<void(QByteArray &)> change) {
            return Mutation([change](QJsonObject &c, Expectations &) {
                QByteArray data = member(c, "authenticatorData");
                change(data);
                setMember(c, "authenticatorData", data);
            });
        };
        const QString none = QStringLiteral("es256-none");
        QTest::newRow("challenge") << none << expect([](Expectations &e) { e.challenge = QByteArray(32, 'x'); }) << qint64(0)
                                   << "challenge does not match";
        QTest::newRow("origin") << none << expect([](Expectations &e) { e.origins = {"http://localhost:9301"}; }) << qint64(0)
                                << "origin \"http://localhost:9300\" is not the expected http://localhost:9301";
        QTest::newRow("RP ID") << none << expect([](Expectations &e) { e.rpId = "localhost.example"; }) << qint64(0)
                               << "RP ID hash is not that of \"localhost.example\"";
        QTest::newRow("client data type")
            << none << Mutation([](QJsonObject &c, Expectations &) { setClientData(c, "type", "webauthn.create"); }) << qint64(0)
            << "type is \"webauthn.create\", expected \"webauthn.get\"";
        QTest::newRow("client data origin")
            << none << Mutation([](QJsonObject &c, Expectations &) { setClientData(c, "origin", "http://evil.test"); }) << qint64(0)
            << "origin \"http://evil.test\" is not the expected";
        QTest::newRow("signature") << "rs256-none" << flipLastByte("signature") << qint64(0)
                                   << "assertion signature is not valid for the stored RS256 (-257) key";
        QTest::newRow("signed data: counter changed")
            << "eddsa-none" << onAssertionData([](QByteArray &a) { a[36] = char(a.at(36) + 5); }) << qint64(0)
            << "assertion signature is not valid for the stored EdDSA (-8) key";
        QTest::newRow("signed data: client data changed")
            << none << Mutation([](QJsonObject &c, Expectations &) { setClientData(c, "extra", 1); }) << qint64(0)
            << "assertion signature is not valid";
        QTest::newRow("flags: UV cleared") << none << onAssertionData([](QByteArray &a) { a[32] = char(a.at(32) & ~0x04); })
                                           << qint64(0) << "user not verified (UV flag)";
        QTest::newRow("flags: UP cleared") << none << onAssertionData([](QByteArray &a) { a[32] = char(a.at(32) & ~0x01); })
                                           << qint64(0) << "user not present (UP flag)";
        QTest::newRow("flags: UV-less key, UV required") << "es256-up-only-no-counter" << Mutation() << qint64(0)
                                                        << "user not verified (UV flag)";
        QTest::newRow("counter equal") << none << Mutation() << qint64(1)
                                       << "signature counter 1 is not greater than the stored 1";
        QTest::newRow("counter decreased") << none << Mutation() << qint64(9)
                                           << "signature counter 1 is not greater than the stored 9: the authenticator may have been cloned";
        QTest::newRow("counter 0 after a counting one") << "es256-up-only-no-counter"
                                                        << expect([](Expectations &e) { e.requireUserVerification = false; })
                                                        << qint64(3) << "signature counter 0 is not greater than the stored 3";
        QTest::newRow("authenticator data truncated") << none << onAssertionData([](QByteArray &a) { a.truncate(20); }) << qint64(0)
                                                      << "authenticator data: 20 bytes, at least 37 expected";
        QTest::newRow("credential of another user")
            << none << Mutation([](QJsonObject &c, Expectations &) { c.insert("id", toBase64Url("x")); c.insert("rawId", toBase64Url("x")); })
            << qint64(0) << "id is not that of the stored credential";
        QTest::newRow("signature missing")
            << none << Mutation([](QJsonObject &c, Expectations &) {
                   QJsonObject r = c.value("response").toObject();
                   r.remove("signature");
                   c.insert("response", r);
               })
            << qint64(0) << "credential.response.signature is missing";
        QTest::newRow("userHandle not base64url")
            << none << Mutation([](QJsonObject &c, Expectations &) {
                   QJsonObject r = c.value("response").toObject();
                   r.insert("userHandle", "%%");
                   c.insert("response", r);
               })
            << qint64(0) << "credential.response.userHandle is not base64url";
    }

    void refusesTamperedAssertion()
    {
        QFETCH(QString, file);
        QFETCH(Mutation, mutation);
        QFETCH(qint64, storedCounter);
        QFETCH(QString, error);
        const QJsonObject recorded = ceremony(file);
        const QJsonObject registration = recorded.value("registration").toObject();
        Expectations registrationExpected = expectationsFor(recorded, registration);
        registrationExpected.requireUserVerification = false;
        StoredCredential stored = storedFrom(verifyRegistration(registration.value("credential").toObject(), registrationExpected));
        stored.counter = storedCounter;

        const QJsonObject step = recorded.value("authentications").toArray().first().toObject();
        QJsonObject credential = step.value("credential").toObject();
        Expectations expected = expectationsFor(recorded, step);
        if (mutation)
            mutation(credential, expected);
        const QString actual = errorOf([&] { verifyAuthentication(credential, stored, expected); });
        QVERIFY2(actual.contains(error), qPrintable(actual));
    }

    void refusesTheKeyOfAnotherCredential()
    {
        const QJsonObject es256 = ceremony("es256-none");
        const QJsonObject rs256 = ceremony("rs256-none");
        Expectations expected = expectationsFor(rs256, rs256.value("registration").toObject());
        StoredCredential stored = storedFrom(verifyRegistration(rs256.value("registration").toObject().value("credential").toObject(), expected));
        const QJsonObject step = es256.value("authentications").toArray().first().toObject();
        const QJsonObject credential = step.value("credential").toObject();
        stored.credentialId = fromBase64Url(credential.value("id").toString());
        const QString error = errorOf([&] { verifyAuthentication(credential, stored, expectationsFor(es256, step)); });
        QCOMPARE(error, QStringLiteral("assertion signature is not valid for the stored RS256 (-257) key"));
    }
};

QTEST_GUILESS_MAIN(TestCeremony)
#include "tst_ceremony.moc"
