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
