#include "readerrows.h"
#include "userimport/keycloakfile.h"

#include "legacyhashes/legacyhash.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::UserImport;

namespace {

//! A password credential as Keycloak 12+ exports it: two JSON documents kept as strings.
QJsonObject credential(const QString &algorithm, int iterations, const QByteArray &salt, const QByteArray &value,
                       const QJsonObject &parameters = {})
{
    const QJsonObject secret{{"value", QString::fromLatin1(value.toBase64())}, {"salt", QString::fromLatin1(salt.toBase64())},
                             {"additionalParameters", QJsonObject()}};
    const QJsonObject data{{"hashIterations", iterations}, {"algorithm", algorithm}, {"additionalParameters", parameters}};
    return {{"type", "password"},
            {"userLabel", "My password"},
            {"createdDate", 1700000000000.0},
            {"secretData", QString::fromUtf8(QJsonDocument(secret).toJson(QJsonDocument::Compact))},
            {"credentialData", QString::fromUtf8(QJsonDocument(data).toJson(QJsonDocument::Compact))}};
}

QJsonObject user(const QString &username, const QString &email, const QJsonArray &credentials, bool enabled = true)
{
    QJsonObject u{{"id", "0b0e5c2c-0000-4000-8000-" + username.leftJustified(12, '0').left(12)},
                  {"username", username},
                  {"enabled", enabled},
                  {"emailVerified", true},
                  {"firstName", "First"},
                  {"lastName", "Last"},
                  {"credentials", credentials},
                  {"groups", QJsonArray{"/staff", "/staff/ops"}},
                  {"realmRoles", QJsonArray{"default-roles-demo"}}};
    if (!email.isEmpty())
        u.insert("email", email);
    return u;
}

QByteArray realm(const QJsonArray &users)
{
    return QJsonDocument(QJsonObject{{"realm", "demo"}, {"enabled", true}, {"users", users}}).toJson();
}

//! PBKDF2 computed apart from Gatehouse: Debian's Python's hashlib.
QByteArray pythonPbkdf2(const QString &digest, const QByteArray &password, const QByteArray &salt, int iterations, int length)
{
    const QByteArray hex = ReaderRows::run(QStringLiteral("/usr/bin/python3"),
                                           {QStringLiteral("-c"),
                                            QStringLiteral("import hashlib,sys; print(hashlib.pbkdf2_hmac('%1', sys.stdin.buffer.read(), "
                                                           "bytes.fromhex('%2'), %3, %4).hex())")
                                                .arg(digest, QString::fromLatin1(salt.toHex())).arg(iterations).arg(length)},
                                           password);
    return QByteArray::fromHex(hex);
}

} // namespace

