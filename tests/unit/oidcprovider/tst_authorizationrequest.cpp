#include "oidcprovider/authorizationrequest.h"

#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::OidcProvider;

class TestAuthorizationRequest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void refusals_data();
    void refusals();
    void accepted();
    void repeatedAndOversizedParameters();
    void recentEnough_data();
    void recentEnough();
    void returnQueryAsksForANewSignIn();
};

namespace {

const QString challenge = QStringLiteral("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");

QList<OidcClient> clients()
{
    OidcClient grafana;
    grafana.clientId = QStringLiteral("grafana");
    grafana.clientSecret = QStringLiteral("grafana-secret-0123456789abcdef0123");
    grafana.redirectUris = {QStringLiteral("https://grafana.example.test/login/generic_oauth")};
    grafana.scopes = {QStringLiteral("openid"), QStringLiteral("profile"), QStringLiteral("email"),
                      QStringLiteral("offline_access")};
    OidcClient desktop;
    desktop.clientId = QStringLiteral("desktop");
    desktop.isPublic = true;
    desktop.redirectUris = {QStringLiteral("http://127.0.0.1/callback")};
    desktop.scopes = {QStringLiteral("openid"), QStringLiteral("profile")};
    return {grafana, desktop};
}

//! A valid request of grafana, with \a changes applied ("name=" removes name).
QByteArray query(const QByteArray &changes = {})
{
    QList<std::pair<QByteArray, QByteArray>> fields{
        {"response_type", "code"},
        {"client_id", "grafana"},
        {"redirect_uri", "https%3A%2F%2Fgrafana.example.test%2Flogin%2Fgeneric_oauth"},
        {"scope", "openid+profile"},
        {"state", "st"},
        {"code_challenge", challenge.toLatin1()},
        {"code_challenge_method", "S256"},
    };
    for (const QByteArray &change : changes.split('&')) {
        if (change.isEmpty())
            continue;
        const QByteArray name = change.left(change.indexOf('='));
        const QByteArray value = change.mid(change.indexOf('=') + 1);
        bool replaced = false;
        for (auto &field : fields) {
            if (field.first == name) {
                field.second = value;
                replaced = true;
            }
        }
        if (!replaced)
            fields.append({name, value});
    }
    QByteArrayList parts;
    for (const auto &[name, value] : fields) {
        if (!value.isEmpty())
            parts.append(name + '=' + value);
    }
    return parts.join('&');
}

AuthorizationCheck check(const QByteArray &q)
{
    static const QList<OidcClient> configured = clients();
    return checkAuthorizationRequest(parseParameters(q), configured);
}

} // namespace

