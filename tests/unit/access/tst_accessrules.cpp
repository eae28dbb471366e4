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

    // The readings a path gets: ';' parameters removed, then (when it has any) kept; none when
    // it is ambiguous (refused).
    void pathReadings_data()
    {
        QTest::addColumn<QString>("raw");
        QTest::addColumn<QStringList>("readings");
        const QStringList refused;
        QTest::newRow("plain") << "/a/b" << QStringList{"/a/b"};
        QTest::newRow("query dropped") << "/a?b=/public/x" << QStringList{"/a"};
        QTest::newRow("fragment dropped") << "/a#/public/x" << QStringList{"/a"};
        QTest::newRow("query not judged") << "/public/a.css?x=%252e%5c%00" << QStringList{"/public/a.css"};
        QTest::newRow("dot dot") << "/public/../admin" << QStringList{"/admin"};
        QTest::newRow("encoded dot dot") << "/public/%2e%2e/admin" << QStringList{"/admin"};
        QTest::newRow("mixed-case encoded dot dot") << "/public/%2E%2e/admin" << QStringList{"/admin"};
        QTest::newRow("half-encoded dot dot") << "/public/.%2E/admin" << QStringList{"/admin"};
        QTest::newRow("above the root") << "/../../admin" << QStringList{"/admin"};
        QTest::newRow("repeated slashes") << "//public///x" << QStringList{"/public/x"};
        QTest::newRow("dot") << "/./a/./b" << QStringList{"/a/b"};
        QTest::newRow("trailing slash kept") << "/public/" << QStringList{"/public/"};
        QTest::newRow("empty") << "" << QStringList{"/"};
        QTest::newRow("encoded query mark stays path") << "/a%3Fb" << QStringList{"/a?b"};
        QTest::newRow("encoded space") << "/public/x%20y.css" << QStringList{"/public/x y.css"};
        QTest::newRow("encoded UTF-8") << "/caf%C3%A9" << QStringList{QStringLiteral("/caf\u00e9")};
        QTest::newRow("parameter on a file") << "/public/a.css;jsessionid=x" << QStringList{"/public/a.css", "/public/a.css;jsessionid=x"};
        QTest::newRow("parameter on the prefix") << "/public;x/a.css" << QStringList{"/public/a.css", "/public;x/a.css"};
        QTest::newRow("dot dot with a parameter") << "/public/..;/private" << QStringList{"/private", "/public/..;/private"};
        QTest::newRow("encoded dot dot with a parameter") << "/public/%2e%2e;/private" << QStringList{"/private", "/public/..;/private"};
        QTest::newRow("jsessionid, then dot dot") << "/public;jsessionid=x/../private" << QStringList{"/private", "/private"};
        QTest::newRow("parameter alone") << "/public/;x/../private" << QStringList{"/private", "/public/private"};
        QTest::newRow("encoded semicolon") << "/public/..%3b/private" << refused;
        QTest::newRow("encoded semicolon, upper case") << "/public/..%3B/private" << refused;
        QTest::newRow("double encoding") << "/public/%252e%252e/private" << refused;
        QTest::newRow("double encoding, upper case") << "/public/%252E%252E/private" << refused;
        QTest::newRow("encoded percent") << "/public/100%25.png" << refused;
        QTest::newRow("broken escape") << "/public/%zz" << refused;
        QTest::newRow("escape cut short") << "/public/%2" << refused;
        QTest::newRow("escape of no hex digits") << "/public/%0.%0./private" << refused;
        QTest::newRow("escape of one hex digit") << "/public/%2g" << refused;
        QTest::newRow("encoded slash") << "/public%2f..%2fadmin" << refused;
        QTest::newRow("encoded slash, upper case") << "/public/..%2F..%2Fadmin" << refused;
        QTest::newRow("encoded backslash") << "/public/..%5cadmin" << refused;
        QTest::newRow("encoded backslash, upper case") << "/public/..%5Cadmin" << refused;
        QTest::newRow("backslash") << "/public\\..\\admin" << refused;
        QTest::newRow("encoded NUL") << "/public/a.css%00/../../private" << refused;
        QTest::newRow("encoded line feed") << "/public/a%0a" << refused;
        QTest::newRow("overlong dot") << "/public/%c0%ae%c0%ae/private" << refused;
        QTest::newRow("overlong slash") << "/public/..%c0%afprivate" << refused;
        QTest::newRow("not UTF-8") << "/public/%ff" << refused;
        QTest::newRow("UTF-8 cut short") << "/public/%c3" << refused;
        QTest::newRow("not ASCII as sent") << QStringLiteral("/public/caf\u00e9") << refused;
        QTest::newRow("space as sent") << "/public/a b" << refused;
    }
    void pathReadings()
    {
        QFETCH(QString, raw);
        QFETCH(QStringList, readings);
        const std::optional<QStringList> read = Access::pathReadings(raw);
        QCOMPARE(read.value_or(QStringList()), readings);
        QCOMPARE(read.has_value(), !readings.isEmpty());
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
        const int ambiguous = AccessDecision::AmbiguousPath;
        QTest::newRow("public GET, anonymous") << "app.example.test" << "/public/logo.png" << "GET" << false << "" << none << Outcome::Allowed << 1;
        QTest::newRow("public HEAD, anonymous") << "app.example.test" << "/public/logo.png" << "HEAD" << false << "" << none << Outcome::Allowed << 1;
        QTest::newRow("health, exact") << "app.example.test" << "/health" << "GET" << false << "" << none << Outcome::Allowed << 1;
        QTest::newRow("public POST needs sign-in") << "app.example.test" << "/public/form" << "POST" << false << "" << none << Outcome::SignInRequired << 3;
        QTest::newRow("public, method lower-case") << "app.example.test" << "/public/x" << "get" << false << "" << none << Outcome::Allowed << 1;
        QTest::newRow("traversal out of public") << "app.example.test" << "/public/../private" << "GET" << false << "" << none << Outcome::SignInRequired << 3;
        QTest::newRow("encoded traversal") << "app.example.test" << "/public/%2E%2E/private" << "GET" << false << "" << none << Outcome::SignInRequired << 3;
        QTest::newRow("legitimate encoding") << "app.example.test" << "/public/x%20y.css" << "GET" << false << "" << none << Outcome::Allowed << 1;
        QTest::newRow("parameter inside the bypass") << "app.example.test" << "/public/a.css;jsessionid=x" << "GET" << false << "" << none << Outcome::Allowed << 1;
        QTest::newRow("parameter leaving the bypass") << "app.example.test" << "/public/..;/private" << "GET" << false << "" << none << Outcome::Denied << ambiguous;
        QTest::newRow("parameter leaving the bypass, signed in") << "app.example.test" << "/public/..;/private" << "GET" << true << "a@example.test" << none << Outcome::Denied << ambiguous;
        QTest::newRow("parameter on the bypassed prefix") << "app.example.test" << "/public;x/a.css" << "GET" << false << "" << none << Outcome::Denied << ambiguous;
        QTest::newRow("double encoding") << "app.example.test" << "/public/%252e%252e/private" << "GET" << false << "" << none << Outcome::Denied << ambiguous;
        QTest::newRow("parameters outside the bypass either way") << "app.example.test" << "/public;jsessionid=x/../private" << "GET" << false << "" << none << Outcome::SignInRequired << 3;
        // Only a rule that names paths reads the path: where none applies, no change.
        QTest::newRow("ambiguous, no path rule") << "files.example.test" << "/%252e%252e/x" << "GET" << true << "a@example.test" << none << Outcome::Allowed << 3;
        // A guarded path read ambiguously never falls to the wider rule after it: decoded once,
        // "/api%2fusers" is no path below "/api", decoded twice it is.
        QTest::newRow("ambiguous below a guarded path") << "app.example.test" << "/api%252fusers" << "DELETE" << true << "a@example.test" << none << Outcome::Denied << ambiguous;
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
