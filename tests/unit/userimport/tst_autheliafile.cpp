#include "readerrows.h"
#include "userimport/autheliafile.h"

#include "legacyhashes/legacyhash.h"

#include <QStandardPaths>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::UserImport;

namespace {
const QByteArray bcrypt10 = "$2y$10$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW";
}

class TestAutheliaFile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void files_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<QStringList>("users");
        QTest::addColumn<QStringList>("refused");

        // As Authelia's documentation shows the file (quoted values, block list of groups).
        QTest::newRow("documentation") << "---\n# users\nusers:\n  john:\n    disabled: false\n    displayname: 'John Doe'\n"
                                          "    password: '" + bcrypt10 + "'\n    email: 'john.doe@authelia.com'\n"
                                          "    groups:\n      - 'admins'\n      - 'dev'\n  harry:\n    displayname: \"Harry \\\"H\\\" Potter\"\n"
                                          "    password: \"" + bcrypt10 + "\"\n    email: Harry@Example.com  # a comment\n"
                                          "    disabled: true\n    groups: [dev, 'ops']\n"
                                       << QStringList{"john.doe@authelia.com|John Doe|||admins,dev|bcrypt",
                                                      "harry@example.com|Harry \"H\" Potter||disabled|dev,ops|bcrypt"}
                                       << QStringList{};
        QTest::newRow("BOM, CRLF, groups at the key's indentation")
            << "\xEF\xBB\xBFusers:\r\n  a:\r\n    password: " + bcrypt10 + "\r\n    email: a@example.test\r\n    groups:\r\n    - x\r\n"
            << QStringList{"a@example.test||||x|bcrypt"} << QStringList{};
        QTest::newRow("empty users") << QByteArray("users: {}\n") << QStringList{} << QStringList{};
        QTest::newRow("unknown key refuses the user")
            << "users:\n  a:\n    password: " + bcrypt10 + "\n    email: a@example.test\n    given_name: A\n"
                                                        "  b:\n    password: " + bcrypt10 + "\n    email: b@example.test\n"
            << QStringList{"b@example.test|||||bcrypt"}
            << QStringList{"line 5 (given_name): unknown key; a user has password, email, displayname, disabled, groups"};
        QTest::newRow("missing email") << "users:\n  a:\n    password: " + bcrypt10 + "\n" << QStringList{}
                                       << QStringList{"line 2 (email): user a has no email"};
        QTest::newRow("missing password") << QByteArray("users:\n  a:\n    email: a@example.test\n") << QStringList{}
                                          << QStringList{"line 2 (password): user a has no password"};
        QTest::newRow("disabled not a boolean")
            << "users:\n  a:\n    password: " + bcrypt10 + "\n    email: a@example.test\n    disabled: 'yes'\n" << QStringList{}
            << QStringList{"line 5 (disabled): must be true or false"};
        QTest::newRow("duplicate email")
            << "users:\n  a:\n    password: " + bcrypt10 + "\n    email: a@example.test\n  b:\n    password: " + bcrypt10
                   + "\n    email: A@example.test\n"
            << QStringList{"a@example.test|||||bcrypt"} << QStringList{"line 7 (email): a@example.test is on line 4 already"};
        QTest::newRow("absurd bcrypt cost")
            << QByteArray("users:\n  a:\n    password: $2b$31$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW\n    email: a@example.test\n")
            << QStringList{} << QStringList{"line 3 (password): bcrypt cost 31 is above 14"};
        QTest::newRow("argon2 with 4 GiB")
            << QByteArray("users:\n  a:\n    password: $argon2id$v=19$m=4194304,t=3,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG\n    email: a@example.test\n")
            << QStringList{} << QStringList{"line 3 (password): argon2id memory 4194304 KiB is above 131072 KiB"};
        QTest::newRow("unknown scheme") << QByteArray("users:\n  a:\n    password: '{MD5}X03MO1qnZdYdgyfeuILPmQ=='\n    email: a@example.test\n")
                                        << QStringList{} << QStringList{"line 3 (password): unknown hash scheme {MD5}"};
        const QString nothing = QStringLiteral("; nothing of the file is imported");
        QTest::newRow("tab") << "users:\n  a:\n\tpassword: " + bcrypt10 + "\n" << QStringList{}
                             << QStringList{"line 3: a tab in the indentation; YAML indents with spaces" + nothing};
        QTest::newRow("anchor") << "users:\n  a: &x\n    password: " + bcrypt10 + "\n" << QStringList{}
                                << QStringList{"line 2: user a must be a mapping of its fields" + nothing};
        QTest::newRow("alias value") << QByteArray("users:\n  a:\n    email: *x\n") << QStringList{}
                                     << QStringList{"line 3: '*' starts a YAML feature this reader does not support" + nothing};
        QTest::newRow("block scalar") << QByteArray("users:\n  a:\n    displayname: |\n      A\n") << QStringList{}
                                      << QStringList{"line 3: '|' starts a YAML feature this reader does not support" + nothing};
        QTest::newRow("other top-level key") << "users:\n  a:\n    password: " + bcrypt10 + "\n    email: a@example.test\nextra: 1\n"
                                             << QStringList{}
                                             << QStringList{"line 5: unexpected top-level key \"extra\"; the file has one: users" + nothing};
        QTest::newRow("truncated quote") << QByteArray("users:\n  a:\n    password: '$2y$10$CCC\n") << QStringList{}
                                         << QStringList{"line 3: a quoted value does not end on its line" + nothing};
        QTest::newRow("bad indentation") << "users:\n  a:\n    password: " + bcrypt10 + "\n     email: a@example.test\n"
                                         << QStringList{}
                                         << QStringList{"line 4: indented by 5 spaces where the fields of user a are indented by 4" + nothing};
        QTest::newRow("not UTF-8") << QByteArray("users:\n  \xff\xfe:\n") << QStringList{} << QStringList{"line 2: not UTF-8" + nothing};
        // Double quotes escape UTF-16: a pair of escapes is one character, half of one is none.
        QTest::newRow("surrogate pair escaped")
            << "users:\n  a:\n    password: " + bcrypt10 + "\n    email: a@example.test\n    displayname: \"A \\uD83D\\ude00\"\n"
            << QStringList{"a@example.test|A \U0001F600||||bcrypt"} << QStringList{};
        QTest::newRow("half a surrogate pair")
            << "users:\n  a:\n    password: " + bcrypt10 + "\n    email: a@example.test\n    displayname: \"A \\uD83D\"\n"
            << QStringList{}
            << QStringList{"line 5: half of a UTF-16 surrogate pair (an escape \\uD800 to \\uDFFF) alone is not a character" + nothing};
        QTest::newRow("not the format") << QByteArray("alice:$2y$10$abc\n") << QStringList{}
                                        << QStringList{"line 1: expected \"key: value\"" + nothing};
        QTest::newRow("no users at all") << QByteArray("# nothing\n") << QStringList{} << QStringList{"line 1: no \"users:\" mapping" + nothing};
    }

    void files()
    {
        QFETCH(QByteArray, file);
        QFETCH(QStringList, users);
        QFETCH(QStringList, refused);
        const UserFileContents contents = readAuthelia(file, {});
        QCOMPARE(ReaderRows::refusals(contents), refused);
        QCOMPARE(ReaderRows::users(contents), users);
    }

    // An Argon2id hash as Authelia's own default writes it (64 MiB, 3 passes, 4 lanes), made by
    // the argon2 command, read from the file and verified.
    void argon2FromTheArgon2Command()
    {
        const QString argon2 = QStandardPaths::findExecutable(QStringLiteral("argon2"));
        if (argon2.isEmpty())
            QSKIP("the argon2 command is not installed");
        const QByteArray hash = ReaderRows::run(argon2, {QStringLiteral("saltsaltsaltsalt"), QStringLiteral("-id"), QStringLiteral("-t"),
                                                         QStringLiteral("3"), QStringLiteral("-k"), QStringLiteral("65536"),
                                                         QStringLiteral("-p"), QStringLiteral("4"), QStringLiteral("-e")},
                                                "john's password");
        QVERIFY2(hash.startsWith("$argon2id$v=19$m=65536,t=3,p=4$"), hash.constData());
        const QByteArray file = "users:\n  john:\n    displayname: \"John Doe\"\n    password: \"" + hash
            + "\"\n    email: john.doe@authelia.com\n    groups:\n      - admins\n";
        const UserFileContents contents = readAuthelia(file, {});
        QCOMPARE(ReaderRows::refusals(contents), QStringList{});
        QCOMPARE(contents.users.size(), 1);
        QCOMPARE(contents.users.first().scheme, QStringLiteral("argon2id"));
        const auto parsed = LegacyHashes::parseLegacyHash(contents.users.first().passwordHash.toLatin1());
        QVERIFY(parsed->verify("john's password"));
        QVERIFY(!parsed->verify("john's passwore"));
    }
};

QTEST_GUILESS_MAIN(TestAutheliaFile)
#include "tst_autheliafile.moc"
