// The consent step's rules (oidcprovider/consent.h): which requests ask the person, and the
// ticket that binds a consent form to one request, person, session, browser and consent state.
#include "oidcprovider/consent.h"

#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::OidcProvider;

class TestConsent : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ungranted();
    void step_data();
    void step();
    void promptParsed();
    void ticketAcceptsItsOwnBinding();
    void ticketRefusesEveryOtherBinding_data();
    void ticketRefusesEveryOtherBinding();
    void ticketExpires();
    void ticketMalformed_data();
    void ticketMalformed();
    void ticketAcrossSecretRotation();
};

namespace {

const QStringList kSecrets{QStringLiteral("consent-test-secret-0123456789abcdef")};

QStringList scopes(const char *spaced)
{
    return QString::fromLatin1(spaced).split(u' ', Qt::SkipEmptyParts);
}

ConsentBinding binding()
{
    ConsentBinding b;
    b.userId = QStringLiteral("42");
    b.sessionId = QStringLiteral("sid-of-the-session");
    b.csrfToken = QStringLiteral("csrf-token-of-the-browser");
    b.clientId = QStringLiteral("grafana");
    b.query = QByteArrayLiteral("response_type=code&client_id=grafana&scope=openid%20email&state=s1");
    return b;
}

} // namespace

void TestConsent::ungranted()
{
    QCOMPARE(ungrantedScopes(scopes("openid email profile"), scopes("openid profile")), scopes("email"));
    QCOMPARE(ungrantedScopes(scopes("openid"), scopes("openid email")), QStringList());
    QCOMPARE(ungrantedScopes(scopes("openid email"), {}), scopes("openid email"));
}

void TestConsent::step_data()
{
    QTest::addColumn<bool>("consentClient");
    QTest::addColumn<QString>("prompt");      // "none", "consent" or empty
    QTest::addColumn<QString>("requested");
    QTest::addColumn<QString>("granted");     // "-": no consent stored
    QTest::addColumn<int>("expected");

    const int notNeeded = int(ConsentStep::NotNeeded);
    const int ask = int(ConsentStep::Ask);
    const int required = int(ConsentStep::Required);
    QTest::newRow("first time asks") << true << "" << "openid email" << "-" << ask;
    QTest::newRow("everything granted: no page") << true << "" << "openid email" << "email openid profile" << notNeeded;
    QTest::newRow("a new scope asks") << true << "" << "openid email groups" << "email openid" << ask;
    QTest::newRow("prompt=consent asks again") << true << "consent" << "openid" << "openid" << ask;
    QTest::newRow("prompt=none first time") << true << "none" << "openid" << "-" << required;
    QTest::newRow("prompt=none new scope") << true << "none" << "openid email" << "openid" << required;
    QTest::newRow("prompt=none granted") << true << "none" << "openid" << "openid" << notNeeded;
    QTest::newRow("first-party never asks") << false << "" << "openid email" << "-" << notNeeded;
    QTest::newRow("first-party with prompt=consent") << false << "consent" << "openid" << "-" << notNeeded;
    QTest::newRow("first-party with prompt=none") << false << "none" << "openid" << "-" << notNeeded;
}

void TestConsent::step()
{
    QFETCH(bool, consentClient);
    QFETCH(QString, prompt);
    QFETCH(QString, requested);
    QFETCH(QString, granted);
    QFETCH(int, expected);
    OidcClient client;
    client.clientId = QStringLiteral("grafana");
    client.consent = consentClient;
    AuthorizationRequest request;
    request.client = &client;
    request.scopes = requested.split(u' ');
    request.promptNone = prompt == u"none";
    request.promptConsent = prompt == u"consent";
    const std::optional<QStringList> stored = granted == u"-" ? std::nullopt : std::optional(granted.split(u' '));
    QCOMPARE(int(consentStep(request, stored)), expected);
}

void TestConsent::promptParsed()
{
    OidcClient client;
    client.clientId = QStringLiteral("grafana");
    client.clientSecret = QStringLiteral("grafana-secret-0123456789abcdef0123");
    client.redirectUris = {QStringLiteral("https://grafana.example.test/cb")};
    const auto check = [&client](const QByteArray &prompt) {
        return checkAuthorizationRequest(parseParameters("response_type=code&client_id=grafana&redirect_uri="
                                                         "https%3A%2F%2Fgrafana.example.test%2Fcb&scope=openid&prompt="
                                                         + prompt),
                                         {client});
    };
    QVERIFY(check("consent").ok());
    QVERIFY(check("consent").request.promptConsent);
    QVERIFY(check("login%20consent").request.promptConsent);
    QVERIFY(!check("login").request.promptConsent);
    QVERIFY(!check("none").request.promptConsent);
    QVERIFY(!check("none%20consent").ok());  // none cannot be combined
}

