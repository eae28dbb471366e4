#include "forwardauth/allowlist.h"
#include "forwardauth/identityheaders.h"
#include "forwardauth/originalrequest.h"

#include <QTest>

#include <algorithm>

using namespace Gatehouse;
using namespace Gatehouse::ForwardAuth;

namespace {

AuthRequest proxied(const QList<QPair<QByteArray, QByteArray>> &headers, const QByteArray &method = "GET")
{
    AuthRequest request;
    request.method = method;
    request.url = QUrl(QStringLiteral("http://127.0.0.1:3000/auth/authz/auth-request"));
    request.headers = headers;
    return request;
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
        QTest::newRow("forwarded host with backslash") << QByteArray("X-Forwarded-Host") << QByteArray("evil.test\\a");
    }
    void hostileOriginals()
    {
        QFETCH(QByteArray, name);
        QFETCH(QByteArray, value);
        QVERIFY(!originalRequest(proxied({{name, value}})).valid);
    }

    void forwardedUriMustBeAPath()
    {
        QVERIFY(!originalRequest(proxied({{"X-Forwarded-Host", "a.test"}, {"X-Forwarded-Uri", "@evil.test/"}})).valid);
    }

    void safeValues()
    {
        QCOMPARE(safeHeaderValue(QStringLiteral("Ann\r\nSet-Cookie: x=1")), QByteArray("AnnSet-Cookie: x=1"));
        QCOMPARE(safeHeaderValue(QStringLiteral("  Zoë \t")), QByteArray("Zoë"));
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
