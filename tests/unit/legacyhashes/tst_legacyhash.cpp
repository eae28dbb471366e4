#include "legacyhashes/legacyhash.h"

#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>

using namespace Gatehouse::LegacyHashes;
using Kind = HashProblem::Kind;

namespace {

QByteArray hex(const char *text)
{
    return QByteArray::fromHex(text);
}

//! passlib's adapted base64 of \a bytes: '.' for '+', no padding.
QByteArray ab64(const QByteArray &bytes)
{
    return bytes.toBase64(QByteArray::OmitTrailingEquals).replace('+', '.');
}

//! What \a program prints for \a arguments (stdin: \a input), or an empty string when it cannot
//! run; bounded in time.
QByteArray run(const QString &program, const QStringList &arguments, const QByteArray &input = {})
{
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForStarted(10000))
        return {};
    process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(30000) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        process.kill();
        process.waitForFinished(5000);
        return {};
    }
    return process.readAllStandardOutput().trimmed();
}

//! Debian's own Python (the one with python3-passlib and python3-django), not the PATH's.
const QString DebianPython = QStringLiteral("/usr/bin/python3");

} // namespace

class TestLegacyHash : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void publishedVectors_data();
    void publishedVectors();
    void refusedBeforeAnyWork_data();
    void refusedBeforeAnyWork();
    void madeByTheRealTools_data();
    void madeByTheRealTools();
};

