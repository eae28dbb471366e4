// Normalisation and validation of the addresses visitors type into the email sign-in form,
// with every class of hostile input reported against Auth.js's email sign-in.
#include "mail/address.h"

#include <QTest>

using namespace Gatehouse::Mail;

class TestAddress : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void accepted_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("canonical");

        QTest::newRow("plain") << "alice@example.test" << "alice@example.test";
        QTest::newRow("upper case") << "Alice@Example.TEST" << "alice@example.test";
        QTest::newRow("surrounding whitespace") << "  alice@example.test \t\n" << "alice@example.test";
        QTest::newRow("plus tag") << "alice+news@example.test" << "alice+news@example.test";
        QTest::newRow("dots and atext") << "a.b-c_d'e*f=g?h^i{j}k~l/m@example.test" << "a.b-c_d'e*f=g?h^i{j}k~l/m@example.test";
        QTest::newRow("subdomain") << "bob@mail.eu.example.test" << "bob@mail.eu.example.test";
        QTest::newRow("single-label domain") << "root@localhost" << "root@localhost";
        QTest::newRow("fullwidth letters (NFKC)") << QString::fromUtf8("ａｌｉｃｅ@ｅｘａｍｐｌｅ.test") << "alice@example.test";
        QTest::newRow("no-break space trimmed (NFKC)") << QString::fromUtf8("\u00a0alice@example.test\u3000") << "alice@example.test";
        QTest::newRow("fullwidth @ normalised first") << QString::fromUtf8("victim＠victim.test") << "victim@victim.test";
        QTest::newRow("IDN domain") << QString::fromUtf8("user@bücher.example") << "user@xn--bcher-kva.example";
        QTest::newRow("IDN domain, upper case") << QString::fromUtf8("user@BÜCHER.example") << "user@xn--bcher-kva.example";
        QTest::newRow("IDN domain already in ASCII") << "user@xn--bcher-kva.example" << "user@xn--bcher-kva.example";
        QTest::newRow("IDN ideographic full stop") << QString::fromUtf8("user@例え。テスト") << "user@xn--r8jz45g.xn--zckzah";
        QTest::newRow("local part of 64") << QString(64, u'a') + "@example.test" << QString(64, u'a') + "@example.test";
    }

    void accepted()
    {
        QFETCH(QString, input);
        QFETCH(QString, canonical);
        const AddressCheck check = normalizeAddress(input);
        QVERIFY2(check.isValid(), qPrintable(check.problem));
        QCOMPARE(check.address, canonical);
        // The canonical form is a fixed point.
        QCOMPARE(normalizeAddress(check.address).address, canonical);
    }

    void refused_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("problem");

        // GHSA-5jpx-9hw9-2fx4: a quoted local part that address parsers read as another mailbox.
        QTest::newRow("quoted local part") << "\"e@attacker.test\"@victim.test" << "quote";
        QTest::newRow("quoted, escaped") << "\"victim\\\"@attacker.test\"@victim.test" << "quote";
        QTest::newRow("quote inside") << "vic\"tim@victim.test" << "quote";
        // GHSA-xv97-c62v-4587: lists of addresses.
        QTest::newRow("comma list") << "victim@victim.test,attacker@attacker.test" << "only one address";
        QTest::newRow("comma in domain") << "victim@victim.test,attacker.test" << "only one address";
        QTest::newRow("comma before @") << "attacker@attacker.test,@victim.test" << "only one address";
        QTest::newRow("semicolon list") << "victim@victim.test;attacker@attacker.test" << "only one address";
        QTest::newRow("space list") << "victim@victim.test attacker@attacker.test" << "whitespace";
        QTest::newRow("group syntax") << "group:attacker@attacker.test" << "':'";
        // GHSA-7rqj-j65f-68wh: characters that normalise into '@'.
        QTest::newRow("fullwidth @") << QString::fromUtf8("attacker＠attacker.test@victim.test") << "exactly one '@'";
        QTest::newRow("small commercial at") << QString::fromUtf8("attacker﹫attacker.test@victim.test") << "exactly one '@'";
        QTest::newRow("fullwidth comma") << QString::fromUtf8("victim@victim.test，attacker@attacker.test") << "only one address";
        // Lookalikes that do not normalise: refused as non-ASCII local parts or invalid domains.
        QTest::newRow("cyrillic local part") << QString::fromUtf8("аlice@example.test") << "non-ASCII";
        QTest::newRow("at lookalike in domain") << QString::fromUtf8("victim@attacker.test\u2219victim.test") << "not a valid host name";
        // Other RFC 5322 forms that route mail elsewhere.
        QTest::newRow("display name") << "Victim <attacker@attacker.test>" << "whitespace";
        QTest::newRow("angle brackets") << "<attacker@attacker.test>victim@victim.test" << "'<'";
        QTest::newRow("comment") << "victim@victim.test(attacker@attacker.test)" << "'('";
        QTest::newRow("source route") << "@attacker.test:victim@victim.test" << "':'";
        QTest::newRow("IP literal") << "victim@[127.0.0.1]" << "'['";
        QTest::newRow("IP address domain") << "victim@127.0.0.1" << "numeric top-level domain";
        QTest::newRow("percent hack") << "attacker%attacker.test@victim.test" << "'%'";
        QTest::newRow("backslash") << "victim\\@attacker.test@victim.test" << "'\\'";
        QTest::newRow("two @") << "victim@attacker.test@victim.test" << "exactly one '@'";
        // Header injection and invisible characters.
        QTest::newRow("CRLF Bcc") << "victim@victim.test\r\nBcc: attacker@attacker.test" << "control";
        QTest::newRow("LF Bcc") << "victim@victim.test\nBcc:attacker@attacker.test" << "control";
        QTest::newRow("CR only") << "victim@victim.test\rX: y" << "control";
        QTest::newRow("NUL") << QString::fromUtf8("victim@victim.test\0attacker", 27) << "control";
        QTest::newRow("tab inside") << "vic\ttim@victim.test" << "control";
        QTest::newRow("NEL") << QString::fromUtf8("victim@victim.test\u0085Bcc:a@attacker.test") << "control";
        QTest::newRow("line separator") << QString::fromUtf8("victim@victim.test\u2028Bcc:a@attacker.test") << "control";
        QTest::newRow("zero-width space") << QString::fromUtf8("vic\u200btim@victim.test") << "control";
        QTest::newRow("right-to-left override") << QString::fromUtf8("victim@\u202etset.mitciv") << "control";
        QTest::newRow("DEL") << QString::fromUtf8("victim\x7f@victim.test") << "control";
        // Shape and length.
        QTest::newRow("empty") << "" << "empty";
        QTest::newRow("only whitespace") << "   " << "empty";
        QTest::newRow("no @") << "not-an-email" << "exactly one '@'";
        QTest::newRow("@ alone") << "@" << "nothing before";
        QTest::newRow("nothing after @") << "alice@" << "nothing after";
        QTest::newRow("nothing before @") << "@example.test" << "nothing before";
        QTest::newRow("leading dot") << ".alice@example.test" << "dot";
        QTest::newRow("trailing dot") << "alice.@example.test" << "dot";
        QTest::newRow("double dot") << "al..ice@example.test" << "dot";
        QTest::newRow("domain trailing dot") << "alice@example.test." << "label";
        QTest::newRow("domain double dot") << "alice@example..test" << "domain";
        QTest::newRow("hyphen label") << "alice@-example.test" << "domain";
        QTest::newRow("underscore domain") << "alice@exa_mple.test" << "not a valid host name";
        QTest::newRow("local part of 65") << QString(65, u'a') + "@example.test" << "longer than 64";
        QTest::newRow("label of 64") << "alice@" + QString(64, u'a') + ".test" << "domain";
        QTest::newRow("address of 255") << QString(60, u'a') + "@" + QString(60, u'b') + "." + QString(60, u'c') + "."
                + QString(60, u'd') + "." + QString(11, u'e') << "longer than 254";
        QTest::newRow("very long input") << QString(100000, u'a') + "@example.test" << "longer than 254";
    }

    void refused()
    {
        QFETCH(QString, input);
        QFETCH(QString, problem);
        const AddressCheck check = normalizeAddress(input);
        QVERIFY2(!check.isValid(), qPrintable("accepted as " + check.address));
        QVERIFY(check.address.isEmpty());
        QVERIFY2(check.problem.contains(problem), qPrintable(check.problem));
    }

    void checkKeepsCase()
    {
        // Configured sender addresses are checked as written: case stays, the domain goes to ASCII.
        const AddressCheck sender = checkAddress(QString::fromUtf8("No-Reply@Bücher.Example"));
        QVERIFY2(sender.isValid(), qPrintable(sender.problem));
        QCOMPARE(sender.address, QStringLiteral("No-Reply@xn--bcher-kva.example"));
        QVERIFY(!checkAddress(QStringLiteral(" alice@example.test")).isValid());
    }
};

QTEST_GUILESS_MAIN(TestAddress)
#include "tst_address.moc"
