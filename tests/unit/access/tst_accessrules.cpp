#include <gatehouse/access.h>

#include "access/patterns.h"

#include <QTest>

using namespace Gatehouse;
using Kind = AccessPolicy::Kind;
using Outcome = AccessDecision::Outcome;

Q_DECLARE_METATYPE(Gatehouse::AccessDecision::Outcome)

namespace {

AccessPolicy policy(Kind kind, const QStringList &users = {}, const QStringList &groups = {})
{
    AccessPolicy p;
    p.kind = kind;
    p.users = users;
    p.groups = groups;
    return p;
}

AccessRule rule(const QStringList &hosts, const QStringList &paths, const QStringList &methods, const AccessPolicy &p)
{
    return AccessRule{hosts, paths, methods, p};
}

//! The issue's example, in order: public GET bypass, every subdomain signed in, admin by group
//! or user (never reached for admin.example.test: the wildcard rule comes first).
AccessOptions issueExample()
{
    AccessOptions options;
    options.rules = {
        rule({"app.example.test"}, {"/public/*"}, {"GET"}, policy(Kind::Bypass)),
        rule({"*.example.test"}, {}, {}, policy(Kind::SignedIn)),
        rule({"admin.example.test"}, {}, {}, policy(Kind::Subjects, {"root@example.test"}, {"admins"})),
    };
    return options;
}

//! Admin first, then the rest: what an operator means by the example.
AccessOptions adminFirst()
{
    AccessOptions options;
    options.rules = {
        rule({"admin.example.test"}, {}, {}, policy(Kind::Subjects, {"root@example.test"}, {"admins"})),
        rule({"app.example.test"}, {"/public/*", "/health"}, {"GET", "HEAD"}, policy(Kind::Bypass)),
        rule({"app.example.test"}, {"/api"}, {"DELETE"}, policy(Kind::Deny)),
        rule({"*.example.test"}, {}, {}, policy(Kind::SignedIn)),
    };
    return options;
}

AccessSubject user(const QString &email, const QStringList &groups = {}, const QString &id = QStringLiteral("u1"))
{
    return AccessSubject{id, email, groups};
}

} // namespace