void TestLegacyHash::publishedVectors_data()
{
    QTest::addColumn<QByteArray>("stored");
    QTest::addColumn<QByteArray>("password");
    QTest::addColumn<QString>("scheme");
    QTest::addColumn<bool>("weak");

    // bcrypt: crypt_blowfish's vectors (Openwall, wrapper.c); cost 5 is below Gatehouse's 10: weak.
    QTest::newRow("bcrypt 2a U*U") << QByteArray("$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW")
                                   << QByteArray("U*U") << "bcrypt" << true;
    QTest::newRow("bcrypt 2a U*U*") << QByteArray("$2a$05$CCCCCCCCCCCCCCCCCCCCC.VGOzA784oUp/Z0DY336zx7pLYAy0lwK")
                                    << QByteArray("U*U*") << "bcrypt" << true;
    QTest::newRow("bcrypt 2a U*U*U") << QByteArray("$2a$05$XXXXXXXXXXXXXXXXXXXXXOAcXxm9kjPGEMsLznoKqmqw7tc8WCx4a")
                                     << QByteArray("U*U*U") << "bcrypt" << true;
    QTest::newRow("bcrypt 2a past 72 bytes")
        << QByteArray("$2a$05$abcdefghijklmnopqrstuu5s2v8.iXieOjg/.AySBTTZIIVFJeBui")
        << QByteArray("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789chars after 72 are ignored")
        << "bcrypt" << true;
    QTest::newRow("bcrypt 2y 8-bit") << QByteArray("$2y$05$/OK.fbVrR/bpIqNJ5ianF.Sa7shbm4.OzKpvFnX1pQLmQW96oUlCq")
                                     << QByteArray("\xa3") << "bcrypt" << true;
    QTest::newRow("bcrypt 2a password") << QByteArray("$2a$05$bvIG6Nmid91Mu9RcmmWZfO5HJIMCT8riNW0hEp8f6/FuA2/mHZFpe")
                                        << QByteArray("password") << "bcrypt" << true;

    // sha-crypt: the vectors of Ulrich Drepper's specification.
    QTest::newRow("sha256-crypt") << QByteArray("$5$saltstring$5B8vYYiY.CVt1RlTTf8KbXBH3hsxY/GNooZaBBGWEc5")
                                  << QByteArray("Hello world!") << "sha256-crypt" << false;
    QTest::newRow("sha256-crypt rounds")
        << QByteArray("$5$rounds=10000$saltstringsaltst$3xv.VbSHBb41AL9AvLeujZkZRBAwqFMz2.opqey6IcA")
        << QByteArray("Hello world!") << "sha256-crypt" << false;
    QTest::newRow("sha512-crypt")
        << QByteArray("$6$saltstring$svn8UoSVapNtMuq1ukKS4tPQd8iKwSMHWjl/O817G3uBnIFNjnQJuesI68u4OTLiBFdcbYEdFCoEOfaS35inz1")
        << QByteArray("Hello world!") << "sha512-crypt" << false;
    QTest::newRow("sha512-crypt rounds")
        << QByteArray("$6$rounds=10000$saltstringsaltst$OW1/O6BYHV6BcXZu8QVeXbDWra3Oeqh0sbHbbMCVNSnCM/UrjmM0Dp8vOuZeHBy/YTBmSK6H9qs/y3RnOaw5v.")
        << QByteArray("Hello world!") << "sha512-crypt" << false;

    // apr1: Apache's documented example, and two made by OpenSSL's independent `openssl passwd -apr1`.
    QTest::newRow("apr1 apache docs") << QByteArray("$apr1$r31.....$HqJZimcKQFAMYayBlzkrA/") << QByteArray("myPassword")
                                      << "apr1" << true;
    QTest::newRow("apr1 empty") << QByteArray("$apr1$saltsalt$a8ml/vK5HEjiZ5oypDWA7/") << QByteArray() << "apr1" << true;
    QTest::newRow("apr1 utf-8") << QByteArray("$apr1$x$Kzn.cSDdCrYQZfFg5UXZM.") << QStringLiteral("pässwörd").toUtf8()
                                << "apr1" << true;

    // argon2: the reference implementation's README example (m=2^16, t=2, p=4, 24 bytes).
    QTest::newRow("argon2i reference") << QByteArray("$argon2i$v=19$m=65536,t=2,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG")
                                       << QByteArray("password") << "argon2i" << false;

    // PBKDF2: RFC 6070 (HMAC-SHA1) and RFC 7914 section 11 (HMAC-SHA256), in each string form.
    const QByteArray rfc6070 = hex("4b007901b765489abead49d926f721d065a429c1");
    QTest::newRow("keycloak pbkdf2 (RFC 6070)") << "$keycloak-pbkdf2$4096$" + QByteArray("salt").toBase64() + "$" + rfc6070.toBase64()
                                                << QByteArray("password") << "keycloak-pbkdf2" << true;
    const QByteArray rfc7914 = hex("4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56"
                                   "a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d");
    QTest::newRow("keycloak pbkdf2-sha256 (RFC 7914)")
        << "$keycloak-pbkdf2-sha256$80000$" + QByteArray("NaCl").toBase64() + "$" + rfc7914.toBase64()
        << QByteArray("Password") << "keycloak-pbkdf2-sha256" << false;
    QTest::newRow("passlib pbkdf2-sha256 (RFC 7914)")
        << "$pbkdf2-sha256$80000$" + ab64("NaCl") + "$" + ab64(rfc7914.first(32))
        << QByteArray("Password") << "pbkdf2-sha256" << false;
    QTest::newRow("django pbkdf2_sha256 (RFC 7914)") << "pbkdf2_sha256$80000$NaCl$" + rfc7914.first(32).toBase64()
                                                     << QByteArray("Password") << "django-pbkdf2-sha256" << false;

    // scrypt: RFC 7914 section 12 (N=16384, r=8, p=1), in passlib's form (unpadded standard base64).
    const QByteArray scrypt = hex("7023bdcb3afd7348461c06cd81fd38ebfda8fbba904f8e3ea9b543f6545da1f2"
                                  "d5432955613f0fcf62d49705242a9af9e61e85dc0d651e40dfcf017b45575887");
    QTest::newRow("scrypt (RFC 7914)") << "$scrypt$ln=14,r=8,p=1$" + QByteArray("SodiumChloride").toBase64(QByteArray::OmitTrailingEquals)
                                          + "$" + scrypt.toBase64(QByteArray::OmitTrailingEquals)
                                       << QByteArray("pleaseletmein") << "scrypt" << false;
}

void TestLegacyHash::publishedVectors()
{
    QFETCH(QByteArray, stored);
    QFETCH(QByteArray, password);
    QFETCH(QString, scheme);
    QFETCH(bool, weak);
    const std::unique_ptr<const LegacyHash> hash = parseLegacyHash(stored);
    QCOMPARE(hash->scheme(), scheme);
    QCOMPARE(!hash->weakness().isEmpty(), weak);
    QVERIFY(hash->verify(password));
    QVERIFY(!hash->verify(QByteArray("x") + password));
    if (!password.isEmpty()) {
        QByteArray flipped = password;
        flipped[0] = char(flipped[0] ^ 1);
        QVERIFY(!hash->verify(flipped));
    }
    if (password.size() < 72) // bcrypt reads no further: that row's point
        QVERIFY(!hash->verify(password + 'x'));
}

