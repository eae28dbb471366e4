#include "readerrows.h"
#include "userimport/csvfile.h"

#include "legacyhashes/legacyhash.h"

#include <QFile>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::UserImport;

namespace {
const QByteArray bcrypt10 = "$2y$10$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW";
const QByteArray bcrypt5 = "$2y$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW";
}

class TestCsvFile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void files_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<QStringList>("users");
        QTest::addColumn<QStringList>("refused");
        const QString nothing = QStringLiteral("; nothing of the file is imported");

        QTest::newRow("every column, quoted commas, a line break in a name")
            << "email,name,email_verified,disabled,groups,password_hash\n"
               "Alice@Example.test,\"Liddell, Alice\",true,false,\"admins,dev\"," + bcrypt10 + "\n"
               "bob@example.test,\"Bob\nBuilder\",no,yes,,\n"
            << QStringList{"alice@example.test|Liddell, Alice|verified||admins,dev|bcrypt",
                           "bob@example.test|Bob\nBuilder||disabled||"}
            << QStringList{};
        QTest::newRow("columns in another order, BOM, CRLF, quotes doubled")
            << "\xEF\xBB\xBFpassword_hash,email,name\r\n" + bcrypt10 + ",c@example.test,\"Carol \"\"C\"\"\"\r\n\r\n"
            << QStringList{"c@example.test|Carol \"C\"||||bcrypt"} << QStringList{};
        QTest::newRow("bad rows")
            << "email,disabled,password_hash\n"
               "a@example.test,maybe,\n"
               "b@example.test,false\n"
               "not an address,false,\n"
               "d@example.test,false," + bcrypt5 + "\n"
               "e@example.test,false,$2b$31$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW\n"
               "f@example.test,false,{SHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=\n"
               "g@example.test,false,pbkdf2_sha256$1000000000$salt$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\n"
               "h@example.test,false,\n"
               "H@example.test,false,\n"
               "\xff@example.test,false,\n"
            << QStringList{"h@example.test|||||"}
            << QStringList{"line 2 (disabled): must be true or false", "line 3: 2 fields where the header names 3",
                           "line 4 (email): \"not an address\" is not an email address (--email-domain turns user names into addresses)",
                           "line 5 (password_hash): bcrypt cost 5 is below 10 (--allow-weak-hashes accepts it)",
                           "line 6 (password_hash): bcrypt cost 31 is above 14",
                           "line 7 (password_hash): {SHA} is unsalted SHA-1, as good as the password in clear: refused",
                           "line 8 (password_hash): django-pbkdf2-sha256 with 1000000000 iterations is above 2000000",
                           "line 10 (email): h@example.test is on line 9 already", "line 11 (email): not UTF-8"};
        QTest::newRow("unknown column") << QByteArray("email,password\na@example.test,x\n") << QStringList{}
                                        << QStringList{"line 1: unknown column \"password\" in the header; the columns are "
                                                       "email, name, email_verified, disabled, groups, password_hash" + nothing};
        QTest::newRow("no email column") << QByteArray("name\nA\n") << QStringList{}
                                         << QStringList{"line 1: the header has no email column" + nothing};
        QTest::newRow("column twice") << QByteArray("email,EMAIL\n") << QStringList{}
                                      << QStringList{"line 1: the column email is named twice in the header" + nothing};
        QTest::newRow("truncated in a quote") << QByteArray("email,name\na@example.test,A\nb@example.test,\"B\n") << QStringList{}
                                              << QStringList{"line 3: a quoted field begins here and never ends (a truncated file?)" + nothing};
        QTest::newRow("empty") << QByteArray() << QStringList{} << QStringList{};
    }

    void files()
    {
        QFETCH(QByteArray, file);
        QFETCH(QStringList, users);
        QFETCH(QStringList, refused);
        const UserFileContents contents = readCsv(file, {});
        QCOMPARE(ReaderRows::refusals(contents), refused);
        QCOMPARE(ReaderRows::users(contents), users);
    }

    // The strings passlib and Django write, each in a CSV file, read and verified.
    void hashesOfPythonTools_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("scheme");
        QTest::newRow("passlib pbkdf2_sha256") << "from passlib.hash import pbkdf2_sha256 as h; print(h.hash(p))" << "pbkdf2-sha256";
        QTest::newRow("passlib pbkdf2_sha512") << "from passlib.hash import pbkdf2_sha512 as h; print(h.hash(p))" << "pbkdf2-sha512";
        QTest::newRow("passlib scrypt") << "from passlib.hash import scrypt as h; print(h.using(rounds=14).hash(p))" << "scrypt";
        QTest::newRow("passlib ldap_pbkdf2_sha512") << "from passlib.hash import ldap_pbkdf2_sha512 as h; print(h.hash(p))"
                                                    << "ldap-pbkdf2-sha512";
        QTest::newRow("django make_password")
            << "from django.conf import settings; settings.configure(); from django.contrib.auth.hashers import make_password; "
               "print(make_password(p))"
            << "django-pbkdf2-sha256";
    }

    void hashesOfPythonTools()
    {
        QFETCH(QString, code);
        QFETCH(QString, scheme);
        if (!QFile::exists(QStringLiteral("/usr/bin/python3")))
            QSKIP("Debian's python3 is not installed");
        const QByteArray password = "p\xc3\xa4ssword of a csv row";
        const QByteArray hash = ReaderRows::run(QStringLiteral("/usr/bin/python3"),
                                                {QStringLiteral("-c"), QStringLiteral("import sys; p = sys.stdin.read(); ") + code},
                                                password);
        if (hash.isEmpty())
            QSKIP("python3-passlib or python3-django is not installed");
        const UserFileContents contents = readCsv("email,password_hash\nz@example.test,\"" + hash + "\"\n", {});
        QCOMPARE(ReaderRows::refusals(contents), QStringList{});
        QCOMPARE(contents.users.size(), 1);
        QCOMPARE(contents.users.first().scheme, scheme);
        const auto parsed = LegacyHashes::parseLegacyHash(contents.users.first().passwordHash.toLatin1());
        QVERIFY(parsed->verify(password));
        QVERIFY(!parsed->verify("password of a csv row"));
    }
};

QTEST_GUILESS_MAIN(TestCsvFile)
#include "tst_csvfile.moc"