class TestKeycloakFile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void files_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<QStringList>("users");
        QTest::addColumn<QStringList>("refused");
        const QByteArray salt(16, 's');
        const QByteArray value(64, 'v');
        const QString nothing = QStringLiteral("; nothing of the file is imported");

        QTest::newRow("pbkdf2-sha256, disabled, no email")
            << realm({user("alice", "Alice@Example.test", {credential("pbkdf2-sha256", 27500, salt, value)}),
                      user("bob", "", {credential("pbkdf2-sha512", 210000, salt, value)}, false)})
            << QStringList{"alice@example.test|First Last|verified||staff,staff/ops|keycloak-pbkdf2-sha256",
                           "bob@example.test|First Last|verified|disabled|staff,staff/ops|keycloak-pbkdf2-sha512"}
            << QStringList{};
        QTest::newRow("no password credential, an otp one")
            << realm({user("carol", "carol@example.test", {QJsonObject{{"type", "otp"}, {"secretData", "{}"}}})})
            << QStringList{"carol@example.test|First Last|verified||staff,staff/ops|"} << QStringList{};
        QTest::newRow("argon2")
            << realm({user("dave", "dave@example.test",
                           {credential("argon2", 3, salt, QByteArray(32, 'h'),
                                       {{"type", QJsonArray{"id"}}, {"version", QJsonArray{"1.3"}}, {"memory", QJsonArray{"65536"}},
                                        {"parallelism", QJsonArray{"4"}}, {"hashLength", QJsonArray{"32"}}})})})
            << QStringList{"dave@example.test|First Last|verified||staff,staff/ops|argon2id"} << QStringList{};
        QTest::newRow("absurd iterations")
            << realm({user("erin", "erin@example.test", {credential("pbkdf2-sha256", 1000000000, salt, value)})}) << QStringList{}
            << QStringList{"users[0] (erin): keycloak-pbkdf2-sha256 with 1000000000 iterations is above 1000000"};
        QTest::newRow("argon2 with 4 GiB")
            << realm({user("frank", "frank@example.test",
                           {credential("argon2", 3, salt, QByteArray(32, 'h'), {{"memory", QJsonArray{"4194304"}}})})})
            << QStringList{} << QStringList{"users[0] (frank): argon2id memory 4194304 KiB is above 131072 KiB"};
        QTest::newRow("unknown algorithm")
            << realm({user("gina", "gina@example.test", {credential("bcrypt", 10, salt, value)})}) << QStringList{}
            << QStringList{"users[0] (gina): unknown password algorithm \"bcrypt\""};
        QTest::newRow("two passwords")
            << realm({user("hugo", "hugo@example.test",
                           {credential("pbkdf2-sha256", 27500, salt, value), credential("pbkdf2-sha256", 27500, salt, value)})})
            << QStringList{} << QStringList{"users[0] (hugo): 2 password credentials; Keycloak keeps one"};
        QTest::newRow("duplicate email")
            << realm({user("ida", "ida@example.test", {}), user("ida2", "IDA@example.test", {})})
            << QStringList{"ida@example.test|First Last|verified||staff,staff/ops|"}
            << QStringList{"users[1] (ida2): ida@example.test is on users[0] (ida) already"};
        // JSON escapes UTF-16: half a surrogate pair alone is no character (see tst_jsonlinesfile).
        QJsonObject lone = user("kim", "kim@example.test", {});
        lone.insert("lastName", "L LONE-D800");
        QJsonObject loneGroup = user("max", "max@example.test", {});
        loneGroup.insert("groups", QJsonArray{"/staff", "/LONE-DBFF"});
        QTest::newRow("half a surrogate pair")
            << realm({lone, user("leaLONE-DC00", "lea@example.test", {}), loneGroup, user("ned", "ned@example.test", {})})
                   .replace("LONE-D800", "\\ud800").replace("LONE-DC00", "\\uDC00").replace("LONE-DBFF", "\\udbff")
            << QStringList{"ned@example.test|First Last|verified||staff,staff/ops|"}
            << QStringList{"users[0] (kim): lastName: half of a UTF-16 surrogate pair (an escape \\uD800 to \\uDFFF) alone is not a character",
                           "users[1]: username: half of a UTF-16 surrogate pair (an escape \\uD800 to \\uDFFF) alone is not a character",
                           "users[2] (max): groups: half of a UTF-16 surrogate pair (an escape \\uD800 to \\uDFFF) alone is not a character"};
        QTest::newRow("truncated") << realm({user("jo", "jo@example.test", {})}).chopped(40) << QStringList{}
                                   << QStringList{"line 21: not JSON: unterminated object" + nothing};
        QTest::newRow("no users") << QByteArray("{\"realm\": \"demo\"}") << QStringList{}
                                  << QStringList{"line 1: no \"users\" array: not a Keycloak realm export with its users" + nothing};
    }

    void files()
    {
        QFETCH(QByteArray, file);
        QFETCH(QStringList, users);
        QFETCH(QStringList, refused);
        const UserFileContents contents = readKeycloak(file, {QStringLiteral("example.test"), false});
        QCOMPARE(ReaderRows::refusals(contents), refused);
        QCOMPARE(ReaderRows::users(contents), users);
        // The reader reads an export as they usually are without QJsonDocument, and leaves the
        // rest to it (a key beyond ASCII, say): both ways read the same users and refusals.
        QByteArray byDocument = file;
        byDocument.insert(file.indexOf('{') + 1, "\"r\xc3\xa9gion\": \"\xc3\x89\", ");
        const UserFileContents read = readKeycloak(byDocument, {QStringLiteral("example.test"), false});
        QCOMPARE(ReaderRows::refusals(read), refused);
        QCOMPARE(ReaderRows::users(read), users);
    }

    // The credentials Keycloak writes, with the keys computed by Python's hashlib: each one
    // read from the export verifies its password and no other.
    void pbkdf2ComputedApart_data()
    {
        QTest::addColumn<QString>("algorithm");
        QTest::addColumn<QString>("digest");
        QTest::addColumn<int>("iterations");
        QTest::newRow("pbkdf2 (SHA-1, Keycloak before 11)") << "pbkdf2" << "sha1" << 20000;
        QTest::newRow("pbkdf2-sha256 (Keycloak 11-23)") << "pbkdf2-sha256" << "sha256" << 27500;
        QTest::newRow("pbkdf2-sha512 (Keycloak 24+)") << "pbkdf2-sha512" << "sha512" << 210000;
    }

    void pbkdf2ComputedApart()
    {
        QFETCH(QString, algorithm);
        QFETCH(QString, digest);
        QFETCH(int, iterations);
        if (!QFile::exists(QStringLiteral("/usr/bin/python3")))
            QSKIP("Debian's python3 is not installed");
        const QByteArray password = "k\xc3\xa9ycloak password";
        const QByteArray salt = QByteArray::fromHex("8f2a51c06b3e7d4492ac10f5e8b7d6c1");
        const QByteArray key = pythonPbkdf2(digest, password, salt, iterations, 64);
        QCOMPARE(key.size(), 64);
        const UserFileContents contents =
            readKeycloak(realm({user("kim", "kim@example.test", {credential(algorithm, iterations, salt, key)})}), {});
        QCOMPARE(ReaderRows::refusals(contents), QStringList{});
        QCOMPARE(contents.users.size(), 1);
        const auto parsed = LegacyHashes::parseLegacyHash(contents.users.first().passwordHash.toLatin1());
        QVERIFY(parsed->verify(password));
        QVERIFY(!parsed->verify("keycloak password"));
    }
};

QTEST_GUILESS_MAIN(TestKeycloakFile)
#include "tst_keycloakfile.moc"
