// The options handed to navigator.credentials.create() / get(), in their JSON form.
#include "webauthn/options.h"

#include <QJsonArray>
#include <QTest>

using namespace Gatehouse::WebAuthn;

class TestOptions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void creationOptions()
    {
        CreationOptions options;
        options.challenge = QByteArray::fromHex("fbff");
        options.rpId = QStringLiteral("example.test");
        options.rpName = QStringLiteral("Example");
        options.userId = QByteArray("\x01\x02", 2);
        options.userName = QStringLiteral("ada@example.test");
        options.algorithms = {-7, -257};
        options.excludeCredentials = {{QByteArray("abc"), {QStringLiteral("usb"), QStringLiteral("nfc")}}};
        options.timeoutMs = 1000;
        const QJsonObject expected{
            {"challenge", "-_8"},
            {"rp", QJsonObject{{"name", "Example"}, {"id", "example.test"}}},
            {"user", QJsonObject{{"id", "AQI"}, {"name", "ada@example.test"}, {"displayName", "ada@example.test"}}},
            {"pubKeyCredParams", QJsonArray{QJsonObject{{"alg", -7}, {"type", "public-key"}},
                                            QJsonObject{{"alg", -257}, {"type", "public-key"}}}},
            {"timeout", 1000},
            {"attestation", "none"},
            {"excludeCredentials", QJsonArray{QJsonObject{{"id", "YWJj"}, {"type", "public-key"}, {"transports", QJsonArray{"usb", "nfc"}}}}},
            {"authenticatorSelection", QJsonObject{{"residentKey", "required"}, {"requireResidentKey", true},
                                                   {"userVerification", "required"}}},
            {"extensions", QJsonObject{{"credProps", true}}},
        };
        QCOMPARE(options.toJson(), expected);
    }

    void requestOptions()
    {
        RequestOptions options;
        options.challenge = QByteArray(32, '\0');
        options.rpId = QStringLiteral("example.test");
        const QJsonObject discoverable = options.toJson();
        QCOMPARE(discoverable.value("challenge").toString(), QString(43, u'A'));
        QCOMPARE(discoverable.value("rpId").toString(), QStringLiteral("example.test"));
        QCOMPARE(discoverable.value("userVerification").toString(), QStringLiteral("required"));
        QCOMPARE(discoverable.value("timeout").toInt(), 300000);
        QVERIFY(!discoverable.contains("allowCredentials"));  // conditional UI needs it absent

        options.allowCredentials = {{QByteArray("abc"), {}}};
        QCOMPARE(options.toJson().value("allowCredentials").toArray(),
                 QJsonArray({QJsonObject{{"id", "YWJj"}, {"type", "public-key"}}}));
    }
};

QTEST_GUILESS_MAIN(TestOptions)
#include "tst_options.moc"
