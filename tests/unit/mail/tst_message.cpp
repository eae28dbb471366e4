// Building messages: header encoding, quoted-printable bodies, and the refusal of every value
// that could break out of its header line.
#include "mail/message.h"
#include "receivedmessage.h"

#include <QRegularExpression>
#include <QTest>

using namespace Gatehouse::Mail;
using namespace Gatehouse::Test;

namespace {

MailMessage sample()
{
    MailMessage m;
    m.from = Mailbox{QStringLiteral("Gatehouse Reference"), QStringLiteral("no-reply@example.test")};
    m.to = Mailbox{QString(), QStringLiteral("alice@example.test")};
    m.subject = QStringLiteral("Sign in to 127.0.0.1:9300");
    m.text = QStringLiteral("Sign in to 127.0.0.1:9300\nhttp://127.0.0.1:9300/auth/callback/email?token=abc&email=alice%40example.test\n\n");
    m.html = QStringLiteral("<p>Sign in</p>");
    m.date = QDateTime(QDate(2026, 11, 22), QTime(2, 39, 55), Qt::UTC);
    return m;
}

QByteArray headerBlock(const QByteArray &mime)
{
    return mime.left(mime.indexOf("\r\n\r\n") + 2);
}

} // namespace

class TestMessage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void structure()
    {
        QString problem;
        const QByteArray mime = sample().toMime(&problem);
        QVERIFY2(!mime.isEmpty(), qPrintable(problem));
        const QByteArray head = headerBlock(mime);
        // As the reference's mail (transcript-database.txt, group 14): a phrase stays unquoted.
        QVERIFY(head.startsWith("From: Gatehouse Reference <no-reply@example.test>\r\n"
                                "To: alice@example.test\r\n"
                                "Subject: Sign in to 127.0.0.1:9300\r\n"
                                "Date: Sun, 22 Nov 2026 02:39:55 +0000\r\n"));
        QVERIFY(QRegularExpression(QStringLiteral("\r\nMessage-ID: <[0-9a-f]{32}@example\\.test>\r\n"))
                    .match(QString::fromLatin1(head)).hasMatch());
        QVERIFY(head.contains("\r\nMIME-Version: 1.0\r\n"));
        QVERIFY(head.contains("\r\nContent-Type: multipart/alternative;\r\n boundary=\"=_gatehouse_"));

        const ReceivedMessage parsed = ReceivedMessage::parse(mime);
        // As Auth.js's mail: the text part ends in an empty line.
        QCOMPARE(parsed.text, QStringLiteral("Sign in to 127.0.0.1:9300\r\nhttp://127.0.0.1:9300/auth/callback/email"
                                             "?token=abc&email=alice%40example.test\r\n\r\n"));
        QCOMPARE(parsed.link(), QStringLiteral("http://127.0.0.1:9300/auth/callback/email?token=abc&email=alice%40example.test"));
        QCOMPARE(parsed.html, QStringLiteral("<p>Sign in</p>"));
        for (const QByteArray &line : mime.split('\n')) {
            QVERIFY2(line.size() <= 78, line.constData());
            for (const char c : line)
                QVERIFY(uchar(c) < 0x80);
        }
        QVERIFY(mime.endsWith("--\r\n"));
        // Bare CR or LF never appear: every line ends in CRLF.
        QCOMPARE(mime.count('\n'), mime.count("\r\n"));
        QCOMPARE(mime.count('\r'), mime.count("\r\n"));
    }

    void encodedHeaders_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("subject");
        QTest::newRow("umlauts") << QString::fromUtf8("Büro Gatehouse") << QString::fromUtf8("Anmelden bei bücher.example");
        QTest::newRow("emoji and CJK") << QString::fromUtf8("門番 🔐") << QString::fromUtf8("ログイン 🔐 例え.テスト");
        QTest::newRow("long ASCII") << QString(120, u'n') << QStringLiteral("Sign in to ") + QString(200, u'h') + QStringLiteral(".test");
        QTest::newRow("encoded-word lookalike") << QStringLiteral("=?UTF-8?B?SGk=?=") << QStringLiteral("=?UTF-8?B?SGk=?=");
        QTest::newRow("quotes and backslash") << QStringLiteral("The \"Gate\" \\ House") << QStringLiteral("Plain");
    }

    void encodedHeaders()
    {
        QFETCH(QString, name);
        QFETCH(QString, subject);
        MailMessage m = sample();
        m.from.name = name;
        m.subject = subject;
        QString problem;
        const QByteArray mime = m.toMime(&problem);
        QVERIFY2(!mime.isEmpty(), qPrintable(problem));
        const ReceivedMessage parsed = ReceivedMessage::parse(mime);
        QCOMPARE(parsed.headers.value("subject"), subject);
        const QString from = parsed.headers.value("from");
        QVERIFY2(from.endsWith(QStringLiteral(" <no-reply@example.test>")), qPrintable(from));
        QString shownName = from.chopped(QStringLiteral(" <no-reply@example.test>").size());
        if (shownName.startsWith(u'"'))
            shownName = shownName.mid(1).chopped(1).replace(QStringLiteral("\\\""), QStringLiteral("\"")).replace(QStringLiteral("\\\\"), QStringLiteral("\\"));
        QCOMPARE(shownName, name);
        for (const QByteArray &line : headerBlock(mime).split('\n'))
            QVERIFY2(line.size() <= 78, line.constData());
    }

    void displayNameQuotedOnlyWhenNeeded_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("header");
        QTest::newRow("phrase") << "Gatehouse Reference" << QByteArray("Gatehouse Reference");
        QTest::newRow("atext specials") << "Gate-house+Ops #1 {x}" << QByteArray("Gate-house+Ops #1 {x}");
        QTest::newRow("comma") << "Gate, House" << QByteArray("\"Gate, House\"");
        QTest::newRow("dot") << "J. Doe" << QByteArray("\"J. Doe\"");
        QTest::newRow("angle bracket") << "x <evil@attacker.test>" << QByteArray("\"x <evil@attacker.test>\"");
        QTest::newRow("at sign") << "evil@attacker.test" << QByteArray("\"evil@attacker.test\"");
        QTest::newRow("colon and semicolon") << "Bcc: a;" << QByteArray("\"Bcc: a;\"");
        QTest::newRow("parenthesis") << "Gate (house)" << QByteArray("\"Gate (house)\"");
        QTest::newRow("double space") << "Gate  House" << QByteArray("\"Gate  House\"");
        QTest::newRow("quote and backslash") << "The \"Gate\" \\ House" << QByteArray("\"The \\\"Gate\\\" \\\\ House\"");
    }

    void displayNameQuotedOnlyWhenNeeded()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, header);
        MailMessage m = sample();
        m.from.name = name;
        QString problem;
        const QByteArray mime = m.toMime(&problem);
        QVERIFY2(!mime.isEmpty(), qPrintable(problem));
        QVERIFY2(mime.startsWith("From: " + header + " <no-reply@example.test>\r\nTo: "), headerBlock(mime).constData());
    }

    void headerInjectionRefused_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("value");
        QTest::newRow("CRLF in subject") << "subject" << "Hello\r\nBcc: attacker@attacker.test";
        QTest::newRow("LF in subject") << "subject" << "Hello\nBcc: attacker@attacker.test";
        QTest::newRow("NEL in subject") << "subject" << QString::fromUtf8("Hello\u0085Bcc: x");
        QTest::newRow("CRLF in sender name") << "fromName" << "Gate\r\nBcc: attacker@attacker.test";
        QTest::newRow("LF in recipient name") << "toName" << "Alice\nBcc: attacker@attacker.test";
        QTest::newRow("CRLF in recipient") << "to" << "alice@example.test\r\nBcc: attacker@attacker.test";
        QTest::newRow("list as recipient") << "to" << "alice@example.test,attacker@attacker.test";
        QTest::newRow("quoted recipient") << "to" << "\"attacker@attacker.test\"@example.test";
        QTest::newRow("CRLF in sender") << "from" << "no-reply@example.test\r\nBcc: attacker@attacker.test";
    }

    void headerInjectionRefused()
    {
        QFETCH(QString, field);
        QFETCH(QString, value);
        MailMessage m = sample();
        if (field == u"subject")
            m.subject = value;
        else if (field == u"fromName")
            m.from.name = value;
        else if (field == u"toName")
            m.to.name = value;
        else if (field == u"to")
            m.to.address = value;
        else
            m.from.address = value;
        QString problem;
        QVERIFY(m.toMime(&problem).isEmpty());
        QVERIFY(!problem.isEmpty());
    }

    void bodiesAreQuotedPrintable()
    {
        MailMessage m = sample();
        m.text = QStringLiteral("trailing space \n.leading dot\n") + QString(300, u'x') + QString::fromUtf8("\nümlaut = sign\r\n");
        m.html = QStringLiteral("<a href=\"http://x/?a=1&amp;b=2\">") + QString(200, u'y') + QStringLiteral("</a>");
        QString problem;
        const QByteArray mime = m.toMime(&problem);
        const ReceivedMessage parsed = ReceivedMessage::parse(mime);
        QCOMPARE(parsed.text, QString(m.text).replace(QStringLiteral("\r\n"), QStringLiteral("\n")).replace(u'\n', QStringLiteral("\r\n")));
        QCOMPARE(parsed.html, m.html);
        QVERIFY(mime.contains("trailing space=20\r\n"));
        QVERIFY(mime.contains("\r\n=2Eleading dot\r\n"));
        QVERIFY(mime.contains("=C3=BCmlaut =3D sign"));
    }

    void quotedPrintableLines()
    {
        // Encoded characters are never split by a soft line break, and lines stay within 76.
        const QString text = QString(80, QChar(0xfc)) + QString(75, u'a') + u' ';
        const QByteArray encoded = quotedPrintable(text);
        for (const QByteArray &line : encoded.split('\n')) {
            const QByteArray l = line.endsWith('\r') ? line.chopped(1) : line;
            QVERIFY2(l.size() <= 76, l.constData());
            QVERIFY(!QRegularExpression(QStringLiteral("=[0-9A-F]?=$")).match(QString::fromLatin1(l)).hasMatch());
        }
        QCOMPARE(QString::fromUtf8(decodeQuotedPrintable(encoded)), text);
        QVERIFY(encoded.endsWith("=20"));
    }

    void encodedWordsSplitBetweenCharacters()
    {
        const QString text = QString(40, QChar(0x00e9)) + QString::fromUtf8("🔐🔐🔐🔐🔐🔐🔐🔐🔐🔐🔐🔐");
        const QByteArray words = encodeWords(text);
        QString decoded;
        for (const QByteArray &word : words.split('\n')) {
            const QByteArray w = word.trimmed();
            QVERIFY(w.startsWith("=?UTF-8?B?") && w.endsWith("?="));
            QVERIFY(w.size() <= 75);
            const QByteArray bytes = QByteArray::fromBase64(w.mid(10, w.size() - 12));
            // Each word is valid UTF-8 on its own.
            QCOMPARE(QString::fromUtf8(bytes).toUtf8(), bytes);
            decoded += QString::fromUtf8(bytes);
        }
        QCOMPARE(decoded, text);
    }

    void mailboxParse_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("address");
        QTest::newRow("address") << "no-reply@example.test" << "" << "no-reply@example.test";
        QTest::newRow("name") << "Gatehouse Reference <no-reply@example.test>" << "Gatehouse Reference" << "no-reply@example.test";
        QTest::newRow("quoted name") << "\"Gate, \\\"House\\\"\" <no-reply@example.test>" << "Gate, \"House\"" << "no-reply@example.test";
        QTest::newRow("unicode name, IDN domain") << QString::fromUtf8("Büro <info@bücher.example>") << QString::fromUtf8("Büro") << "info@xn--bcher-kva.example";
        QTest::newRow("angle brackets only") << "<no-reply@example.test>" << "" << "no-reply@example.test";
    }

    void mailboxParse()
    {
        QFETCH(QString, text);
        QFETCH(QString, name);
        QFETCH(QString, address);
        QString problem;
        const auto mailbox = Mailbox::parse(text, &problem);
        QVERIFY2(mailbox, qPrintable(problem));
        QCOMPARE(mailbox->name, name);
        QCOMPARE(mailbox->address, address);
    }

    void mailboxParseRefuses_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("empty") << "";
        QTest::newRow("name without address") << "Gatehouse";
        QTest::newRow("two addresses") << "a@example.test, b@example.test";
        QTest::newRow("CRLF in name") << "Gate\r\nBcc: x@attacker.test <no-reply@example.test>";
        QTest::newRow("bad address") << "Gatehouse <no reply@example.test>";
        QTest::newRow("unclosed") << "Gatehouse no-reply@example.test>";
    }

    void mailboxParseRefuses()
    {
        QFETCH(QString, text);
        QString problem;
        QVERIFY(!Mailbox::parse(text, &problem));
        QVERIFY(!problem.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestMessage)
#include "tst_message.moc"