void TestLegacyHash::refusedBeforeAnyWork_data()
{
    QTest::addColumn<QByteArray>("stored");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("reason");

    const QByteArray bcryptTail = "CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW";
    QTest::newRow("bcrypt cost 31") << "$2b$31$" + bcryptTail << int(Kind::TooCostly) << "bcrypt cost 31 is above 14";
    QTest::newRow("bcrypt cost 15") << "$2b$15$" + bcryptTail << int(Kind::TooCostly) << "bcrypt cost 15 is above 14";
    QTest::newRow("bcrypt cost 3") << "$2b$03$" + bcryptTail << int(Kind::Malformed) << "outside bcrypt's 4 to 31";
    QTest::newRow("bcrypt truncated") << "$2b$10$" + bcryptTail.chopped(1) << int(Kind::Malformed) << "bcrypt: expected";
    QTest::newRow("bcrypt 2x") << "$2x$05$" + bcryptTail << int(Kind::UnknownScheme) << "unknown hash scheme $2x$";
    QTest::newRow("sha512-crypt 10^9 rounds")
        << QByteArray("$6$rounds=999999999$saltstringsaltst$OW1/O6BYHV6BcXZu8QVeXbDWra3Oeqh0sbHbbMCVNSnCM/UrjmM0Dp8vOuZeHBy/YTBmSK6H9qs/y3RnOaw5v.")
        << int(Kind::TooCostly) << "sha512-crypt with 999999999 rounds is above 1000000";
    QTest::newRow("sha256-crypt short hash") << QByteArray("$5$saltstring$5B8vYYiY") << int(Kind::Malformed)
                                             << "sha256-crypt: expected";
    QTest::newRow("pbkdf2 10^9 iterations")
        << "$pbkdf2-sha256$1000000000$" + ab64("NaCl") + "$" + ab64(QByteArray(32, 'x')) << int(Kind::TooCostly)
        << "pbkdf2-sha256 with 1000000000 iterations is above 2000000";
    QTest::newRow("keycloak long key doubles the work")
        << "$keycloak-pbkdf2-sha256$1500000$" + QByteArray("NaCl").toBase64() + "$" + QByteArray(64, 'x').toBase64()
        << int(Kind::TooCostly) << "keycloak-pbkdf2-sha256 with 1500000 iterations is above 1000000";
    QTest::newRow("keycloak md5") << "$keycloak-md5$1000$" + QByteArray("NaCl").toBase64() + "$" + QByteArray(16, 'x').toBase64()
                                  << int(Kind::UnknownScheme) << "unknown Keycloak algorithm \"md5\"";
    // Found by fuzz_legacyhash: the reason repeated what followed "$keycloak-", hash material included.
    QTest::newRow("keycloak algorithm of hash material")
        << QByteArray("$keycloak-pbkdf5e8ic{SSHA512}TAQUrv8Ih2Y=") << int(Kind::UnknownScheme)
        << "unknown Keycloak algorithm (pbkdf2, pbkdf2-sha256 and pbkdf2-sha512 are known)";
    QTest::newRow("long unknown prefix") << QByteArray("$abcdefghijklmnopqrstuvwxyz$x") << int(Kind::UnknownScheme)
                                         << "unknown hash scheme";
    QTest::newRow("django bad base64") << QByteArray("pbkdf2_sha256$80000$NaCl$***") << int(Kind::Malformed)
                                       << "django-pbkdf2-sha256: expected";
    QTest::newRow("argon2id 4 GiB") << QByteArray("$argon2id$v=19$m=4194304,t=1,p=1$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG")
                                    << int(Kind::TooCostly) << "argon2id memory 4194304 KiB is above 131072 KiB";
    QTest::newRow("argon2id 100 passes") << QByteArray("$argon2id$v=19$m=65536,t=100,p=1$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG")
                                         << int(Kind::TooCostly) << "argon2id with 100 passes over 65536 KiB";
    QTest::newRow("argon2id 64 lanes") << QByteArray("$argon2id$v=19$m=65536,t=1,p=64$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG")
                                       << int(Kind::TooCostly) << "argon2id with 64 lanes is above 8";
    QTest::newRow("argon2id params out of order") << QByteArray("$argon2id$v=19$t=2,m=65536,p=1$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG")
                                                  << int(Kind::Malformed) << "argon2id: m, t and p";
    QTest::newRow("argon2d") << QByteArray("$argon2d$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG")
                             << int(Kind::UnknownScheme) << "unknown hash scheme $argon2d$";
    QTest::newRow("scrypt ln=30") << "$scrypt$ln=30,r=8,p=1$" + ab64("salt") + "$" + ab64(QByteArray(32, 'x'))
                                  << int(Kind::TooCostly) << "scrypt with ln=30, r=8, p=1 is above ln=20";
    QTest::newRow("scrypt 1 GiB") << "$scrypt$ln=20,r=8,p=1$" + ab64("salt") + "$" + ab64(QByteArray(32, 'x'))
                                  << int(Kind::TooCostly) << "scrypt with ln=20, r=8, p=1 needs 1024 MiB";
    QTest::newRow("{SHA}") << QByteArray("{SHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=") << int(Kind::Refused)
                           << "{SHA} is unsalted SHA-1";
    QTest::newRow("{MD5}") << QByteArray("{MD5}X03MO1qnZdYdgyfeuILPmQ==") << int(Kind::UnknownScheme)
                           << "unknown hash scheme {MD5}";
    QTest::newRow("plain text") << QByteArray("hunter2") << int(Kind::UnknownScheme) << "unknown hash scheme";
    QTest::newRow("empty") << QByteArray() << int(Kind::Malformed) << "the hash is empty";
    QTest::newRow("space inside") << QByteArray("$apr1$r31.....$HqJZimcKQF AYayBlzkrA/") << int(Kind::Malformed)
                                  << "not printable ASCII";
    QTest::newRow("apr1 long salt") << QByteArray("$apr1$r31......$HqJZimcKQFAMYayBlzkrA/") << int(Kind::Malformed)
                                    << "apr1: expected";
    QTest::newRow("ssha512 too short") << "{SSHA512}" + QByteArray(40, 'x').toBase64() << int(Kind::Malformed)
                                       << "ssha512: expected";
    QTest::newRow("ldap pbkdf2 10^9") << "{PBKDF2-SHA512}1000000000$" + ab64("salt") + "$" + ab64(QByteArray(64, 'x'))
                                      << int(Kind::TooCostly) << "ldap-pbkdf2-sha512 with 1000000000 iterations";
}

