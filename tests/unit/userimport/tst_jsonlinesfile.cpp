#include "readerrows.h"
#include "userimport/jsonlinesfile.h"

#include <QTest>

using namespace Gatehouse::UserImport;

namespace {
const QByteArray bcrypt10 = "$2y$10$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW";
}

class TestJsonLinesFile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void files_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<QStringList>("users");
        QTest::addColumn<QStringList>("refused");

        QTest::newRow("users") << "{\"email\":\"A@example.test\",\"name\":\"A\",\"email_verified\":true,\"disabled\":false,"
                                  "\"groups\":[\"x\",\"y\"],\"password_hash\":\"" + bcrypt10 + "\"}\r\n\n"
                                  "{\"email\":\"b@example.test\",\"name\":null,\"password_hash\":null}"
                               << QStringList{"a@example.test|A|verified||x,y|bcrypt", "b@example.test|||||"} << QStringList{};
        QTest::newRow("bad lines")
            << QByteArray("{\"email\":\"a@example.test\",\"role\":\"admin\"}\n"
                          "{\"email\":\"b@example.test\",\"disabled\":\"no\"}\n"
                          "{\"email\":\"c@example.test\",\"groups\":\"x\"}\n"
                          "{\"name\":\"D\"}\n"
                          "[1,2]\n"
                          "{\"email\":\"f@example.test\"\n"
                          "{\"email\":\"g@example.test\",\"password_hash\":\"$argon2id$v=19$m=65536,t=100,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA\"}\n"
                          "{\"email\":\"h@example.test\"}\n{\"email\":\"H@example.test\"}\n")
            << QStringList{"h@example.test|||||"}
            << QStringList{"line 1 (role): unknown key; the keys are email, name, email_verified, disabled, groups, password_hash",
                           "line 2 (disabled): must be true or false", "line 3 (groups): must be an array of group names",
                           "line 4 (email): is missing", "line 5: not a JSON object",
                           "line 6: not JSON: unterminated string at column 26",
                           "line 7 (password_hash): argon2id with 100 passes over 65536 KiB is above 16 passes or 262144 KiB in all",
                           "line 9 (email): h@example.test is on line 8 already"};
        // JSON escapes UTF-16: half a surrogate pair alone decodes to no character; SQLite would
        // keep bytes that are not UTF-8 and read back U+FFFD (a re-run would find the user changed).
        QTest::newRow("half a surrogate pair")
            << QByteArray("{\"email\":\"a@example.test\",\"name\":\"A \\ud800\"}\n"
                          "{\"email\":\"b@example.test\",\"groups\":[\"x\",\"\\udc00\"]}\n"
                          "{\"email\":\"c\\udbff@example.test\"}\n"
                          "{\"email\":\"d@example.test\",\"name\":\"D \\ud83d\\ude00\"}\n")
            << QStringList{"d@example.test|D \U0001F600||||"}
            << QStringList{"line 1 (name): half of a UTF-16 surrogate pair (an escape \\uD800 to \\uDFFF) alone is not a character",
                           "line 2 (groups): half of a UTF-16 surrogate pair (an escape \\uD800 to \\uDFFF) alone is not a character",
                           "line 3 (email): half of a UTF-16 surrogate pair (an escape \\uD800 to \\uDFFF) alone is not a character"};
    }

    void files()
    {
        QFETCH(QByteArray, file);
        QFETCH(QStringList, users);
        QFETCH(QStringList, refused);
        const UserFileContents contents = readJsonLines(file, {});
        QCOMPARE(ReaderRows::refusals(contents), refused);
        QCOMPARE(ReaderRows::users(contents), users);
    }

    // What export writes, import reads back as it was.
    void roundTrip()
    {
        ImportedUser user;
        user.email = QStringLiteral("r@example.test");
        user.name = QStringLiteral("R \"quoted\" \u00e9");
        user.emailVerified = true;
        user.disabled = true;
        user.groups = {QStringLiteral("a"), QStringLiteral("b c")};
        user.passwordHash = QString::fromLatin1(bcrypt10);
        const QByteArray withHash = jsonLine(user, true);
        const QByteArray withoutHash = jsonLine(user, false);
        QVERIFY(!withoutHash.contains("$2y$"));
        const UserFileContents back = readJsonLines(withHash + QByteArray(withoutHash).replace("r@example", "s@example"), {});
        QCOMPARE(ReaderRows::refusals(back), QStringList{});
        QCOMPARE(ReaderRows::users(back), (QStringList{"r@example.test|R \"quoted\" \u00e9|verified|disabled|a,b c|bcrypt",
                                                       "s@example.test|R \"quoted\" \u00e9|verified|disabled|a,b c|"}));
        QCOMPARE(back.users.first().passwordHash, user.passwordHash);
    }
};

QTEST_GUILESS_MAIN(TestJsonLinesFile)
#include "tst_jsonlinesfile.moc"
