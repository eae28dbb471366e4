// Consent at the OpenID Provider through gatehouse-server (oidcprovider/README.md, "Consent"),
// driven over HTTP as a person's browser and a relying party would: the page (named client,
// scopes in plain words, en and de, no script), Allow giving the code and Deny access_denied,
// no page the second time, prompt=consent and a new scope asking again, prompt=none answering
// consent_required, a first-party client never asking; forged, tampered and replayed forms
// granting nothing; "Apps with access" on the account page revoking the consent and the app's
// refresh token; the admin API's users/{id}/consents.
#include "serverharness.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QUrlQuery>

using namespace Gatehouse::Testing;

namespace {

const QString kSecret = QStringLiteral("consent-app-secret-0123456789abcdef-01234");
const QString kPassword = QStringLiteral("a long consent password 1");
const QString kRedirect = QStringLiteral("http://127.0.0.1:41000/cb");

struct Answer
{
    int status = 0;
    QByteArray body;
    QByteArray location;
    QHash<QByteArray, QByteArray> headers;  //!< lower-case names
    QByteArray header(const QByteArray &name) const { return headers.value(name); }
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
    QUrlQuery query() const { return QUrlQuery(QUrl(QString::fromUtf8(location))); }
};

using Fields = QList<std::pair<QString, QString>>;

QByteArray form(const Fields &fields)
{
    QByteArrayList parts;
    for (const auto &[name, value] : fields)
        parts.append(QUrl::toPercentEncoding(name) + '=' + QUrl::toPercentEncoding(value));
    return parts.join('&');
}

QString unescaped(QString html)
{
    return html.replace(QStringLiteral("&quot;"), QStringLiteral("\"")).replace(QStringLiteral("&#39;"), QStringLiteral("'"))
        .replace(QStringLiteral("&lt;"), QStringLiteral("<")).replace(QStringLiteral("&gt;"), QStringLiteral(">"))
        .replace(QStringLiteral("&amp;"), QStringLiteral("&"));
}

//! The hidden fields of the page's form, as a browser would post them.
Fields hiddenFields(const QByteArray &html)
{
    static const QRegularExpression hidden(QStringLiteral(R"re(<input type="hidden" name="([^"]+)" value="([^"]*)">)re"));
    Fields fields;
    auto it = hidden.globalMatch(QString::fromUtf8(html));
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        fields.append({m.captured(1), unescaped(m.captured(2))});
    }
    return fields;
}

QString field(const Fields &fields, const QString &name)
{
    for (const auto &[n, value] : fields) {
        if (n == name)
            return value;
    }
    return {};
}

Fields with(Fields fields, const QString &name, const QString &value)
{
    for (auto &f : fields) {
        if (f.first == name) {
            f.second = value;
            return fields;
        }
    }
    fields.append({name, value});
    return fields;
}

QByteArray basic(const QString &id, const QString &secret)
{
    return "Basic " + (QUrl::toPercentEncoding(id) + ':' + QUrl::toPercentEncoding(secret)).toBase64();
}

} // namespace

