#include "userimport/htpasswdfile.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Gatehouse::UserImport;

namespace {

const QByteArray bcrypt10 = "$2y$10$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW";
const QByteArray bcrypt5 = "$2y$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW";

QStringList refusals(const HtpasswdContents &contents)
{
    QStringList out;
    for (const RefusedLine &line : contents.refused)
        out.append(line.toString());
    return out;
}

} // namespace

class TestHtpasswdFile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void lines_data();
    void lines();
    void fileWrittenByHtpasswd();
};

void TestHtpasswdFile::lines_data()
{
    QTest::addColumn<QByteArray>("file");
    QTest::addColumn<QString>("emailDomain");
    QTest::addColumn<bool>("allowWeak");
    QTest::addColumn<QStringList>("emails");
    QTest::addColumn<QStringList>("refused");

    QTest::newRow("one user") << "alice:" + bcrypt10 + "\n" << "example.test" << false << QStringList{"alice@example.test"}
                              << QStringList{};
    QTest::newRow("BOM, CRLF, comments, blank lines, no final newline")
        << "\xEF\xBB\xBF# users\r\n\r\nAlice:" + bcrypt10 + "\r\n  \r\nbob@other.test:" + bcrypt10 << "example.test" << false
        << QStringList{"alice@example.test", "bob@other.test"} << QStringList{};
    QTest::newRow("no domain") << "alice:" + bcrypt10 + "\n" << "" << false << QStringList{}
                               << QStringList{"line 1: \"alice\" is not an email address (--email-domain turns user names into addresses)"};
    QTest::newRow("duplicate") << "alice:" + bcrypt10 + "\nALICE:" + bcrypt10 + "\n" << "example.test" << false
                               << QStringList{"alice@example.test"} << QStringList{"line 2: alice@example.test is on line 1 already"};
    QTest::newRow("weak refused") << "alice:" + bcrypt5 + "\n" << "example.test" << false << QStringList{}
                                  << QStringList{"line 1: bcrypt cost 5 is below 10 (--allow-weak-hashes accepts it)"};
    QTest::newRow("weak allowed") << "alice:" + bcrypt5 + "\n" << "example.test" << true << QStringList{"alice@example.test"}
                                  << QStringList{};
    QTest::newRow("bad lines") << "no colon here\n:" + bcrypt10 + "\n\xff\xfe:" + bcrypt10 + "\ncarol:{SHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=\n"
                                  "dave:$2b$31$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW\nerin:{MD5}X03MO1qnZdYdgyfeuILPmQ==\n"
                                  "frank:\n"
                               << "example.test" << true << QStringList{}
                               << QStringList{"line 1: no ':' between the user name and the hash", "line 2: the user name is empty",
                                              "line 3: the user name is not UTF-8",
                                              "line 4: {SHA} is unsalted SHA-1, as good as the password in clear: refused",
                                              "line 5: bcrypt cost 31 is above 14", "line 6: unknown hash scheme {MD5}",
                                              "line 7: the hash is empty"};
    QTest::newRow("name with a space") << "al ice:" + bcrypt10 + "\n" << "example.test" << false << QStringList{}
                                       << QStringList{"line 1: \"al ice@example.test\" is not an email address"};
    // U+2000 (EN QUAD) is a space too, though not an ASCII one (found by fuzz_users_keycloak).
    QTest::newRow("name with a Unicode space") << "al\xE2\x80\x80ice:" + bcrypt10 + "\n" << "example.test" << false << QStringList{}
                                               << QStringList{QStringLiteral("line 1: \"al\u2000ice@example.test\" is not an email address")};
    QTest::newRow("empty file") << QByteArray() << "example.test" << false << QStringList{} << QStringList{};
}

void TestHtpasswdFile::lines()
{
    QFETCH(QByteArray, file);
    QFETCH(QString, emailDomain);
    QFETCH(bool, allowWeak);
    QFETCH(QStringList, emails);
    QFETCH(QStringList, refused);
    const HtpasswdContents contents = readHtpasswd(file, {emailDomain, allowWeak});
    QStringList read;
    for (const ImportedUser &user : contents.users)
        read.append(user.email);
    QCOMPARE(read, emails);
    QCOMPARE(refusals(contents), refused);
}

void TestHtpasswdFile::fileWrittenByHtpasswd()
{
    const QString htpasswd = QStandardPaths::findExecutable(QStringLiteral("htpasswd"));
    if (htpasswd.isEmpty())
        QSKIP("htpasswd (apache2-utils) is not installed: packaging/install-deps.sh installs it");
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("users.htpasswd"));
    // One user per scheme htpasswd writes, as an administrator would build the file.
    const QList<QStringList> commands = {{"-cbB", "-C", "10", file, "alice", "alice-password"},
                                         {"-b5", file, "bob", "bob-password"},
                                         {"-b2", file, "carol", "carol-password"},
                                         {"-bm", file, "dave", "dave-password"},
                                         {"-bs", file, "erin", "erin-password"}};
    for (const QStringList &arguments : commands) {
        QProcess process;
        process.start(htpasswd, arguments);
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 0);
    }
    QFile in(file);
    QVERIFY(in.open(QIODevice::ReadOnly));
    const QByteArray written = in.readAll();
    const HtpasswdContents contents = readHtpasswd(written, {QStringLiteral("example.test"), false});
    QStringList read;
    for (const ImportedUser &user : contents.users)
        read.append(user.email + QLatin1Char(' ') + user.scheme);
    QCOMPARE(read, (QStringList{"alice@example.test bcrypt", "bob@example.test sha512-crypt", "carol@example.test sha256-crypt"}));
    QCOMPARE(refusals(contents), (QStringList{"line 4: apr1 is 1000 rounds of MD5 (--allow-weak-hashes accepts it)",
                                              "line 5: {SHA} is unsalted SHA-1, as good as the password in clear: refused"}));
    // With --allow-weak-hashes apr1 comes along, flagged; {SHA} never does.
    const HtpasswdContents weak = readHtpasswd(written, {QStringLiteral("example.test"), true});
    QCOMPARE(weak.users.size(), 4);
    QCOMPARE(weak.users.last().scheme, QStringLiteral("apr1"));
    QVERIFY(!weak.users.last().weakness.isEmpty());
}

QTEST_GUILESS_MAIN(TestHtpasswdFile)
#include "tst_htpasswdfile.moc"