class TestAccessRules : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void hosts_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<QString>("host");
        QTest::addColumn<bool>("matches");
        QTest::newRow("exact") << "app.example.test" << "app.example.test" << true;
        QTest::newRow("exact, other") << "app.example.test" << "app2.example.test" << false;
        QTest::newRow("wildcard, one level") << "*.example.test" << "app.example.test" << true;
        QTest::newRow("wildcard, two levels") << "*.example.test" << "a.b.example.test" << true;
        QTest::newRow("wildcard, not the domain itself") << "*.example.test" << "example.test" << false;
        QTest::newRow("wildcard, dot-bounded") << "*.example.test" << "evilexample.test" << false;
        QTest::newRow("wildcard, suffix elsewhere") << "*.example.test" << "example.test.evil.test" << false;
    }
    void hosts()
    {
        QFETCH(QString, pattern);
        QFETCH(QString, host);
        QFETCH(bool, matches);
        QCOMPARE(Access::hostMatches(pattern, host), matches);
    }

    void normalizedHost()
    {
        QCOMPARE(Access::normalizedHost(QStringLiteral("App.Example.TEST:8443")), QStringLiteral("app.example.test"));
        QCOMPARE(Access::normalizedHost(QStringLiteral("app.example.test.")), QStringLiteral("app.example.test"));
        QCOMPARE(Access::normalizedHost(QStringLiteral("[::1]:80")), QStringLiteral("[::1]"));
    }

    void paths_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("matches");
        QTest::newRow("prefix, itself") << "/api" << "/api" << true;
        QTest::newRow("prefix, below") << "/api" << "/api/users/1" << true;
        QTest::newRow("prefix, segment-bounded") << "/api" << "/apix" << false;
        QTest::newRow("prefix with slash") << "/api/" << "/api/x" << true;
        QTest::newRow("prefix with slash, not itself") << "/api/" << "/api" << false;
        QTest::newRow("root") << "/" << "/anything" << true;
        QTest::newRow("glob below") << "/public/*" << "/public/css/site.css" << true;
        QTest::newRow("glob, not the folder") << "/public/*" << "/public" << false;
        QTest::newRow("glob, other folder") << "/public/*" << "/private/x" << false;
        QTest::newRow("glob suffix") << "*.css" << "/a/b/site.css" << true;
        QTest::newRow("glob suffix, other") << "*.css" << "/a/b/site.js" << false;
        QTest::newRow("glob middle") << "/u/*/avatar" << "/u/42/avatar" << true;
        QTest::newRow("glob middle, longer") << "/u/*/avatar" << "/u/42/avatar/x" << false;
        QTest::newRow("glob backtracking") << "/a*b*c" << "/aXbYbZc" << true;
    }
    void paths()
    {
        QFETCH(QString, pattern);
        QFETCH(QString, path);
        QFETCH(bool, matches);
        QCOMPARE(Access::pathMatches(pattern, path), matches);
    }

    void normalizedPath_data()
    {
        QTest::addColumn<QString>("raw");
        QTest::addColumn<QString>("normalized");
        QTest::newRow("plain") << "/a/b" << "/a/b";
        QTest::newRow("query dropped") << "/a?b=/public/x" << "/a";
        QTest::newRow("fragment dropped") << "/a#/public/x" << "/a";
        QTest::newRow("dot dot") << "/public/../admin" << "/admin";
        QTest::newRow("encoded dot dot") << "/public/%2e%2e/admin" << "/admin";
        QTest::newRow("encoded slash") << "/public%2f..%2fadmin" << "/admin";
        QTest::newRow("backslash") << "/public\\..\\admin" << "/admin";
        QTest::newRow("above the root") << "/../../admin" << "/admin";
        QTest::newRow("repeated slashes") << "//public///x" << "/public/x";
        QTest::newRow("dot") << "/./a/./b" << "/a/b";
        QTest::newRow("trailing slash kept") << "/public/" << "/public/";
        QTest::newRow("empty") << "" << "/";
        QTest::newRow("encoded query mark stays path") << "/a%3Fb" << "/a?b";
    }
    void normalizedPath()
    {
        QFETCH(QString, raw);
        QFETCH(QString, normalized);
        QCOMPARE(Access::normalizedPath(raw), normalized);
    }

    void decisions_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("method");
        QTest::addColumn<bool>("signedIn");
        QTest::addColumn<QString>("email");
        QTest::addColumn<QStringList>("groups");
        QTest::addColumn<Outcome>("outcome");
        QTest::addColumn<int>("rule");
        const QStringList none;
        QTest::newRow("public GET, anonymous") << "app.example.test" << "/public/logo.png" << "GET" << false << "" << none << Outcome::Allowed << 1;
        QTest::newRow("public HEAD, anonymous") << "app.example.test" << "/public/logo.png" << "HEAD" << false << "" << none << Outcome::Allowed << 1;
        QTest::newRow("health, exact") << "app.example.test" << "/health" << "GET" << false << "" << none << Outcome::Allowed << 1;
        QTest::newRow("public POST needs sign-in") << "app.example.test" << "/public/form" << "POST" << false << "" << none << Outcome::SignInRequired << 3;
        QTest::newRow("public, method lower-case") << "app.example.test" << "/public/x" << "get" << false << "" << none << Outcome::Allowed << 1;
        QTest::newRow("traversal out of public") << "app.example.test" << "/public/../private" << "GET" << false << "" << none << Outcome::SignInRequired << 3;
        QTest::newRow("encoded traversal") << "app.example.test" << "/public/%2E%2E/private" << "GET" << false << "" << none << Outcome::SignInRequired << 3;
        QTest::newRow("host case and port") << "APP.example.test:443" << "/public/x" << "GET" << false << "" << none << Outcome::Allowed << 1;
        QTest::newRow("deny rule, signed in") << "app.example.test" << "/api/x" << "DELETE" << true << "a@example.test" << none << Outcome::Denied << 2;
        QTest::newRow("deny rule, anonymous") << "app.example.test" << "/api" << "DELETE" << false << "" << none << Outcome::Denied << 2;
        QTest::newRow("api GET signed in") << "app.example.test" << "/api" << "GET" << true << "a@example.test" << none << Outcome::Allowed << 3;
        QTest::newRow("subdomain anonymous") << "files.example.test" << "/" << "GET" << false << "" << none << Outcome::SignInRequired << 3;
        QTest::newRow("subdomain signed in") << "files.example.test" << "/" << "GET" << true << "a@example.test" << none << Outcome::Allowed << 3;
        QTest::newRow("admin by group") << "admin.example.test" << "/" << "GET" << true << "a@example.test" << QStringList{"staff", "admins"} << Outcome::Allowed << 0;
        QTest::newRow("admin by user, any case") << "admin.example.test" << "/" << "GET" << true << "Root@Example.test" << none << Outcome::Allowed << 0;
        QTest::newRow("admin, other user") << "admin.example.test" << "/" << "GET" << true << "a@example.test" << QStringList{"staff"} << Outcome::Denied << 0;
        QTest::newRow("admin, group case differs") << "admin.example.test" << "/" << "GET" << true << "a@example.test" << QStringList{"Admins"} << Outcome::Denied << 0;
        QTest::newRow("admin, anonymous") << "admin.example.test" << "/" << "GET" << false << "" << none << Outcome::SignInRequired << 0;
        QTest::newRow("other domain: default deny") << "example.test" << "/" << "GET" << true << "a@example.test" << none << Outcome::Denied << -1;
        QTest::newRow("unrelated host: default deny") << "evil.test" << "/" << "GET" << false << "" << none << Outcome::Denied << -1;
    }
    void decisions()
    {
        QFETCH(QString, host);
        QFETCH(QString, path);
        QFETCH(QString, method);
        QFETCH(bool, signedIn);
        QFETCH(QString, email);
        QFETCH(QStringList, groups);
        QFETCH(Outcome, outcome);
        QFETCH(int, rule);
        std::optional<AccessSubject> subject;
        if (signedIn)
            subject = user(email, groups);
        const AccessDecision decision = decideAccess(adminFirst(), {host, path, method}, subject);
        QCOMPARE(decision.outcome, outcome);
        QCOMPARE(decision.rule, rule);
    }

    void firstMatchWins()
    {
        // In the issue's order the wildcard rule (1) decides for admin.example.test before the
        // admin rule (2) is reached: any signed-in user gets in.
        const AccessDecision decision = decideAccess(issueExample(), {"admin.example.test", "/", "GET"}, user("a@example.test"));
        QCOMPARE(decision.outcome, Outcome::Allowed);
        QCOMPARE(decision.rule, 1);
        // Swapped, the admin rule decides.
        AccessOptions swapped = issueExample();
        swapped.rules.swapItemsAt(1, 2);
        const AccessDecision denied = decideAccess(swapped, {"admin.example.test", "/", "GET"}, user("a@example.test"));
        QCOMPARE(denied.outcome, Outcome::Denied);
        QCOMPARE(denied.rule, 1);
    }

    void userById()
    {
        AccessOptions options;
        options.rules = {rule({}, {}, {}, policy(Kind::Subjects, {"user-42"}))};
        QCOMPARE(decideAccess(options, {"x.test", "/", "GET"}, user({}, {}, "user-42")).outcome, Outcome::Allowed);
        QCOMPARE(decideAccess(options, {"x.test", "/", "GET"}, user({}, {}, "user-4")).outcome, Outcome::Denied);
        // An empty email never matches an empty entry.
        options.rules[0].policy.users = {QString()};
        QCOMPARE(decideAccess(options, {"x.test", "/", "GET"}, user({}, {}, {})).outcome, Outcome::Denied);
    }

    void defaults()
    {
        AccessOptions options;
        QCOMPARE(options.defaultPolicy.kind, Kind::Deny);  // deny unless configured
        QCOMPARE(decideAccess(options, {"a.test", "/", "GET"}, user("a@a.test")).outcome, Outcome::Denied);
        options.defaultPolicy.kind = Kind::SignedIn;
        QCOMPARE(decideAccess(options, {"a.test", "/", "GET"}, std::nullopt).outcome, Outcome::SignInRequired);
        QCOMPARE(decideAccess(options, {"a.test", "/", "GET"}, user("a@a.test")).outcome, Outcome::Allowed);
        options.defaultPolicy.kind = Kind::Bypass;
        const AccessDecision bypass = decideAccess(options, {"a.test", "/", "GET"}, std::nullopt);
        QCOMPARE(bypass.outcome, Outcome::Allowed);
        QCOMPARE(bypass.rule, -1);
    }

    void policyWithoutSession()
    {
        int index = 7;
        const AccessOptions options = adminFirst();  // the policy returned is a part of it
        const AccessPolicy &p = accessPolicy(options, {"app.example.test", "/public/a", "GET"}, &index);
        QCOMPARE(p.kind, Kind::Bypass);
        QCOMPARE(index, 1);
    }

    void patternsValid()
    {
        QVERIFY(Access::isHostPattern(QStringLiteral("app.example.test")));
        QVERIFY(Access::isHostPattern(QStringLiteral("*.example.test")));
        QVERIFY(Access::isHostPattern(QStringLiteral("127.0.0.1")));
        QVERIFY(!Access::isHostPattern(QStringLiteral("*example.test")));
        QVERIFY(!Access::isHostPattern(QStringLiteral("app.*.test")));
        QVERIFY(!Access::isHostPattern(QStringLiteral("*")));
        QVERIFY(!Access::isHostPattern(QStringLiteral("App.example.test")));
        QVERIFY(!Access::isHostPattern(QStringLiteral("app..test")));
        QVERIFY(!Access::isHostPattern(QStringLiteral("app.test:80")));
        QVERIFY(!Access::isHostPattern(QString()));
        QVERIFY(Access::isPathPattern(QStringLiteral("/public/*")));
        QVERIFY(Access::isPathPattern(QStringLiteral("*.css")));
        QVERIFY(!Access::isPathPattern(QStringLiteral("public")));
        QVERIFY(!Access::isPathPattern(QStringLiteral("/a b")));
        QVERIFY(!Access::isPathPattern(QStringLiteral("/a?b")));
        QVERIFY(Access::isMethodName(QStringLiteral("GET")));
        QVERIFY(Access::isMethodName(QStringLiteral("PROPFIND")));
        QVERIFY(!Access::isMethodName(QStringLiteral("get")));
        QVERIFY(!Access::isMethodName(QStringLiteral("GET POST")));
        QVERIFY(!Access::isMethodName(QString()));
    }
};

QTEST_GUILESS_MAIN(TestAccessRules)
#include "tst_accessrules.moc"
