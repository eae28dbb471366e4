#include <gatehouse/access.h>

#include "forwardauth/allowlist.h"
#include "forwardauth/identityheaders.h"
#include "forwardauth/originalrequest.h"

#include <QTest>

#include <algorithm>

using namespace Gatehouse;
using namespace Gatehouse::ForwardAuth;

Q_DECLARE_METATYPE(Gatehouse::AccessDecision::Outcome)

namespace {

AuthRequest proxied(const QList<QPair<QByteArray, QByteArray>> &headers, const QByteArray &method = "GET")
{
    AuthRequest request;
    request.method = method;
    request.url = QUrl(QStringLiteral("http://127.0.0.1:3000/auth/authz/auth-request"));
    request.headers = headers;
    return request;
}

//! The rules: app.example.test's /public/* bypassed, every subdomain signed in, default deny.
AccessOptions publicAndSignedIn()
{
    AccessOptions options;
    AccessRule bypass;
    bypass.hosts = {QStringLiteral("app.example.test")};
    bypass.paths = {QStringLiteral("/public/*")};
    bypass.policy.kind = AccessPolicy::Kind::Bypass;
    AccessRule signedIn;
    signedIn.hosts = {QStringLiteral("*.example.test")};
    signedIn.policy.kind = AccessPolicy::Kind::SignedIn;
    options.rules = {bypass, signedIn};
    return options;
}

QByteArray headerValue(const QList<QPair<QByteArray, QByteArray>> &headers, const QByteArray &name)
{
    for (const auto &[key, value] : headers) {
        if (key == name)
            return value;
    }
    return {};
}

} // namespace

