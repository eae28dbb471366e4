// Reading an email provider's `server`: SMTP URLs and Nodemailer-style objects, TLS modes,
// credentials, time-outs, and clear errors for what cannot work.
#include "mail/smtpsettings.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Gatehouse::Mail;
using Tls = SmtpSettings::Tls;

Q_DECLARE_METATYPE(SmtpSettings::Tls)

namespace {
QJsonValue json(const char *text)
{
    const QByteArray wrapped = QByteArray("{\"v\":") + text + '}';
    return QJsonDocument::fromJson(wrapped).object().value(QStringLiteral("v"));
}
} // namespace

class TestSmtpSettings : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void read_data()
    {
        QTest::addColumn<QString>("server");
        QTest::addColumn<QString>("fallbackPassword");
        QTest::addColumn<QString>("url");
        QTest::addColumn<Tls>("tls");
        QTest::addColumn<QString>("user");
        QTest::addColumn<QString>("password");

        QTest::newRow("smtp URL") << R"("smtp://mail.example.test")" << "" << "smtp://mail.example.test:587"
                                  << Tls::Opportunistic << "" << "";
        QTest::newRow("smtps URL") << R"("smtps://mail.example.test")" << "" << "smtps://mail.example.test:465"
                                   << Tls::Implicit << "" << "";
        QTest::newRow("URL with credentials") << R"("smtp://ann%40example.test:p%3Ass@mail.example.test:2525")" << ""
                                              << "smtp://mail.example.test:2525" << Tls::StartTls << "ann@example.test" << "p:ss";
        QTest::newRow("URL requireTLS") << R"("smtp://mail.example.test:25?requireTLS=true")" << ""
                                        << "smtp://mail.example.test:25" << Tls::StartTls << "" << "";
        QTest::newRow("URL ignoreTLS") << R"("smtp://127.0.0.1:2525?ignoreTLS=true")" << ""
                                       << "smtp://127.0.0.1:2525" << Tls::None << "" << "";
        QTest::newRow("reference harness object") << R"({"host":"127.0.0.1","port":9425,"secure":false,"ignoreTLS":true})" << ""
                                                  << "smtp://127.0.0.1:9425" << Tls::None << "" << "";
        QTest::newRow("object secure") << R"({"host":"mail.example.test","secure":true})" << ""
                                       << "smtps://mail.example.test:465" << Tls::Implicit << "" << "";
        QTest::newRow("object with auth") << R"({"host":"mail.example.test","auth":{"user":"ann","pass":"secret"}})" << ""
                                          << "smtp://mail.example.test:587" << Tls::StartTls << "ann" << "secret";
        QTest::newRow("password from apiKey") << R"({"host":"mail.example.test","auth":{"user":"apikey"}})" << "from-env"
                                              << "smtp://mail.example.test:587" << Tls::StartTls << "apikey" << "from-env";
        QTest::newRow("auth over plain text on request") << R"({"host":"127.0.0.1","ignoreTLS":true,"auth":{"user":"a","pass":"b"}})" << ""
                                                         << "smtp://127.0.0.1:587" << Tls::None << "a" << "b";
        QTest::newRow("IDN host") << R"({"host":"mail.bücher.example"})" << ""
                                  << "smtp://mail.xn--bcher-kva.example:587" << Tls::Opportunistic << "" << "";
        QTest::newRow("IPv6 host") << R"({"host":"::1","port":25})" << "" << "smtp://[::1]:25" << Tls::Opportunistic << "" << "";
    }

    void read()
    {
        QFETCH(QString, server);
        QFETCH(QString, fallbackPassword);
        QString problem;
        const auto settings = SmtpSettings::fromJson(json(server.toUtf8().constData()), fallbackPassword, &problem);
        QVERIFY2(settings, qPrintable(problem));
        QTEST(QString::fromLatin1(settings->url()), "url");
        QTEST(settings->tls, "tls");
        QTEST(settings->user, "user");
        QTEST(settings->password, "password");
        QVERIFY(settings->verifyCertificate);
        QCOMPARE(settings->connectTimeout, std::chrono::milliseconds(10000));
        QCOMPARE(settings->sendTimeout, std::chrono::milliseconds(30000));
    }

    void tlsAndTimeouts()
    {
        QString problem;
        const auto settings = SmtpSettings::fromJson(
            json(R"({"host":"localhost","port":1,"tls":{"rejectUnauthorized":false,"ca":"PEM"},
                     "connectionTimeout":500,"sendTimeout":1500})"), QString(), &problem);
        QVERIFY2(settings, qPrintable(problem));
        QVERIFY(!settings->verifyCertificate);
        QCOMPARE(settings->caCertificates, QByteArray("PEM"));
        QCOMPARE(settings->connectTimeout, std::chrono::milliseconds(500));
        QCOMPARE(settings->sendTimeout, std::chrono::milliseconds(1500));
        QCOMPARE(settings->endpoint(), QStringLiteral("localhost:1"));
    }

    void refused_data()
    {
        QTest::addColumn<QString>("server");
        QTest::addColumn<QString>("problem");
        QTest::newRow("missing") << "null" << "server: missing";
        QTest::newRow("number") << "25" << "server: missing";
        QTest::newRow("http URL") << R"("http://mail.example.test")" << "smtp:// or smtps://";
        QTest::newRow("no host") << R"({"port":25})" << "server.host";
        QTest::newRow("host with path") << R"({"host":"mail.example.test/x"})" << "server.host";
        QTest::newRow("host with CRLF") << R"({"host":"mail\r\nexample"})" << "server.host";
        QTest::newRow("port out of range") << R"({"host":"h.test","port":70000})" << "server.port";
        QTest::newRow("port not a number") << R"({"host":"h.test","port":"25"})" << "server.port";
        QTest::newRow("secure not boolean") << R"({"host":"h.test","secure":"yes"})" << "server.secure";
        QTest::newRow("secure and ignoreTLS") << R"({"host":"h.test","secure":true,"ignoreTLS":true})" << "ignoreTLS contradicts secure";
        QTest::newRow("requireTLS and ignoreTLS") << R"({"host":"h.test","requireTLS":true,"ignoreTLS":true})" << "ignoreTLS contradicts requireTLS";
        QTest::newRow("auth not an object") << R"({"host":"h.test","auth":"user:pass"})" << "server.auth";
        QTest::newRow("password without user") << R"({"host":"h.test","auth":{"pass":"x"}})" << "needs a user name";
        QTest::newRow("zero timeout") << R"({"host":"h.test","sendTimeout":0})" << "server.sendTimeout";
        QTest::newRow("tls not an object") << R"({"host":"h.test","tls":true})" << "server.tls";
    }

    void refused()
    {
        QFETCH(QString, server);
        QFETCH(QString, problem);
        QString actual;
        QVERIFY(!SmtpSettings::fromJson(json(server.toUtf8().constData()), QString(), &actual));
        QVERIFY2(actual.contains(problem), qPrintable(actual));
    }
};

QTEST_GUILESS_MAIN(TestSmtpSettings)
#include "tst_smtpsettings.moc"