void TestAuthorizationRequest::refusals_data()
{
    QTest::addColumn<QByteArray>("query");
    QTest::addColumn<bool>("page");         // refused on a page, never redirected
    QTest::addColumn<QString>("error");     // else the error sent to the redirect URI

    const auto page = [](const char *row, const QByteArray &q) { QTest::newRow(row) << q << true << QString(); };
    const auto redirect = [](const char *row, const QByteArray &q, const char *error) {
        QTest::newRow(row) << q << false << QString::fromLatin1(error);
    };
    page("unknown client", query("client_id=grafana2"));
    page("no client", query("client_id="));
    page("client id case", query("client_id=Grafana"));
    page("no redirect uri", query("redirect_uri="));
    page("redirect uri prefix", query("redirect_uri=https%3A%2F%2Fgrafana.example.test%2Flogin%2F"));
    page("redirect uri suffix", query("redirect_uri=https%3A%2F%2Fgrafana.example.test%2Flogin%2Fgeneric_oauth%2Fx"));
    page("redirect uri extra query", query("redirect_uri=https%3A%2F%2Fgrafana.example.test%2Flogin%2Fgeneric_oauth%3Fa%3Db"));
    page("redirect uri case", query("redirect_uri=https%3A%2F%2FGrafana.example.test%2Flogin%2Fgeneric_oauth"));
    page("redirect uri port", query("redirect_uri=https%3A%2F%2Fgrafana.example.test%3A443%2Flogin%2Fgeneric_oauth"));
    page("redirect uri fragment", query("redirect_uri=https%3A%2F%2Fgrafana.example.test%2Flogin%2Fgeneric_oauth%23x"));
    page("redirect uri userinfo", query("redirect_uri=https%3A%2F%2Fa%40grafana.example.test%2Flogin%2Fgeneric_oauth"));
    page("redirect uri of another client", query("redirect_uri=http%3A%2F%2F127.0.0.1%2Fcallback"));
    page("repeated client_id", query() + "&client_id=grafana");
    page("repeated redirect_uri", query() + "&redirect_uri=https%3A%2F%2Fgrafana.example.test%2Flogin%2Fgeneric_oauth");

    redirect("token response type", query("response_type=token"), "unsupported_response_type");
    redirect("hybrid response type", query("response_type=code+id_token"), "unsupported_response_type");
    redirect("no response type", query("response_type="), "invalid_request");
    redirect("fragment response mode", query("response_mode=fragment"), "invalid_request");
    redirect("no openid scope", query("scope=profile"), "invalid_scope");
    redirect("scope not the client's", query("scope=openid+groups"), "invalid_scope");
    redirect("unknown scope", query("scope=openid+admin"), "invalid_scope");
    redirect("plain PKCE", query("code_challenge_method=plain"), "invalid_request");
    redirect("PKCE method absent", query("code_challenge_method="), "invalid_request");
    redirect("malformed challenge", query("code_challenge=short"), "invalid_request");
    redirect("method without challenge", query("code_challenge="), "invalid_request");
    redirect("public client without PKCE",
             query("client_id=desktop&redirect_uri=http%3A%2F%2F127.0.0.1%3A51234%2Fcallback&code_challenge=&code_challenge_method="),
             "invalid_request");
    redirect("request object", query("request=eyJhbGciOiJub25lIn0.e30."), "request_not_supported");
    redirect("request uri", query("request_uri=https%3A%2F%2Fevil.example.test%2Fr"), "request_uri_not_supported");
    redirect("repeated scope", query() + "&scope=openid", "invalid_request");
    redirect("repeated state", query() + "&state=other", "invalid_request");
    redirect("prompt none with login", query("prompt=none+login"), "invalid_request");
    redirect("unknown prompt", query("prompt=everything"), "invalid_request");
    redirect("negative max_age", query("max_age=-1"), "invalid_request");
    redirect("max_age not a number", query("max_age=1e3"), "invalid_request");
}

void TestAuthorizationRequest::refusals()
{
    QFETCH(QByteArray, query);
    QFETCH(bool, page);
    QFETCH(QString, error);
    const AuthorizationCheck result = check(query);
    QVERIFY(!result.ok());
    QCOMPARE(result.pageError.has_value(), page);
    if (page)
        return;
    QVERIFY(result.error);
    QCOMPARE(errorCodeName(result.error->code), error);
    QVERIFY(!result.error->description.isEmpty());
    // The refusal goes back to the client's registered redirect URI, with its state.
    QVERIFY(result.request.client);
    QVERIFY(!result.request.redirectUri.isEmpty());
}

void TestAuthorizationRequest::accepted()
{
    AuthorizationCheck result = check(query("nonce=n-1&scope=openid+email+profile+offline_access&prompt=login&max_age=300"));
    QVERIFY2(result.ok(), qPrintable(result.error ? result.error->description : result.pageError.value_or(QString())));
    QCOMPARE(result.request.client->clientId, QStringLiteral("grafana"));
    QCOMPARE(result.request.state, QStringLiteral("st"));
    QCOMPARE(result.request.nonce, QStringLiteral("n-1"));
    QCOMPARE(result.request.codeChallenge, challenge);
    QCOMPARE(result.request.scopes, (QStringList{"openid", "email", "profile", "offline_access"}));
    QVERIFY(result.request.promptLogin);
    QCOMPARE(result.request.maxAge, 300);

    // A confidential client may go without PKCE; a public one on a loopback port of its own.
    result = check(query("code_challenge=&code_challenge_method="));
    QVERIFY(result.ok());
    QVERIFY(result.request.codeChallenge.isEmpty());
    // offline_access is the client's, but without the refresh_token grant type it is dropped.
    QList<OidcClient> noRefresh = clients();
    noRefresh[0].grantTypes = {QStringLiteral("authorization_code")};
    result = checkAuthorizationRequest(parseParameters(query("scope=openid+offline_access")), noRefresh);
    QVERIFY(result.ok());
    QCOMPARE(result.request.scopes, QStringList{"openid"});
    result = check(query("client_id=desktop&redirect_uri=http%3A%2F%2F127.0.0.1%3A51234%2Fcallback"));
    QVERIFY(result.ok());
    QCOMPARE(result.request.redirectUri, QStringLiteral("http://127.0.0.1:51234/callback"));
}

