#include "core/cookies.h"

#include <gatehouse/authrequest.h>

#include <QTest>
#include <QUrl>

using namespace Gatehouse;

Q_DECLARE_METATYPE(Gatehouse::CookieOptions)

class TestCookies : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void names_data()
    {
        QTest::addColumn<bool>("secure");
        QTest::addColumn<QString>("session");
        QTest::addColumn<QString>("csrf");
        QTest::addColumn<QString>("callback");
        QTest::newRow("http") << false << "authjs.session-token" << "authjs.csrf-token" << "authjs.callback-url";
        QTest::newRow("https") << true << "__Secure-authjs.session-token" << "__Host-authjs.csrf-token"
                               << "__Secure-authjs.callback-url";
    }
    void names()
    {
        QFETCH(bool, secure);
        QFETCH(QString, session);
        QFETCH(QString, csrf);
        QFETCH(QString, callback);
        const CookieSet set = CookieSet::resolve(secure, {});
        QCOMPARE(set.sessionToken.name, session);
        QCOMPARE(set.csrfToken.name, csrf);
        QCOMPARE(set.callbackUrl.name, callback);
        QCOMPARE(set.sessionToken.options.secure, secure);
        QCOMPARE(set.pkceCodeVerifier.options.maxAge.value_or(-1), 900);
    }

    void overrides()
    {
        CookiesOptions overrides;
        overrides.sessionToken = CookieOption{QStringLiteral("my-session"), {}};
        overrides.sessionToken->options.domain = QStringLiteral("example.test");
        const CookieSet set = CookieSet::resolve(true, overrides);
        QCOMPARE(set.sessionToken.name, QStringLiteral("my-session"));
        QCOMPARE(set.sessionToken.options.domain, QStringLiteral("example.test"));
        QCOMPARE(set.csrfToken.name, QStringLiteral("__Host-authjs.csrf-token"));
    }

    void headerValue_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<bool>("secure");
        QTest::addColumn<bool>("withExpiry");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("csrf") << "abc|def" << false << false
                              << QByteArray("authjs.csrf-token=abc%7Cdef; Path=/; HttpOnly; SameSite=Lax");
        QTest::newRow("url") << "http://127.0.0.1:9300" << true << false
                             << QByteArray("authjs.csrf-token=http%3A%2F%2F127.0.0.1%3A9300; Path=/; HttpOnly; Secure; SameSite=Lax");
        QTest::newRow("unreserved") << "eyJh.bGc-i_O~i!*'()0123" << false << false
                                    << QByteArray("authjs.csrf-token=eyJh.bGc-i_O~i!*'()0123; Path=/; HttpOnly; SameSite=Lax");
        QTest::newRow("reserved at the end") << "abc.def x" << false << false
                                             << QByteArray("authjs.csrf-token=abc.def%20x; Path=/; HttpOnly; SameSite=Lax");
        QTest::newRow("non-ASCII") << QStringLiteral("J\u00fcrgen") << false << false
                                   << QByteArray("authjs.csrf-token=J%C3%BCrgen; Path=/; HttpOnly; SameSite=Lax");
        QTest::newRow("empty") << "" << false << false
                               << QByteArray("authjs.csrf-token=; Path=/; HttpOnly; SameSite=Lax");
        QTest::newRow("expires") << "x" << false << true
                                 << QByteArray("authjs.csrf-token=x; Path=/; Expires=Tue, 22 Dec 2026 02:39:52 GMT; HttpOnly; SameSite=Lax");
    }
    void headerValue()
    {
        QFETCH(QString, value);
        QFETCH(bool, secure);
        QFETCH(bool, withExpiry);
        QFETCH(QByteArray, expected);
        SetCookie c{QStringLiteral("authjs.csrf-token"), value, {}};
        c.options.secure = secure;
        if (withExpiry)
            c.options.expires = QDateTime(QDate(2026, 12, 22), QTime(2, 39, 52), Qt::UTC);
        QCOMPARE(c.toHeaderValue(), expected);
    }

    void deletionForm()
    {
        const CookieSet set = CookieSet::resolve(false, {});
        const QMap<QString, QString> request{{QStringLiteral("authjs.session-token"), QStringLiteral("x")}};
        const QList<SetCookie> out = Cookies::remove(set.sessionToken, request);
        QCOMPARE(out.size(), 1);
        QCOMPARE(out.first().toHeaderValue(),
                 QByteArray("authjs.session-token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax"));
    }

    void smallValueIsOneCookie()
    {
        const CookieSet set = CookieSet::resolve(false, {});
        const QList<SetCookie> out = Cookies::write(set.sessionToken, QString(3000, QLatin1Char('a')), {});
        QCOMPARE(out.size(), 1);
        QCOMPARE(out.first().name, QStringLiteral("authjs.session-token"));
    }

    void largeValueIsChunkedAndReassembled()
    {
        const CookieSet set = CookieSet::resolve(false, {});
        QString value;
        for (int i = 0; i < 9000; ++i)
            value += QChar(QLatin1Char('a' + i % 26));
        // The request still has the unchunked cookie and a stale fourth chunk.
        const QMap<QString, QString> request{{QStringLiteral("authjs.session-token"), QStringLiteral("old")},
                                             {QStringLiteral("authjs.session-token.3"), QStringLiteral("old")}};
        const QList<SetCookie> out = Cookies::write(set.sessionToken, value, request);
        QMap<QString, QString> jar;
        QStringList deleted;
        for (const SetCookie &c : out) {
            QVERIFY2(c.toHeaderValue().size() <= Cookies::kMaxCookieSize, qPrintable(c.name));
            if (c.options.maxAge == 0)
                deleted << c.name;
            else
                jar.insert(c.name, c.value);
        }
        QCOMPARE(jar.keys(), (QStringList{"authjs.session-token.0", "authjs.session-token.1", "authjs.session-token.2"}));
        QCOMPARE(deleted.size(), 2);
        QVERIFY(deleted.contains(QStringLiteral("authjs.session-token")));
        QVERIFY(deleted.contains(QStringLiteral("authjs.session-token.3")));
        QCOMPARE(Cookies::read(QStringLiteral("authjs.session-token"), jar), value);
        QVERIFY(Cookies::present(QStringLiteral("authjs.session-token"), jar));
    }

    void shrinkingDeletesStaleChunks()
    {
        const CookieSet set = CookieSet::resolve(false, {});
        const QMap<QString, QString> request{{QStringLiteral("authjs.session-token.0"), QStringLiteral("a")},
                                             {QStringLiteral("authjs.session-token.1"), QStringLiteral("b")}};
        const QList<SetCookie> out = Cookies::write(set.sessionToken, QStringLiteral("small"), request);
        QCOMPARE(out.size(), 3);
        QCOMPARE(out.at(0).name, QStringLiteral("authjs.session-token"));
        QCOMPARE(out.at(1).options.maxAge.value_or(-1), 0);
        QCOMPARE(out.at(2).options.maxAge.value_or(-1), 0);
    }

    // Found by tests/fuzz (cookies): chunks were cut every kChunkSize characters, so a value of
    // multi-byte characters gave cookies of up to 12 times the size a browser keeps, and a chunk
    // could end in half a surrogate pair.
    void nonAsciiChunksFitAndReassemble()
    {
        const CookieSet set = CookieSet::resolve(false, {});
        const QString value = QStringLiteral("J\u00fcrgen \U0001F600 ").repeated(700);
        const QList<SetCookie> out = Cookies::write(set.sessionToken, value, {});
        QVERIFY(out.size() > 1);
        QMap<QString, QString> jar;
        for (const SetCookie &c : out) {
            QVERIFY2(c.toHeaderValue().size() <= Cookies::kMaxCookieSize, qPrintable(c.name));
            QVERIFY(!c.value.back().isHighSurrogate());
            jar.insert(c.name, c.value);
        }
        QCOMPARE(Cookies::read(set.sessionToken.name, jar), value);
    }

    // Found by tests/fuzz (cookies): a chunk the browser sent as "name.01" was neither
    // overwritten by "name.1" nor deleted, and was read back as a second chunk 1.
    void chunkWithAnotherSpellingIsDeleted()
    {
        const CookieSet set = CookieSet::resolve(false, {});
        const QMap<QString, QString> request{{QStringLiteral("authjs.session-token.01"), QStringLiteral("stale")}};
        const QList<SetCookie> out = Cookies::write(set.sessionToken, QString(9000, QLatin1Char('a')), request);
        QMap<QString, QString> jar = request;
        for (const SetCookie &c : out) {
            if (c.options.maxAge == 0)
                jar.remove(c.name);
            else
                jar.insert(c.name, c.value);
        }
        QVERIFY(!jar.contains(QStringLiteral("authjs.session-token.01")));
        QCOMPARE(Cookies::read(set.sessionToken.name, jar), QString(9000, QLatin1Char('a')));
    }

    void encodedValueSizeIsTheHeaderGrowth()
    {
        const SetCookie empty{QStringLiteral("authjs.session-token"), QString(), {}};
        for (const QString &value : {QString(), QStringLiteral("eyJhbGciOiJkaXIifQ..abc-_.~"), QStringLiteral("a|b c"),
                                     QStringLiteral("J\u00fcrgen \u20ac 😀")}) {
            const SetCookie c{empty.name, value, {}};
            QCOMPARE(Cookies::encodedValueSize(value), c.toHeaderValue().size() - empty.toHeaderValue().size());
        }
    }

    void headerSizeWithoutValue_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<CookieOptions>("options");
        CookieOptions all;
        all.maxAge = 2592000;
        all.domain = QStringLiteral("example.test");
        all.expires = QDateTime(QDate(2026, 12, 22), QTime(2, 39, 52), Qt::UTC);
        all.secure = true;
        CookieOptions none;
        none.path.clear();
        none.sameSite.clear();
        none.httpOnly = false;
        CookieOptions negative;
        negative.maxAge = -1234567890123;
        CookieOptions zero;
        zero.maxAge = 0;
        CookieOptions farFuture;
        farFuture.expires = QDateTime(QDate(12345, 1, 1), QTime(0, 0), Qt::UTC);
        CookieOptions lastOfYear9999;
        lastOfYear9999.expires = QDateTime(QDate(9999, 12, 31), QTime(23, 59, 59), Qt::UTC);
        CookieOptions beforeYear0;
        beforeYear0.expires = QDateTime(QDate(-2, 6, 1), QTime(12, 0), Qt::UTC);
        QTest::newRow("defaults") << "authjs.session-token" << CookieOptions();
        QTest::newRow("every attribute") << "__Secure-authjs.session-token" << all;
        QTest::newRow("no attribute") << "n" << none;
        QTest::newRow("negative max-age") << "c" << negative;
        QTest::newRow("zero max-age") << "c" << zero;
        QTest::newRow("year 12345") << "c" << farFuture;
        QTest::newRow("end of year 9999") << "c" << lastOfYear9999;
        QTest::newRow("before year 0") << "c" << beforeYear0;
    }
    //! The size chunking is decided on is the size of the header as it is written.
    void headerSizeWithoutValue()
    {
        QFETCH(QString, name);
        QFETCH(CookieOptions, options);
        QCOMPARE(Cookies::headerSizeWithoutValue(name, options), SetCookie({name, QString(), options}).toHeaderValue().size());
    }

    //! A cookie whose header is exactly 4096 bytes stays whole; one byte more and it is chunked.
    void chunkingBoundary()
    {
        CookieOption cookie = CookieSet::resolve(false, {}).sessionToken;
        cookie.options.expires = QDateTime(QDate(2026, 12, 22), QTime(2, 39, 52), Qt::UTC);
        const qsizetype room = Cookies::kMaxCookieSize - SetCookie{cookie.name, QString(), cookie.options}.toHeaderValue().size();
        const auto firstName = [&cookie](const QString &value) { return Cookies::write(cookie, value, {}).first().name; };
        const QString chunk = cookie.name + QStringLiteral(".0");
        QCOMPARE(firstName(QString(room, QLatin1Char('a'))), cookie.name);
        QCOMPARE(firstName(QString(room + 1, QLatin1Char('a'))), chunk);
        const QString pipes = QString(room / 3, QLatin1Char('|'));  // %7C: three bytes each
        QCOMPARE(firstName(pipes), cookie.name);
        QCOMPARE(firstName(pipes + QStringLiteral("||")), chunk);
    }

    void chunkOrderIsNumeric()
    {
        QMap<QString, QString> jar;
        for (int i = 0; i < 12; ++i)
            jar.insert(QStringLiteral("c.%1").arg(i), QString::number(i % 10));
        QCOMPARE(Cookies::read(QStringLiteral("c"), jar), QStringLiteral("012345678901"));
        jar.insert(QStringLiteral("c.x"), QStringLiteral("ignored"));
        jar.insert(QStringLiteral("cc.0"), QStringLiteral("ignored"));
        QCOMPARE(Cookies::read(QStringLiteral("c"), jar), QStringLiteral("012345678901"));
    }

    void requestCookieDecoding_data()
    {
        QTest::addColumn<QByteArray>("raw");
        QTest::addColumn<QString>("expected");
        QTest::newRow("callback url") << QByteArray("http%3A%2F%2F127.0.0.1%3A9300") << "http://127.0.0.1:9300";
        QTest::newRow("lower-case hex") << QByteArray("a%7cb") << "a|b";
        QTest::newRow("utf-8") << QByteArray("J%C3%BCrgen%20%E2%82%AC%20%F0%9F%98%80") << "J\u00fcrgen \u20ac 😀";
        // A stray '%' is read as Qt reads it (QUrl::fromPercentEncoding), whatever that is.
        QTest::newRow("stray percent") << QByteArray("100%") << QUrl::fromPercentEncoding("100%");
        QTest::newRow("percent before one digit") << QByteArray("a%7") << QUrl::fromPercentEncoding("a%7");
        QTest::newRow("percent before non-hex") << QByteArray("a%zzb%7C") << QUrl::fromPercentEncoding("a%zzb%7C");
        QTest::newRow("invalid utf-8") << QByteArray("a%FFb") << QUrl::fromPercentEncoding("a%FFb");
    }
    void requestCookieDecoding()
    {
        QFETCH(QByteArray, raw);
        QFETCH(QString, expected);
        AuthRequest r;
        r.headers = {{"Cookie", "v=" + raw}};
        QCOMPARE(r.cookies().value("v"), expected);
    }

    void requestCookieParsing()
    {
        AuthRequest r;
        r.headers = {{"Cookie", "a=1; b=%7Cx%7C; a=2"}, {"cookie", "c=\"quoted\";  d=; =novalue; e"},
                     {"COOKIE", " f = 6 ;;g=7;"}, {"cookie", ";"}, {"cookie", ""}};
        const QMap<QString, QString> c = r.cookies();
        QCOMPARE(c.value("a"), QStringLiteral("1"));
        QCOMPARE(c.value("b"), QStringLiteral("|x|"));
        QCOMPARE(c.value("c"), QStringLiteral("quoted"));
        QVERIFY(c.contains("d"));
        QVERIFY(!c.contains("e"));
        QCOMPARE(c.value("f"), QStringLiteral("6"));
        QCOMPARE(c.value("g"), QStringLiteral("7"));
        QCOMPARE(c.size(), 6);
    }
};

QTEST_GUILESS_MAIN(TestCookies)
#include "tst_cookies.moc"