void TestLegacyHash::refusedBeforeAnyWork()
{
    QFETCH(QByteArray, stored);
    QFETCH(int, kind);
    QFETCH(QString, reason);
    try {
        parseLegacyHash(stored);
        QFAIL("accepted");
    } catch (const HashProblem &problem) {
        QVERIFY2(problem.reason().contains(reason), qPrintable(problem.reason()));
        QCOMPARE(int(problem.kind()), kind);
        // The reason names the problem, never the hash it was given.
        if (stored.size() > 20)
            QVERIFY2(!problem.reason().contains(QString::fromLatin1(stored.right(20))), qPrintable(problem.reason()));
    }
}

void TestLegacyHash::madeByTheRealTools_data()
{
    QTest::addColumn<QString>("program");
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("scheme");
    QTest::addColumn<bool>("weak");

    // The password every tool hashes; UTF-8 and a space on purpose.
    const QString password = QStringLiteral("corr\u00e9ct horse");
    const QString htpasswd = QStringLiteral("htpasswd");
    QTest::newRow("htpasswd -B -C 10") << htpasswd << QStringList{"-nbB", "-C", "10", "alice", password} << QByteArray()
                                       << "bcrypt" << false;
    QTest::newRow("htpasswd -B (cost 5)") << htpasswd << QStringList{"-nbB", "alice", password} << QByteArray() << "bcrypt" << true;
    QTest::newRow("htpasswd -2") << htpasswd << QStringList{"-nb2", "alice", password} << QByteArray() << "sha256-crypt" << false;
    QTest::newRow("htpasswd -5") << htpasswd << QStringList{"-nb5", "alice", password} << QByteArray() << "sha512-crypt" << false;
    QTest::newRow("htpasswd -5 -r 20000") << htpasswd << QStringList{"-nb5", "-r", "20000", "alice", password} << QByteArray()
                                          << "sha512-crypt" << false;
    QTest::newRow("htpasswd -m") << htpasswd << QStringList{"-nbm", "alice", password} << QByteArray() << "apr1" << true;
    QTest::newRow("mkpasswd -m sha-512") << QStringLiteral("mkpasswd") << QStringList{"-m", "sha-512", password} << QByteArray()
                                         << "sha512-crypt" << false;
    QTest::newRow("mkpasswd -m bcrypt -R 10") << QStringLiteral("mkpasswd") << QStringList{"-m", "bcrypt", "-R", "10", password}
                                              << QByteArray() << "bcrypt" << false;
    QTest::newRow("argon2 -id") << QStringLiteral("argon2") << QStringList{"somesaltsomesalt", "-id", "-e"} << password.toUtf8()
                                << "argon2id" << true;
    QTest::newRow("argon2 -id like Authelia") << QStringLiteral("argon2")
                                              << QStringList{"somesaltsomesalt", "-id", "-t", "3", "-k", "65536", "-p", "4", "-e"}
                                              << password.toUtf8() << "argon2id" << false;
    QTest::newRow("argon2 -i") << QStringLiteral("argon2") << QStringList{"somesaltsomesalt", "-i", "-t", "5", "-k", "8192", "-e"}
                               << password.toUtf8() << "argon2i" << false;
    const auto passlib = [&](const char *hasher) {
        return QStringList{"-c", QStringLiteral("import sys; from passlib.hash import %1 as h; print(h.hash(sys.stdin.read()))")
                                     .arg(QLatin1String(hasher))};
    };
    QTest::newRow("passlib pbkdf2_sha256") << DebianPython << passlib("pbkdf2_sha256") << password.toUtf8() << "pbkdf2-sha256" << false;
    QTest::newRow("passlib pbkdf2_sha512") << DebianPython << passlib("pbkdf2_sha512") << password.toUtf8() << "pbkdf2-sha512" << false;
    QTest::newRow("passlib scrypt") << DebianPython << passlib("scrypt") << password.toUtf8() << "scrypt" << false;
    QTest::newRow("passlib ldap_pbkdf2_sha512") << DebianPython << passlib("ldap_pbkdf2_sha512") << password.toUtf8()
                                                << "ldap-pbkdf2-sha512" << false;
    QTest::newRow("passlib ldap_salted_sha512") << DebianPython << passlib("ldap_salted_sha512") << password.toUtf8()
                                                << "ssha512" << true;
    QTest::newRow("passlib sha512_crypt") << DebianPython << passlib("sha512_crypt") << password.toUtf8() << "sha512-crypt" << false;
    QTest::newRow("django make_password")
        << DebianPython
        << QStringList{"-c", "import sys; from django.conf import settings; settings.configure(); "
                             "from django.contrib.auth.hashers import make_password; "
                             "print(make_password(sys.stdin.read(), hasher='pbkdf2_sha256'))"}
        << password.toUtf8() << "django-pbkdf2-sha256" << false;
}