class TestServerOidcConsent : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_config;
    ServerUnderTest m_server;
    QNetworkAccessManager m_nam;
    QByteArray m_ada;   //!< ada's browser's cookies
    QByteArray m_bob;
    QString m_adaId;
    QString m_adaRefreshToken;  //!< grafana's, after ada allowed it

    Answer send(const QString &path, const QByteArray &cookie = {}, const QByteArray &body = QByteArray(),
                const QList<std::pair<QByteArray, QByteArray>> &headers = {})
    {
        QNetworkRequest request(QUrl(m_server.baseUrl() + path));
        request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
        // Each browser's cookies are the caller's: the manager's own jar neither keeps nor adds any.
        request.setAttribute(QNetworkRequest::CookieLoadControlAttribute, QNetworkRequest::Manual);
        request.setAttribute(QNetworkRequest::CookieSaveControlAttribute, QNetworkRequest::Manual);
        if (!cookie.isEmpty())
            request.setRawHeader("Cookie", cookie);
        for (const auto &[name, value] : headers)
            request.setRawHeader(name, value);
        QNetworkReply *reply = nullptr;
        if (body.isNull()) {
            reply = m_nam.get(request);
        } else {
            request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/x-www-form-urlencoded"));
            reply = m_nam.post(request, body);
        }
        std::unique_ptr<QNetworkReply> done(waitForReply(reply));
        Answer answer;
        answer.status = done->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        answer.body = done->readAll();
        for (const auto &[name, value] : done->rawHeaderPairs())
            answer.headers.insert(name.toLower(), value);
        answer.location = answer.header("location");
        return answer;
    }

    static Fields request(const QString &clientId, const QString &scope, const QString &state = QStringLiteral("st-1"))
    {
        return {{"response_type", "code"}, {"client_id", clientId}, {"redirect_uri", kRedirect}, {"scope", scope},
                {"state", state}, {"nonce", "n-1"}};
    }

    Answer authorize(const Fields &fields, const QByteArray &cookie, const QList<std::pair<QByteArray, QByteArray>> &headers = {})
    {
        return send(QStringLiteral("/auth/oidc/authorize?") + QString::fromLatin1(form(fields)), cookie, QByteArray(), headers);
    }

    //! The consent page's form sent with \a decision, as the browser of \a cookie sends it.
    Answer decide(const Fields &page, const QString &decision, const QByteArray &cookie)
    {
        return send(QStringLiteral("/auth/oidc/consent"), cookie, form(with(page, QStringLiteral("decision"), decision)));
    }

    Answer redeem(const QString &code, const QString &clientId = QStringLiteral("grafana"))
    {
        return send(QStringLiteral("/auth/oidc/token"), {},
                    form({{"grant_type", "authorization_code"}, {"code", code}, {"redirect_uri", kRedirect}}),
                    {{"Authorization", basic(clientId, kSecret)}});
    }

    Answer refresh(const QString &token)
    {
        return send(QStringLiteral("/auth/oidc/token"), {}, form({{"grant_type", "refresh_token"}, {"refresh_token", token}}),
                    {{"Authorization", basic(QStringLiteral("grafana"), kSecret)}});
    }

    QByteArray signIn(const QString &email)
    {
        Browser browser(m_server.baseUrl());
        browser.signIn(QStringLiteral("credentials"), {{"email", email}, {"password", kPassword}});
        return browser.cookieHeader();
    }

    Answer admin(const QByteArray &method, const QString &path, const QString &token)
    {
        QNetworkRequest request(QUrl(m_server.baseUrl() + QStringLiteral("/auth/admin/api/") + path));
        request.setRawHeader("Authorization", "Bearer " + token.toLatin1());
        std::unique_ptr<QNetworkReply> reply(waitForReply(m_nam.sendCustomRequest(request, method)));
        Answer answer;
        answer.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        answer.body = reply->readAll();
        return answer;
    }

    QString createToken(const QString &name, const QString &scopes)
    {
        const CommandResult created = runServerCommand({QStringLiteral("admin-token"), QStringLiteral("create"), name,
                                                        QStringLiteral("--scope"), scopes, QStringLiteral("--expires"),
                                                        QStringLiteral("1d"), QStringLiteral("--config"), m_config});
        return created.exitCode == 0 ? created.out.trimmed().split(u'\n').constLast() : QString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const quint16 port = m_server.reservePort();
        const QJsonArray scopes{"openid", "profile", "email", "offline_access"};
        const QJsonObject config{
            {"url", QStringLiteral("http://127.0.0.1:%1/auth").arg(port)},
            {"secret", "consent-test-secret-0123456789abcdef-0123456789"},
            {"adapter", QJsonObject{{"url", QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("gatehouse.db"))}}},
            {"providers", QJsonArray{QJsonObject{{"id", "credentials"}, {"type", "credentials"}, {"name", "Password"},
                                                 {"authorize", "builtin"}}}},
            {"admin", QJsonObject{{"groups", QJsonArray{"admins"}}}},
            {"oidcProvider", QJsonObject{{"clients", QJsonArray{
                // "consent" left out: it is on by default.
                QJsonObject{{"clientId", "grafana"}, {"name", "Grafana <Dashboards>"}, {"clientSecret", kSecret},
                            {"redirectUris", QJsonArray{"http://127.0.0.1/cb"}}, {"scopes", scopes}},
                QJsonObject{{"clientId", "wiki"}, {"clientSecret", kSecret}, {"redirectUris", QJsonArray{"http://127.0.0.1/cb"}},
                            {"scopes", scopes}, {"consent", true}},
                QJsonObject{{"clientId", "tools"}, {"clientSecret", kSecret}, {"redirectUris", QJsonArray{"http://127.0.0.1/cb"}},
                            {"scopes", scopes}, {"consent", false}},
            }}}},
        };
        m_config = m_dir.filePath(QStringLiteral("gatehouse.json"));
        QVERIFY(replaceFile(m_config, QJsonDocument(config).toJson()));
        const CommandResult migrated = runServerCommand({QStringLiteral("migrate"), QStringLiteral("--config"), m_config});
        QVERIFY2(migrated.exitCode == 0, qPrintable(migrated.err));
        for (const char *email : {"ada@example.test", "bob@example.test"}) {
            const CommandResult added = runServerCommand({"user", "add", email, "--password-stdin", "--config", m_config},
                                                         kPassword.toUtf8() + '\n');
            QVERIFY2(added.exitCode == 0, qPrintable(added.err));
        }
        QVERIFY2(m_server.start(m_config, m_dir.path()), qPrintable(m_server.log()));
        m_ada = signIn(QStringLiteral("ada@example.test"));
        m_bob = signIn(QStringLiteral("bob@example.test"));
        QVERIFY(m_ada.contains("authjs.session-token="));
        QVERIFY(m_bob.contains("authjs.session-token="));
    }

    void pageNamesTheClientAndScopes()
    {
        const Answer page = authorize(request("grafana", "openid email offline_access"), m_ada);
        QCOMPARE(page.status, 200);
        QVERIFY(page.header("content-type").startsWith("text/html"));
        QCOMPARE(page.header("cache-control"), QByteArray("no-store"));
        // Script-free: nothing but the page's own styles and images may load.
        QVERIFY(page.header("content-security-policy").startsWith("default-src 'none'"));
        QVERIFY(!page.header("content-security-policy").contains("script-src"));
        QVERIFY(!page.body.contains("<script"));
        // The name as configured, escaped; each scope in plain words.
        QVERIFY2(page.body.contains("Allow Grafana &lt;Dashboards&gt; to use your account?"), page.body.constData());
        QVERIFY(page.body.contains("You are signed in as ada@example.test."));
        QVERIFY(page.body.contains("Sign you in and know who you are"));
        QVERIFY(page.body.contains("See your email address"));
        QVERIFY(page.body.contains("Stay signed in when you are not using it"));
        QVERIFY(!page.body.contains("See your name and picture"));  // profile was not asked for
        QVERIFY(page.body.contains("name=\"decision\" value=\"allow\""));
        QVERIFY(page.body.contains("name=\"decision\" value=\"deny\""));
        const Fields fields = hiddenFields(page.body);
        QVERIFY(!field(fields, "csrfToken").isEmpty());
        QVERIFY(!field(fields, "ticket").isEmpty());
        QVERIFY(field(fields, "request").contains("client_id=grafana"));

        const Answer german = authorize(request("grafana", "openid email"), m_ada, {{"Accept-Language", "de-DE,de;q=0.9"}});
        QCOMPARE(german.status, 200);
        QVERIFY2(german.body.contains("Darf Grafana &lt;Dashboards&gt; Ihr Konto verwenden?"), german.body.constData());
        QVERIFY(german.body.contains("Ihre E-Mail-Adresse sehen"));
        QVERIFY(german.body.contains(">Erlauben<"));
        QVERIFY(german.body.contains(">Ablehnen<"));
    }

    void allowGivesTheCodeAndIsRemembered()
    {
        const Answer page = authorize(request("grafana", "openid email offline_access"), m_ada);
        QCOMPARE(page.status, 200);
        const Fields fields = hiddenFields(page.body);
        const Answer allowed = decide(fields, QStringLiteral("allow"), m_ada);
        QCOMPARE(allowed.status, 302);
        QVERIFY2(allowed.location.startsWith((kRedirect + "?code=").toUtf8()), allowed.location.constData());
        QCOMPARE(allowed.query().queryItemValue("state"), QStringLiteral("st-1"));
        QCOMPARE(allowed.query().queryItemValue("iss", QUrl::FullyDecoded), m_server.baseUrl() + QStringLiteral("/auth"));
        const Answer tokens = redeem(allowed.query().queryItemValue("code"));
        QCOMPARE(tokens.status, 200);
        m_adaRefreshToken = tokens.json().value("refresh_token").toString();
        QVERIFY(!m_adaRefreshToken.isEmpty());

        // The second time: no page, the code at once; a subset of what was allowed, too.
        const Answer again = authorize(request("grafana", "openid email offline_access", "st-2"), m_ada);
        QCOMPARE(again.status, 302);
        QVERIFY(again.location.startsWith((kRedirect + "?code=").toUtf8()));
        QCOMPARE(again.query().queryItemValue("state"), QStringLiteral("st-2"));
        QCOMPARE(authorize(request("grafana", "openid"), m_ada).status, 302);

        // The form sent again (replayed) grants nothing: the consent it was shown for has changed.
        const Answer replayed = decide(fields, QStringLiteral("allow"), m_ada);
        QCOMPARE(replayed.status, 400);
        QVERIFY(replayed.location.isEmpty());
    }

    void askedAgainForMoreOrWhenTheClientSaysSo()
    {
        // A scope not allowed yet asks; prompt=consent asks whatever was allowed.
        QCOMPARE(authorize(request("grafana", "openid profile"), m_ada).status, 200);
        Fields prompted = request("grafana", "openid");
        prompted.append({QStringLiteral("prompt"), QStringLiteral("consent")});
        const Answer page = authorize(prompted, m_ada);
        QCOMPARE(page.status, 200);
        // Allowing it goes on to the code (not to the page again, though the request says prompt=consent).
        const Answer allowed = decide(hiddenFields(page.body), QStringLiteral("allow"), m_ada);
        QCOMPARE(allowed.status, 302);
        QVERIFY(allowed.location.startsWith((kRedirect + "?code=").toUtf8()));
    }

    void promptNoneAnswersConsentRequired()
    {
        Fields silent = request("wiki", "openid", "st-none");
        silent.append({QStringLiteral("prompt"), QStringLiteral("none")});
        const Answer refused = authorize(silent, m_ada);
        QCOMPARE(refused.status, 302);
        QVERIFY(refused.location.startsWith(kRedirect.toUtf8() + '?'));
        QCOMPARE(refused.query().queryItemValue("error"), QStringLiteral("consent_required"));
        QCOMPARE(refused.query().queryItemValue("state"), QStringLiteral("st-none"));
        QVERIFY(!refused.query().queryItemValue("iss").isEmpty());
    }

    void denyAnswersAccessDenied()
    {
        const Answer page = authorize(request("wiki", "openid email", "st-deny"), m_ada);
        QCOMPARE(page.status, 200);
        QVERIFY(page.body.contains("Allow wiki to use your account?"));  // no name: the client id
        const Answer denied = decide(hiddenFields(page.body), QStringLiteral("deny"), m_ada);
        QCOMPARE(denied.status, 302);
        QVERIFY(denied.location.startsWith(kRedirect.toUtf8() + '?'));
        QCOMPARE(denied.query().queryItemValue("error"), QStringLiteral("access_denied"));
        QCOMPARE(denied.query().queryItemValue("state"), QStringLiteral("st-deny"));
        QCOMPARE(denied.query().queryItemValue("iss", QUrl::FullyDecoded), m_server.baseUrl() + QStringLiteral("/auth"));
        QVERIFY(!denied.location.contains("code="));
        // Nothing remembered: asked again.
        QCOMPARE(authorize(request("wiki", "openid email"), m_ada).status, 200);
    }

    void forgedFormsGrantNothing()
    {
        const Answer page = authorize(request("wiki", "openid email", "st-forged"), m_ada);
        QCOMPARE(page.status, 200);
        const Fields fields = hiddenFields(page.body);
        const auto refusedPage = [](const Answer &a) { return a.status == 400 && a.location.isEmpty(); };
        // Without the CSRF token, or with another one.
        QVERIFY(refusedPage(decide(with(fields, "csrfToken", QString()), QStringLiteral("allow"), m_ada)));
        QVERIFY(refusedPage(decide(with(fields, "csrfToken", QStringLiteral("forged")), QStringLiteral("allow"), m_ada)));
        // The request changed (another scope, another redirect's state): the ticket does not bind it.
        QString widened = field(fields, "request");
        widened.replace(QStringLiteral("scope=openid%20email"), QStringLiteral("scope=openid%20email%20profile"));
        QVERIFY(widened != field(fields, "request"));
        QVERIFY(refusedPage(decide(with(fields, "request", widened), QStringLiteral("allow"), m_ada)));
        QVERIFY(refusedPage(decide(with(fields, "ticket", field(fields, "ticket") + "A"), QStringLiteral("allow"), m_ada)));
        QVERIFY(refusedPage(decide(with(fields, "ticket", QString()), QStringLiteral("allow"), m_ada)));
        QVERIFY(refusedPage(decide(fields, QStringLiteral("maybe"), m_ada)));
        // An attacker who read ada's page posts it from bob's browser (bob's cookies and CSRF token): nothing.
        const QByteArray bobsCsrf = QJsonDocument::fromJson(send(QStringLiteral("/auth/csrf"), m_bob).body)
                                        .object().value("csrfToken").toString().toUtf8();
        QVERIFY(!bobsCsrf.isEmpty());
        QVERIFY(refusedPage(decide(with(fields, "csrfToken", QString::fromUtf8(bobsCsrf)), QStringLiteral("allow"), m_bob)));
        // Signed out: nothing.
        QVERIFY(refusedPage(decide(fields, QStringLiteral("allow"), {})));
        // None of them granted anything: wiki still asks.
        const Answer adas = authorize(request("wiki", "openid email"), m_ada);
        QVERIFY2(adas.status == 200, adas.location.constData());
        const Answer bobs = authorize(request("wiki", "openid email"), m_bob);
        QVERIFY2(bobs.status == 200, bobs.location.constData());
    }

    void firstPartyNeverAsks()
    {
        const Answer direct = authorize(request("tools", "openid email"), m_ada);
        QCOMPARE(direct.status, 302);
        QVERIFY(direct.location.startsWith((kRedirect + "?code=").toUtf8()));
        Fields prompted = request("tools", "openid");
        prompted.append({QStringLiteral("prompt"), QStringLiteral("consent")});
        QCOMPARE(authorize(prompted, m_ada).status, 302);
    }

    void revokedOnTheAccountPage()
    {
        QVERIFY(!m_adaRefreshToken.isEmpty());
        const Answer account = send(QStringLiteral("/auth/account"), m_ada);
        QCOMPARE(account.status, 200);
        QVERIFY(account.body.contains("Apps with access"));
        QVERIFY(account.body.contains("Grafana &lt;Dashboards&gt;"));
        QVERIFY(account.body.contains("Allowed: email, offline_access, openid<"));  // profile was asked for, never allowed
        QVERIFY(account.body.contains("name=\"action\" value=\"revokeApp\""));
        QVERIFY(!account.body.contains("<p class=\"gh-link-provider\">wiki</p>"));  // denied, never allowed
        const QString csrf = field(hiddenFields(account.body), "csrfToken");
        QVERIFY(!csrf.isEmpty());

        // Without the CSRF token: refused, nothing revoked.
        const Answer forged = send(QStringLiteral("/auth/account"), m_ada, form({{"action", "revokeApp"}, {"clientId", "grafana"}}));
        // The engine's answer to a form without its token (Auth.js's MissingCSRF), never the page's notice.
        QVERIFY2(forged.status >= 400 || forged.location.contains("MissingCSRF"), forged.location.constData());
        QVERIFY(!forged.location.contains("notice="));
        QCOMPARE(authorize(request("grafana", "openid"), m_ada).status, 302);

        const Answer revoked = send(QStringLiteral("/auth/account"), m_ada,
                                    form({{"csrfToken", csrf}, {"action", "revokeApp"}, {"clientId", "grafana"}}));
        QCOMPARE(revoked.status, 302);
        QVERIFY2(revoked.location.contains("notice=appRevoked"), revoked.location.constData());
        const Answer after = send(QStringLiteral("/auth/account?notice=appRevoked"), m_ada);
        QVERIFY(after.body.contains("The app&#39;s access was revoked") || after.body.contains("The app&apos;s access was revoked")
                || after.body.contains("access was revoked"));
        QVERIFY(!after.body.contains("Grafana &lt;Dashboards&gt;"));
        QVERIFY(after.body.contains("No app has access to your account."));
        // The app must ask again, and the refresh token it held is refused.
        QCOMPARE(authorize(request("grafana", "openid"), m_ada).status, 200);
        const Answer refreshed = refresh(m_adaRefreshToken);
        QCOMPARE(refreshed.status, 400);
        QCOMPARE(refreshed.json().value("error").toString(), QStringLiteral("invalid_grant"));
        // Revoking what is not there says so.
        const Answer none = send(QStringLiteral("/auth/account"), m_ada,
                                 form({{"csrfToken", csrf}, {"action", "revokeApp"}, {"clientId", "grafana"}}));
        QVERIFY(none.location.contains("notice=appNotFound"));
    }

    void adminApiListsAndRevokes()
    {
        const QString reader = createToken(QStringLiteral("reader"), QStringLiteral("users:read"));
        const QString writer = createToken(QStringLiteral("writer"), QStringLiteral("users:read,users:write"));
        QVERIFY(!reader.isEmpty());
        QVERIFY(!writer.isEmpty());
        const QString id = admin("GET", QStringLiteral("users?search=ada"), reader).json().value("users").toArray()
                               .first().toObject().value("id").toString();
        QVERIFY(!id.isEmpty());
        // Ada allows grafana (again) with a refresh token.
        const Answer page = authorize(request("grafana", "openid offline_access"), m_ada);
        QCOMPARE(page.status, 200);
        const Answer allowed = decide(hiddenFields(page.body), QStringLiteral("allow"), m_ada);
        QCOMPARE(allowed.status, 302);
        const QString token = redeem(allowed.query().queryItemValue("code")).json().value("refresh_token").toString();
        QVERIFY(!token.isEmpty());

        const Answer listed = admin("GET", QStringLiteral("users/%1/consents").arg(id), reader);
        QCOMPARE(listed.status, 200);
        const QJsonArray consents = listed.json().value("consents").toArray();
        QCOMPARE(consents.size(), 1);
        QCOMPARE(consents.first().toObject().value("clientId").toString(), QStringLiteral("grafana"));
        QCOMPARE(consents.first().toObject().value("scopes").toArray(), (QJsonArray{"offline_access", "openid"}));
        QVERIFY(!consents.first().toObject().value("grantedAt").toString().isEmpty());

        // users:read may look, not revoke.
        QCOMPARE(admin("DELETE", QStringLiteral("users/%1/consents/grafana").arg(id), reader).status, 403);
        const Answer revoked = admin("DELETE", QStringLiteral("users/%1/consents/grafana").arg(id), writer);
        QCOMPARE(revoked.status, 200);
        QCOMPARE(revoked.json().value("revoked").toString(), QStringLiteral("grafana"));
        QCOMPARE(refresh(token).status, 400);
        QCOMPARE(authorize(request("grafana", "openid"), m_ada).status, 200);
        const Answer again = admin("DELETE", QStringLiteral("users/%1/consents/grafana").arg(id), writer);
        QCOMPARE(again.status, 404);
        QCOMPARE(admin("GET", QStringLiteral("users/%1/consents").arg(id), reader).json().value("consents").toArray().size(), 0);
        QCOMPARE(admin("GET", QStringLiteral("users/999999/consents"), reader).status, 404);

        // Audited: granted, denied, and revoked with by (the pull answers events 2 s old).
        const QString siem = createToken(QStringLiteral("siem"), QStringLiteral("audit:read"));
        QStringList seen;
        const auto pull = [&] {
            seen.clear();
            const Answer pulled = admin("GET", QStringLiteral("audit?user=%1&type=oidcConsent,oidcConsentRevoked&limit=1000").arg(id), siem);
            for (const QByteArray &line : pulled.body.split('\n')) {
                const QJsonObject e = QJsonDocument::fromJson(line).object();
                const QJsonObject detail = e.value("detail").toObject();
                if (e.value("type").toString() == u"oidcConsent")
                    seen.append(QStringLiteral("consent:") + detail.value("outcome").toString() + u':' + detail.value("clientId").toString());
                if (e.value("type").toString() == u"oidcConsentRevoked")
                    seen.append(QStringLiteral("revoked:") + detail.value("clientId").toString() + u':' + detail.value("by").toString());
            }
            return seen.contains(QStringLiteral("revoked:grafana:token:writer"));
        };
        QTRY_VERIFY_WITH_TIMEOUT(pull(), 15000);
        QVERIFY2(seen.contains(QStringLiteral("consent:granted:grafana")), qPrintable(seen.join(u' ')));
        QVERIFY2(seen.contains(QStringLiteral("consent:denied:wiki")), qPrintable(seen.join(u' ')));
        // The account page's revoke: by the person themselves.
        QVERIFY2(seen.contains(QStringLiteral("revoked:grafana:") + id), qPrintable(seen.join(u' ')));
    }

};

QTEST_GUILESS_MAIN(TestServerOidcConsent)
#include "tst_serveroidcconsent.moc"
