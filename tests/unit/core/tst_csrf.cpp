#include "core/csrf.h"

#include "crypto/hash.h"

#include <QTest>

using namespace Gatehouse;

class TestCsrf : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void newTokenWhenNoCookie()
    {
        const Csrf::Token t = Csrf::fromCookie(QString(), {QStringLiteral("secret")});
        QVERIFY(t.isNew);
        QCOMPARE(t.token.size(), 64);
        const QString expectedHash = QString::fromLatin1(Crypto::sha256((t.token + "secret").toUtf8()).toHex());
        QCOMPARE(t.cookieValue, t.token + "|" + expectedHash);
        QVERIFY(!Csrf::verify(t, t.token));  // a token the client never had cannot be confirmed
    }

    void existingCookieReused()
    {
        const Csrf::Token first = Csrf::fromCookie(QString(), {QStringLiteral("secret")});
        const Csrf::Token again = Csrf::fromCookie(first.cookieValue, {QStringLiteral("secret")});
        QVERIFY(!again.isNew);
        QCOMPARE(again.token, first.token);
        QVERIFY(Csrf::verify(again, first.token));
        QVERIFY(!Csrf::verify(again, first.token.left(63)));
        QVERIFY(!Csrf::verify(again, QString()));
    }

    void rotatedSecretStillAccepted()
    {
        const Csrf::Token old = Csrf::fromCookie(QString(), {QStringLiteral("old-secret")});
        const Csrf::Token t = Csrf::fromCookie(old.cookieValue, {QStringLiteral("new-secret"), QStringLiteral("old-secret")});
        QVERIFY(!t.isNew);
    }

    //! A cookie is authentic when its hash is SHA-256 over the UTF-8 of token and secret, in hex.
    void authenticCookies_data()
    {
        QTest::addColumn<QString>("token");
        QTest::addColumn<QString>("secret");
        QTest::newRow("ascii") << QStringLiteral("0123456789abcdef") << QStringLiteral("secret");
        QTest::newRow("non-ascii secret") << QStringLiteral("abc") << QStringLiteral("s\u00e9cret \u20ac");
        QTest::newRow("non-ascii token") << QStringLiteral("t\u00f6ken") << QStringLiteral("secret");
    }
    void authenticCookies()
    {
        QFETCH(QString, token);
        QFETCH(QString, secret);
        const QString hash = QString::fromLatin1(Crypto::sha256((token + secret).toUtf8()).toHex());
        const Csrf::Token t = Csrf::fromCookie(token + "|" + hash, {secret});
        QVERIFY(!t.isNew);
        QCOMPARE(t.token, token);
        QVERIFY(Csrf::fromCookie(token + "|" + hash.toUpper(), {secret}).isNew);  // lower-case hex only
        QVERIFY(Csrf::fromCookie(token + "|" + hash + "0", {secret}).isNew);
        QVERIFY(Csrf::fromCookie(token + "|" + hash.chopped(1), {secret}).isNew);
    }

    void forgedCookies_data()
    {
        QTest::addColumn<QString>("cookie");
        QTest::newRow("bad hash") << QStringLiteral("abc|0000");
        QTest::newRow("no bar") << QStringLiteral("abc");
        QTest::newRow("empty token") << QStringLiteral("|abc");
        QTest::newRow("other secret") << Csrf::fromCookie(QString(), {QStringLiteral("other")}).cookieValue;
    }
    void forgedCookies()
    {
        QFETCH(QString, cookie);
        const Csrf::Token t = Csrf::fromCookie(cookie, {QStringLiteral("secret")});
        QVERIFY(t.isNew);
        QVERIFY(!cookie.startsWith(t.token));
    }
};

QTEST_GUILESS_MAIN(TestCsrf)
#include "tst_csrf.moc"