void TestLegacyHash::madeByTheRealTools()
{
    QFETCH(QString, program);
    QFETCH(QStringList, arguments);
    QFETCH(QByteArray, input);
    QFETCH(QString, scheme);
    QFETCH(bool, weak);
    const QString path = program.startsWith(QLatin1Char('/')) ? program : QStandardPaths::findExecutable(program);
    if (path.isEmpty() || !QFileInfo::exists(path))
        QSKIP(qPrintable(QStringLiteral("%1 is not installed (packaging/install-deps.sh installs it)").arg(program)));
    QByteArray output = run(path, arguments, input);
    QVERIFY2(!output.isEmpty(), qPrintable(QStringLiteral("%1 %2 printed nothing").arg(program, arguments.join(u' '))));
    if (program == QLatin1String("htpasswd"))
        output = output.mid(output.indexOf(':') + 1); // "alice:<hash>"
    const QByteArray password = QStringLiteral("corr\u00e9ct horse").toUtf8();
    std::unique_ptr<const LegacyHash> hash;
    try {
        hash = parseLegacyHash(output);
    } catch (const HashProblem &problem) {
        QFAIL(qPrintable(QStringLiteral("%1: %2").arg(QString::fromLatin1(output), problem.reason())));
    }
    QCOMPARE(hash->scheme(), scheme);
    QCOMPARE(!hash->weakness().isEmpty(), weak);
    QVERIFY2(hash->verify(password), output.constData());
    QVERIFY(!hash->verify(password.chopped(1)));
    QVERIFY(!hash->verify(password + ' '));
}

QTEST_GUILESS_MAIN(TestLegacyHash)
#include "tst_legacyhash.moc"