void TestConsent::ticketAcceptsItsOwnBinding()
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const QString ticket = consentTicket(kSecrets, binding(), now.addSecs(consentTicketLifetimeSeconds));
    QVERIFY(!ticket.isEmpty());
    QVERIFY(verifyConsentTicket(kSecrets, binding(), ticket, now));
    QVERIFY(verifyConsentTicket(kSecrets, binding(), ticket, now.addSecs(consentTicketLifetimeSeconds - 1)));
}

void TestConsent::ticketRefusesEveryOtherBinding_data()
{
    QTest::addColumn<QString>("field");
    QTest::newRow("another person") << "userId";
    QTest::newRow("another session") << "sessionId";
    QTest::newRow("another browser") << "csrfToken";
    QTest::newRow("another client") << "clientId";
    QTest::newRow("a changed request") << "query";
    QTest::newRow("the consent changed since") << "consentUpdatedAt";
}

void TestConsent::ticketRefusesEveryOtherBinding()
{
    QFETCH(QString, field);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const QString ticket = consentTicket(kSecrets, binding(), now.addSecs(60));
    ConsentBinding other = binding();
    if (field == u"userId")
        other.userId = QStringLiteral("43");
    else if (field == u"sessionId")
        other.sessionId = QStringLiteral("another-sid");
    else if (field == u"csrfToken")
        other.csrfToken = QStringLiteral("attacker-csrf-token");
    else if (field == u"clientId")
        other.clientId = QStringLiteral("gitea");
    else if (field == u"query")
        other.query.replace("scope=openid%20email", "scope=openid%20email%20groups");
    else
        other.consentUpdatedAt = now;  // an Allow was stored after the page was shown: the form is spent
    QVERIFY(!verifyConsentTicket(kSecrets, other, ticket, now));
}

void TestConsent::ticketExpires()
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const QString ticket = consentTicket(kSecrets, binding(), now.addSecs(60));
    QVERIFY(!verifyConsentTicket(kSecrets, binding(), ticket, now.addSecs(61)));
    // An expiry further out than a ticket is ever given is not believed.
    const QString far = consentTicket(kSecrets, binding(), now.addSecs(consentTicketLifetimeSeconds + 60));
    QVERIFY(!verifyConsentTicket(kSecrets, binding(), far, now));
}

void TestConsent::ticketMalformed_data()
{
    QTest::addColumn<QString>("ticket");
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const QString good = consentTicket(kSecrets, binding(), now.addSecs(60));
    const QString expiry = good.left(good.indexOf(u'.'));
    QTest::newRow("empty") << QString();
    QTest::newRow("no dot") << QString(good).remove(u'.');
    QTest::newRow("no MAC") << expiry + u'.';
    QTest::newRow("another expiry") << QString::number(expiry.toLongLong() + 1) + good.mid(good.indexOf(u'.'));
    QTest::newRow("not base64url") << expiry + QStringLiteral(".not*base64");
    QTest::newRow("a MAC cut short") << good.left(good.size() - 2);
    QTest::newRow("huge") << good + QString(200, u'A');
}

void TestConsent::ticketMalformed()
{
    QFETCH(QString, ticket);
    QVERIFY(!verifyConsentTicket(kSecrets, binding(), ticket, QDateTime::currentDateTimeUtc()));
}

void TestConsent::ticketAcrossSecretRotation()
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const QString ticket = consentTicket(kSecrets, binding(), now.addSecs(60));
    const QStringList rotated{QStringLiteral("the-new-secret-0123456789abcdef0123"), kSecrets.constFirst()};
    QVERIFY(verifyConsentTicket(rotated, binding(), ticket, now));
    QVERIFY(!verifyConsentTicket({QStringLiteral("an-unrelated-secret-0123456789abcdef")}, binding(), ticket, now));
}

QTEST_APPLESS_MAIN(TestConsent)
#include "tst_consent.moc"