class TestForwardAuthParts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void nginxHeaders()
    {
        const OriginalRequest o = originalRequest(proxied({{"X-Original-Method", "post"},
                                                           {"X-Original-URL", "https://App.Example.test:8443/a/b?c=d#f"}}));
        QVERIFY(o.valid);
        QCOMPARE(o.method, QStringLiteral("POST"));
        QCOMPARE(o.url, QStringLiteral("https://App.Example.test:8443/a/b?c=d#f"));
        QCOMPARE(o.host, QStringLiteral("app.example.test"));
        QCOMPARE(o.path, QStringLiteral("/a/b?c=d#f"));
    }

    void forwardedHeaders()
    {
        const OriginalRequest o = originalRequest(proxied({{"X-Forwarded-Method", "DELETE"}, {"X-Forwarded-Proto", "https"},
                                                           {"X-Forwarded-Host", "files.example.test"},
                                                           {"X-Forwarded-Uri", "/x/%2e%2e/y?z"}}));
        QVERIFY(o.valid);
        QCOMPARE(o.method, QStringLiteral("DELETE"));
        QCOMPARE(o.url, QStringLiteral("https://files.example.test/x/%2e%2e/y?z"));
        QCOMPARE(o.host, QStringLiteral("files.example.test"));
        QCOMPARE(o.path, QStringLiteral("/x/%2e%2e/y?z"));
    }

    void aListIsReadFromTheNearestProxy()
    {
        // A proxy that appends instead of replacing: the client's own values come first.
        const OriginalRequest o = originalRequest(proxied({{"X-Forwarded-Method", "GET, POST"},
                                                           {"X-Forwarded-Proto", "http,https"},
                                                           {"X-Forwarded-Host", "public.example.test, admin.example.test"},
                                                           {"X-Forwarded-Uri", "/settings"}}));
        QVERIFY(o.valid);
        QCOMPARE(o.method, QStringLiteral("POST"));
        QCOMPARE(o.host, QStringLiteral("admin.example.test"));
        QCOMPARE(o.url, QStringLiteral("https://admin.example.test/settings"));
    }

    void methodFallsBackToTheSubrequest()
    {
        const OriginalRequest o = originalRequest(proxied({{"X-Forwarded-Host", "a.test"}}, "HEAD"));
        QVERIFY(o.valid);
        QCOMPARE(o.method, QStringLiteral("HEAD"));
        QCOMPARE(o.url, QStringLiteral("http://a.test/"));
        QCOMPARE(o.path, QStringLiteral("/"));
    }

    void queryWithoutPath()
    {
        const OriginalRequest o = originalRequest(proxied({{"X-Original-URL", "https://a.test?x=/admin"}}));
        QVERIFY(o.valid);
        QCOMPARE(o.path, QStringLiteral("/?x=/admin"));
    }

    void hostileOriginals_data()
    {
        QTest::addColumn<QByteArray>("name");
        QTest::addColumn<QByteArray>("value");
        QTest::newRow("none") << QByteArray("X-Other") << QByteArray("1");
        QTest::newRow("relative URL") << QByteArray("X-Original-URL") << QByteArray("/admin");
        QTest::newRow("javascript") << QByteArray("X-Original-URL") << QByteArray("javascript:alert(1)");
        QTest::newRow("user info") << QByteArray("X-Original-URL") << QByteArray("https://app.example.test@evil.test/");
        QTest::newRow("control character") << QByteArray("X-Original-URL") << QByteArray("https://a.test/\x01x");
        QTest::newRow("no host") << QByteArray("X-Original-URL") << QByteArray("https:///x");
        QTest::newRow("forwarded host with path") << QByteArray("X-Forwarded-Host") << QByteArray("evil.test/x?");
        QTest::newRow("forwarded host with user info") << QByteArray("X-Forwarded-Host") << QByteArray("app.example.test@evil.test");
        QTest::newRow("backslash in the authority") << QByteArray("X-Original-URL") << QByteArray("https://evil.test\\@app.example.test/");
        QTest::newRow("forwarded host with backslash") << QByteArray("X-Forwarded-Host") << QByteArray("evil.test\\a");
    }
    void hostileOriginals()
    {
        QFETCH(QByteArray, name);
        QFETCH(QByteArray, value);
        QVERIFY(!originalRequest(proxied({{name, value}})).valid);
    }

    // The original path as nginx (X-Original-URL) and Traefik (X-Forwarded-Uri) send it, decided
    // without a session as the check decides it: the path tricks that ride a bypass rule are
    // refused (403 on every endpoint), or, where the URL is no URL, the original is unusable (400).
    void originalPathsUnderTheRules_data()
    {
        QTest::addColumn<QByteArray>("name");
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<AccessDecision::Outcome>("outcome");
        QTest::addColumn<int>("rule");
        using Outcome = AccessDecision::Outcome;
        const int ambiguous = AccessDecision::AmbiguousPath;
        struct Row
        {
            const char *label;
            QByteArray path;
            bool valid;
            Outcome outcome;
            int rule;
        };
        const Row rows[] = {
            {"public", "/public/a.css", true, Outcome::Allowed, 0},
            {"public, encoded space", "/public/x%20y.css", true, Outcome::Allowed, 0},
            {"public, parameter on the file", "/public/a.css;jsessionid=x", true, Outcome::Allowed, 0},
            {"public, query", "/public/a.css?v=%252e%2f", true, Outcome::Allowed, 0},
            {"dot dot", "/public/../private", true, Outcome::SignInRequired, 1},
            {"encoded dot dot", "/public/%2e%2e/private", true, Outcome::SignInRequired, 1},
            {"encoded dot dot, mixed case", "/public/%2E%2e/private", true, Outcome::SignInRequired, 1},
            {"jsessionid, then dot dot", "/public;jsessionid=x/../private", true, Outcome::SignInRequired, 1},
            {"dot dot semicolon", "/public/..;/private", true, Outcome::Denied, ambiguous},
            {"encoded dot dot semicolon", "/public/%2e%2e;/private", true, Outcome::Denied, ambiguous},
            {"encoded dot dot semicolon, mixed case", "/public/%2E%2e;/private", true, Outcome::Denied, ambiguous},
            {"dot dot encoded semicolon", "/public/..%3b/private", true, Outcome::Denied, ambiguous},
            {"dot dot encoded semicolon, upper case", "/public/..%3B/private", true, Outcome::Denied, ambiguous},
            {"jsessionid inside, then dot dot semicolon", "/public/a;jsessionid=x/..;/../private", true, Outcome::Denied, ambiguous},
            {"parameter on the prefix", "/public;x/a.css", true, Outcome::Denied, ambiguous},
            {"double encoding", "/public/%252e%252e/private", true, Outcome::Denied, ambiguous},
            {"double encoding, mixed case", "/public/%252E%252e/private", true, Outcome::Denied, ambiguous},
            {"encoded slash", "/public/..%2fprivate", true, Outcome::Denied, ambiguous},
            {"encoded slash, upper case", "/public/..%2Fprivate", true, Outcome::Denied, ambiguous},
            {"encoded backslash", "/public/..%5cprivate", true, Outcome::Denied, ambiguous},
            {"encoded NUL", "/public/a.css%00/../../private", true, Outcome::Denied, ambiguous},
            {"overlong dot", "/public/%c0%ae%c0%ae/private", true, Outcome::Denied, ambiguous},
            {"overlong dot, upper case", "/public/%C0%AE%C0%AE/private", true, Outcome::Denied, ambiguous},
            {"backslash", "/public/..\\private", true, Outcome::Denied, ambiguous},
            {"broken escape", "/public/%0.%0./private", true, Outcome::Denied, ambiguous},
        };
        for (const Row &row : rows) {
            QTest::addRow("nginx: %s", row.label) << QByteArray("X-Original-URL") << "https://app.example.test" + row.path
                                                  << row.valid << row.outcome << row.rule;
            QTest::addRow("traefik: %s", row.label) << QByteArray("X-Forwarded-Uri") << row.path << row.valid << row.outcome << row.rule;
        }
    }
    void originalPathsUnderTheRules()
    {
        QFETCH(QByteArray, name);
        QFETCH(QByteArray, value);
        QFETCH(bool, valid);
        QFETCH(AccessDecision::Outcome, outcome);
        QFETCH(int, rule);
        QList<QPair<QByteArray, QByteArray>> headers{{name, value}};
        if (name == "X-Forwarded-Uri")
            headers += {{"X-Forwarded-Proto", "https"}, {"X-Forwarded-Host", "app.example.test"}};
        const OriginalRequest o = originalRequest(proxied(headers));
        QCOMPARE(o.valid, valid);
        if (!valid)
            return;
        QCOMPARE(o.host, QStringLiteral("app.example.test"));
        const AccessDecision decision = decideAccess(publicAndSignedIn(), {o.host, o.path, o.method}, std::nullopt);
        QCOMPARE(decision.outcome, outcome);
        QCOMPARE(decision.rule, rule);
    }

    void forwardedUriMustBeAPath()
    {
        QVERIFY(!originalRequest(proxied({{"X-Forwarded-Host", "a.test"}, {"X-Forwarded-Uri", "@evil.test/"}})).valid);
    }

    void safeValues()
    {
        QCOMPARE(safeHeaderValue(QStringLiteral("Ann\r\nSet-Cookie: x=1")), QByteArray("AnnSet-Cookie: x=1"));
        QCOMPARE(safeHeaderValue(QStringLiteral("  Zoë \t")), QByteArray("Zoë"));
        QCOMPARE(safeHeaderValue(QStringLiteral(" Zoë  ")), QByteArray("Zoë"));  // no control character
        QCOMPARE(safeHeaderValue(QStringLiteral("alice@example.test")), QByteArray("alice@example.test"));
        QCOMPARE(safeHeaderValue(QStringLiteral("a") + QChar(0) + QStringLiteral("b") + QChar(0x85)), QByteArray("ab"));
    }

    void groupsWithCommasAreLeftOut()
    {
        QCOMPARE(groupsHeaderValue({"admins", "a,b", "staff", "", "x\ny", " ops "}), QByteArray("admins,staff,ops"));
        QCOMPARE(groupsHeaderValue({}), QByteArray());
    }

    void identity()
    {
        Identity who;
        who.subject = AccessSubject{QStringLiteral("u1"), QStringLiteral("ann@example.test"), {"admins", "staff"}};
        who.name = QStringLiteral("Ann\nEvil: 1");
        const auto headers = identityHeaders(IdentityHeaders(), who);
        QCOMPARE(headerValue(headers, "remote-user"), QByteArray("ann@example.test"));
        QCOMPARE(headerValue(headers, "x-auth-request-user"), QByteArray("ann@example.test"));
        QCOMPARE(headerValue(headers, "remote-email"), QByteArray("ann@example.test"));
        QCOMPARE(headerValue(headers, "x-auth-request-email"), QByteArray("ann@example.test"));
        QCOMPARE(headerValue(headers, "remote-name"), QByteArray("AnnEvil: 1"));
        QCOMPARE(headerValue(headers, "remote-groups"), QByteArray("admins,staff"));
        QCOMPARE(headerValue(headers, "x-auth-request-groups"), QByteArray("admins,staff"));
        QCOMPARE(headers.size(), 7);
    }

    void identityWithoutEmailOrGroups()
    {
        Identity who;
        who.subject.userId = QStringLiteral("user-7");
        const auto headers = identityHeaders(IdentityHeaders(), who);
        QCOMPARE(headerValue(headers, "remote-user"), QByteArray("user-7"));
        QCOMPARE(headerValue(headers, "x-auth-request-user"), QByteArray("user-7"));
        // The unknown ones are sent empty, not left out (a proxy would copy its placeholder).
        QCOMPARE(headers.size(), 7);
        for (const char *name : {"remote-email", "x-auth-request-email", "remote-name", "remote-groups", "x-auth-request-groups"}) {
            QVERIFY2(std::any_of(headers.begin(), headers.end(), [name](const auto &h) { return h.first == name; }), name);
            QCOMPARE(headerValue(headers, name), QByteArray());
        }
    }

    void configuredNames()
    {
        IdentityHeaders names;
        names.user = {"X-Webauth-User"};
        names.email = {};
        names.name = {};
        names.groups = {"X-Webauth-Groups"};
        Identity who;
        who.subject = AccessSubject{QStringLiteral("u1"), QStringLiteral("ann@example.test"), {"g"}};
        const auto headers = identityHeaders(names, who);
        QCOMPARE(headers.size(), 2);
        QCOMPARE(headerValue(headers, "x-webauth-user"), QByteArray("ann@example.test"));
        QCOMPARE(headerValue(headers, "x-webauth-groups"), QByteArray("g"));
    }

    // oauth2-proxy's allowed_groups / allowed_emails on the sub-request's URL.
    void allowListFromQuery()
    {
        const AllowList none = AllowList::fromQuery(QUrl(QStringLiteral("http://127.0.0.1/auth/authz/oauth2-proxy")));
        QVERIFY(!none.narrows());
        QVERIFY(none.allows(AccessSubject{}));
        const AllowList list = AllowList::fromQuery(QUrl(QStringLiteral(
            "http://127.0.0.1/auth/authz/oauth2-proxy?allowed_groups=admins,%20ops%20,,&allowed_emails=Ann%40Example.test"
            "&allowed_groups=Domain%20Admins&allowed_emails=")));
        QCOMPARE(list.groups, QStringList({"admins", "ops", "Domain Admins"}));
        QCOMPARE(list.emails, QStringList({"ann@example.test"}));
        QVERIFY(list.narrows());
        // Empty values narrow nothing, as with oauth2-proxy.
        QVERIFY(!AllowList::fromQuery(QUrl(QStringLiteral("http://h/?allowed_groups=&allowed_emails=,"))).narrows());
    }

    void allowListNeedsEveryListMet()
    {
        AllowList groups;
        groups.groups = {"admins", "ops"};
        QVERIFY(groups.allows(AccessSubject{"1", "a@example.test", {"staff", "ops"}}));
        QVERIFY(!groups.allows(AccessSubject{"1", "a@example.test", {"staff", "Admins"}}));  // names are exact
        QVERIFY(!groups.allows(AccessSubject{"1", "a@example.test", {}}));
        AllowList emails;
        emails.emails = {"a@example.test"};
        QVERIFY(emails.allows(AccessSubject{"1", "A@Example.test", {}}));
        QVERIFY(!emails.allows(AccessSubject{"1", "b@example.test", {"admins"}}));
        QVERIFY(!emails.allows(AccessSubject{"a@example.test", QString(), {}}));  // a user id is no email
        AllowList both = groups;
        both.emails = emails.emails;
        QVERIFY(both.allows(AccessSubject{"1", "a@example.test", {"admins"}}));
        QVERIFY(!both.allows(AccessSubject{"1", "a@example.test", {"staff"}}));
        QVERIFY(!both.allows(AccessSubject{"2", "b@example.test", {"admins"}}));
    }
};

QTEST_GUILESS_MAIN(TestForwardAuthParts)
#include "tst_forwardauthparts.moc"
