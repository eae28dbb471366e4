#include "twofactor/otpauthuri.h"

#include <QTest>
#include <QUrl>
#include <QUrlQuery>

using namespace Gatehouse;

class TestOtpauthUri : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void uri_data();
    void uri();
    void readsBack();
};

void TestOtpauthUri::uri_data()
{
    QTest::addColumn<QString>("issuer");
    QTest::addColumn<QString>("account");
    QTest::addColumn<QString>("uri");
    const QString tail = QStringLiteral("algorithm=SHA1&digits=6&period=30");
    QTest::newRow("plain") << QStringLiteral("Example") << QStringLiteral("alice@example.com")
                           << QStringLiteral("otpauth://totp/Example:alice%40example.com?secret="
                                             "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Example&") + tail;
    QTest::newRow("spaces and non-ASCII") << QStringLiteral("Büro Nord") << QStringLiteral("Zoë")
                                          << QStringLiteral("otpauth://totp/B%C3%BCro%20Nord:Zo%C3%AB?secret="
                                                            "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=B%C3%BCro%20Nord&")
            + tail;
    QTest::newRow("colons") << QStringLiteral("a:b") << QStringLiteral("c:d")
                            << QStringLiteral("otpauth://totp/a%20b:c%20d?secret="
                                              "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=a%20b&") + tail;
    QTest::newRow("ampersand") << QStringLiteral("A&B") << QStringLiteral("x")
                               << QStringLiteral("otpauth://totp/A%26B:x?secret="
                                                 "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=A%26B&") + tail;
    QTest::newRow("no issuer") << QString() << QStringLiteral("bob")
                               << QStringLiteral("otpauth://totp/bob?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&") + tail;
}

void TestOtpauthUri::uri()
{
    QFETCH(QString, issuer);
    QFETCH(QString, account);
    QFETCH(QString, uri);
    QCOMPARE(Totp::otpauthUri(issuer, account, "12345678901234567890"), uri);
}

void TestOtpauthUri::readsBack()
{
    // What an app's URI parser sees.
    const QUrl url(Totp::otpauthUri(QStringLiteral("Büro & Co"), QStringLiteral("alice@example.com"), "secret-bytes"));
    QVERIFY(url.isValid());
    QCOMPARE(url.scheme(), QStringLiteral("otpauth"));
    QCOMPARE(url.host(), QStringLiteral("totp"));
    QCOMPARE(url.path(QUrl::FullyDecoded), QStringLiteral("/Büro & Co:alice@example.com"));
    const QUrlQuery query(url);
    QCOMPARE(query.queryItemValue(QStringLiteral("issuer"), QUrl::FullyDecoded), QStringLiteral("Büro & Co"));
    QCOMPARE(query.queryItemValue(QStringLiteral("secret")), QStringLiteral("ONSWG4TFOQWWE6LUMVZQ"));  // no padding
}

QTEST_APPLESS_MAIN(TestOtpauthUri)
#include "tst_otpauthuri.moc"