void TestAuthorizationRequest::repeatedAndOversizedParameters()
{
    Parameters p = parseParameters("a=1&b=2&a=3");
    QCOMPARE(p.repeated, QStringLiteral("a"));
    QCOMPARE(p.value("a"), QStringLiteral("1"));
    p = parseParameters("a=x+y%2Bz&empty=");
    QCOMPARE(p.value("a"), QStringLiteral("x y+z"));
    QVERIFY(!p.has("empty"));
    QByteArray many;
    for (int i = 0; i <= maxParameters; ++i)
        many += "p" + QByteArray::number(i) + "=1&";
    QVERIFY(parseParameters(many).tooLarge);
    QVERIFY(parseParameters("a=" + QByteArray(maxParameterLength + 1, 'x')).tooLarge);
    QVERIFY(check(query("state=" + QByteArray(maxParameterLength + 1, 'x'))).pageError);
}

void TestAuthorizationRequest::recentEnough_data()
{
    QTest::addColumn<QByteArray>("changes");
    QTest::addColumn<qint64>("signedInSecondsAgo");  // -1: not known
    QTest::addColumn<bool>("recent");
    QTest::newRow("no max_age") << QByteArray() << qint64(100000) << true;
    QTest::newRow("within max_age") << QByteArray("max_age=300") << qint64(200) << true;
    QTest::newRow("beyond max_age") << QByteArray("max_age=300") << qint64(301) << false;
    QTest::newRow("max_age, time unknown") << QByteArray("max_age=300") << qint64(-1) << false;
    QTest::newRow("signed in after the round trip began") << QByteArray("gh_login_after=NOW-5") << qint64(2) << true;
    QTest::newRow("the old session on return") << QByteArray("gh_login_after=NOW-5") << qint64(60) << false;
}

void TestAuthorizationRequest::recentEnough()
{
    QFETCH(QByteArray, changes);
    QFETCH(qint64, signedInSecondsAgo);
    QFETCH(bool, recent);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    changes.replace("NOW-5", QByteArray::number(now.toSecsSinceEpoch() - 5));
    const AuthorizationCheck result = check(query(changes));
    QVERIFY(result.ok());
    const QDateTime authTime = signedInSecondsAgo < 0 ? QDateTime() : now.addSecs(-signedInSecondsAgo);
    QCOMPARE(signInRecentEnough(result.request, authTime, now), recent);
}

void TestAuthorizationRequest::returnQueryAsksForANewSignIn()
{
    const QDateTime now = QDateTime::fromSecsSinceEpoch(1800000000, Qt::UTC);
    const QByteArray sent = query("prompt=login&max_age=0");
    const AuthorizationCheck first = check(sent);
    QVERIFY(first.ok());
    const QByteArray back = returnQuery(sent, first.request, now);
    QVERIFY(!back.contains("prompt="));
    QVERIFY(!back.contains("max_age="));
    QVERIFY(back.endsWith("&gh_login_after=1800000000"));
    const AuthorizationCheck second = check(back);
    QVERIFY(second.ok());
    QVERIFY(!second.request.promptLogin);
    QCOMPARE(second.request.loginAfter, 1800000000);
    // Without prompt=login or max_age the request comes back as it was sent.
    const AuthorizationCheck plain = check(query());
    QCOMPARE(returnQuery(query(), plain.request, now), query());
}

QTEST_GUILESS_MAIN(TestAuthorizationRequest)
#include "tst_authorizationrequest.moc"
