#include <gatehouse/configcheck.h>
#include <gatehouse/configloader.h>

#include "configjson.h"
#include "problemtexts.h"

#include <QJsonDocument>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::Testing;
using Kind = AccessPolicy::Kind;

class TestAccessConfig : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void issueExample()
    {
        const ConfigResult result = loadJson(R"({"providers": [], "trustedProxies": ["127.0.0.1"],
            "redirectDomains": [".Example.test", "files.other.test"],
            "access": {"default": "deny", "rules": [
              {"hosts": ["app.example.test"], "paths": ["*.css"], "methods": ["GET"], "policy": "bypass"},
              {"hosts": ["*.example.test"], "policy": "signed-in"},
              {"hosts": ["admin.example.test"], "policy": {"groups": ["admins"], "users": ["root@example.test"]}}]}})");
        QCOMPARE(render(result.problems), QStringList());
        const AccessOptions &access = result.config.access;
        QCOMPARE(access.defaultPolicy.kind, Kind::Deny);
        QCOMPARE(access.rules.size(), 3);
        QCOMPARE(access.rules[0].hosts, QStringList{"app.example.test"});
        QCOMPARE(access.rules[0].paths, QStringList{"*.css"});
        QCOMPARE(access.rules[0].methods, QStringList{"GET"});
        QCOMPARE(access.rules[0].policy.kind, Kind::Bypass);
        QCOMPARE(access.rules[1].policy.kind, Kind::SignedIn);
        QVERIFY(access.rules[1].paths.isEmpty() && access.rules[1].methods.isEmpty());
        QCOMPARE(access.rules[2].policy.kind, Kind::Subjects);
        QCOMPARE(access.rules[2].policy.groups, QStringList{"admins"});
        QCOMPARE(access.rules[2].policy.users, QStringList{"root@example.test"});
        QCOMPARE(result.config.redirectDomains, (QStringList{".example.test", "files.other.test"}));
    }

    void defaultsAndFolding()
    {
        const ConfigResult none = loadJson(R"({"providers": []})");
        QCOMPARE(none.config.access.defaultPolicy.kind, Kind::Deny);
        QVERIFY(none.config.access.rules.isEmpty());
        QVERIFY(none.config.redirectDomains.isEmpty());
        QCOMPARE(none.config.access.identityHeaders.user, (QByteArrayList{"Remote-User", "X-Auth-Request-User"}));

        const ConfigResult folded = loadJson(R"({"providers": [], "trustedProxies": ["::1"], "access": {"default": "signed-in",
            "rules": [{"hosts": ["App.Example.TEST"], "methods": ["get", "Post"], "policy": "deny"}],
            "identityHeaders": {"user": ["X-Webauth-User"], "name": []}}})");
        QCOMPARE(render(folded.problems), QStringList());
        QCOMPARE(folded.config.access.defaultPolicy.kind, Kind::SignedIn);
        QCOMPARE(folded.config.access.rules[0].hosts, QStringList{"app.example.test"});
        QCOMPARE(folded.config.access.rules[0].methods, (QStringList{"GET", "POST"}));
        QCOMPARE(folded.config.access.rules[0].policy.kind, Kind::Deny);
        QCOMPARE(folded.config.access.identityHeaders.user, QByteArrayList{"X-Webauth-User"});
        QVERIFY(folded.config.access.identityHeaders.name.isEmpty());
        QCOMPARE(folded.config.access.identityHeaders.email, (QByteArrayList{"Remote-Email", "X-Auth-Request-Email"}));
    }

    void aProxyThatIsNotTrustedIsNamed()
    {
        // The proxy's checks all come from its address: without it among the trusted proxies,
        // the per-address connection limit would refuse them under load.
        const QString warning = QStringLiteral(
            "trustedProxies: forward authentication is configured but no proxy is trusted: more than 64 "
            "concurrent checks from the proxy's address will be refused (list its address, e.g. [\"127.0.0.1\"])");
        const ConfigResult untrusted = loadJson(R"({"providers": [], "access": {"default": "signed-in"}})");
        QCOMPARE(render(untrusted.problems), QStringList{warning});
        QVERIFY(untrusted.errors().isEmpty());  // a warning: the server starts
        QCOMPARE(render(loadJson(R"({"providers": [], "access": {"default": "signed-in"},
            "trustedProxies": ["127.0.0.1"]})").problems), QStringList());
        QCOMPARE(render(loadJson(R"({"providers": [], "access": {"default": "signed-in"},
            "server": {"maxConnectionsPerAddress": 0}})").problems), QStringList());
        QCOMPARE(render(loadJson(R"({"providers": []})").problems), QStringList());
    }

    void storedGroupsGoWhereRulesNeedThem()
    {
        // Off by default; on when a rule names groups; the option decides when it is set.
        QVERIFY(!loadJson(R"({"providers": []})").config.access.groupsInToken());
        QVERIFY(!loadJson(R"({"providers": [], "access": {"rules": [{"policy": {"users": ["a@example.test"]}}]}})")
                     .config.access.groupsInToken());
        const ConfigResult named = loadJson(R"({"providers": [], "access": {"rules": [{"policy": "signed-in"},
            {"policy": {"groups": ["admins"]}}]}})");
        QVERIFY(named.config.access.groupsInToken());
        QVERIFY(!named.config.access.groups.session);
        const ConfigResult off = loadJson(R"({"providers": [], "trustedProxies": ["127.0.0.1"], "access": {"groups": {"token": false},
            "rules": [{"policy": {"groups": ["admins"]}}]}})");
        QCOMPARE(render(off.problems), QStringList());
        QVERIFY(!off.config.access.groupsInToken());
        const ConfigResult on = loadJson(R"({"providers": [], "access": {"groups": {"token": true}}})");
        QVERIFY(on.config.access.groupsInToken());
        const ConfigResult shown = loadJson(R"({"providers": [], "access": {"groups": {"session": true}}})");
        QVERIFY(shown.config.access.groups.session);
        QVERIFY(shown.config.access.groupsInToken());
        const ConfigResult bad = loadJson(R"({"providers": [], "access": {"groups": {"session": "yes", "tokens": true}}})");
        QVERIFY2(render(bad.problems).join(u'\n').contains(QLatin1String("access.groups.session: must be")),
                 qPrintable(render(bad.problems).join(u'\n')));
        QVERIFY2(render(bad.problems).join(u'\n').contains(QLatin1String("access.groups.tokens: unknown key")),
                 qPrintable(render(bad.problems).join(u'\n')));
    }

    void errors_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QStringList>("expected");
        const auto row = [](const char *name, const char *access, const QStringList &expected) {
            QTest::newRow(name) << (QByteArray(R"({"providers": [], )") + access + "}") << expected;
        };
        row("access type", R"("access": [])", {"access: must be an object"});
        row("default", R"("access": {"default": "allow"})", {"access.default: must be one of deny, signed-in, bypass"});
        row("rules type", R"("access": {"rules": {}})", {"access.rules: must be a list"});
        row("rule type", R"("access": {"rules": ["bypass"]})", {"access.rules[0]: must be an object"});
        row("policy missing", R"("access": {"rules": [{"hosts": ["a.test"]}]})", {"access.rules[0].policy: missing"});
        row("policy unknown", R"("access": {"rules": [{"policy": "allow"}]})",
            {R"(access.rules[0].policy: must be "bypass", "signed-in", "deny" or {"users": [...], "groups": [...]})"});
        row("policy names nobody", R"("access": {"rules": [{"policy": {}}]})",
            {R"(access.rules[0].policy: names no users and no groups: nobody would be allowed (use "deny" for that))"});
        row("policy key typo", R"("access": {"rules": [{"policy": {"group": ["a"], "users": ["u"]}}]})",
            {R"(access.rules[0].policy.group: unknown key (did you mean "groups"?))"});
        row("users type", R"("access": {"rules": [{"policy": {"users": "root@example.test"}}]})",
            {"access.rules[0].policy.users: must be a list of strings",
             R"(access.rules[0].policy: names no users and no groups: nobody would be allowed (use "deny" for that))"});
        row("group names", R"("access": {"rules": [{"policy": "bypass"}, {"policy": {"groups": ["admins", "a,b", " ops", "", "tab\there"]}}]})",
            {"access.rules[1].policy.groups[1]: is not a group name: it contains a comma (identity headers list groups separated by commas)",
             "access.rules[1].policy.groups[2]: is not a group name: it begins or ends with a space",
             "access.rules[1].policy.groups[3]: is not a group name: it is empty",
             "access.rules[1].policy.groups[4]: is not a group name: it contains a control character"});
        row("group name too long", (R"("access": {"rules": [{"policy": {"groups": [")" + QByteArray(129, 'g') + R"("]}}]})").constData(),
            {"access.rules[0].policy.groups[0]: is not a group name: it is longer than 128 characters"});
        row("hosts type", R"("access": {"rules": [{"hosts": "a.test", "policy": "bypass"}]})",
            {"access.rules[0].hosts: must be a list of strings"});
        row("host wildcard inside", R"("access": {"rules": [{"policy": "bypass"}, {"hosts": ["a.test", "app.*.test"], "policy": "bypass"}]})",
            {R"(access.rules[1].hosts[1]: must be a lower-case host name, or "*." and one ("*.example.test"))"});
        row("host with port", R"("access": {"rules": [{"hosts": ["a.test:80"], "policy": "bypass"}]})",
            {R"(access.rules[0].hosts[0]: must be a lower-case host name, or "*." and one ("*.example.test"))"});
        row("path relative", R"("access": {"rules": [{"paths": ["public"], "policy": "bypass"}]})",
            {"access.rules[0].paths[0]: must be a path starting with \"/\" or \"*\", without spaces, \"?\" or \"#\""});
        row("method", R"("access": {"rules": [{"methods": ["GET POST"], "policy": "bypass"}]})",
            {R"(access.rules[0].methods[0]: must be an upper-case HTTP method name such as "GET")"});
        row("rule key typo", R"("access": {"rules": [{"host": ["a.test"], "policy": "bypass"}]})",
            {R"(access.rules[0].host: unknown key (did you mean "hosts"?))"});
        row("header name", R"("access": {"identityHeaders": {"user": ["Remote User"]}})",
            {"access.identityHeaders.user: must be a list of HTTP header names"});
        row("redirectDomains type", R"("redirectDomains": ".example.test")", {"redirectDomains: must be a list of strings"});
        row("redirectDomains wildcard", R"("redirectDomains": ["*.example.test", "a.test:80"])",
            {R"(redirectDomains[0]: must be a lower-case host name ("app.example.test") or a domain suffix starting with a dot (".example.test"))",
             R"(redirectDomains[1]: must be a lower-case host name ("app.example.test") or a domain suffix starting with a dot (".example.test"))"});
    }
    void errors()
    {
        QFETCH(QByteArray, json);
        QFETCH(QStringList, expected);
        const ConfigResult result = loadJson(json);
        QCOMPARE(render(result.errors()), expected);
        QVERIFY(!result.isValid());
    }

    // A C++ configuration gets the same checks (checkConfig(), which Auth's constructor runs).
    void cppConfiguration()
    {
        Config config;
        config.secret = {QStringLiteral("0123456789abcdef0123456789abcdef-test")};
        AccessRule rule;
        rule.hosts = {QStringLiteral("App.test")};
        rule.policy.kind = Kind::Subjects;
        config.access.rules = {rule};
        config.access.defaultPolicy.kind = Kind::Subjects;
        config.redirectDomains = {QStringLiteral("..a.test")};
        QStringList problems = render(checkConfig(config));
        QCOMPARE(problems, (QStringList{
            R"(redirectDomains[0]: must be a lower-case host name ("app.example.test") or a domain suffix starting with a dot (".example.test"))",
            R"(access.rules[0].hosts[0]: must be a lower-case host name, or "*." and one ("*.example.test"))",
            R"(access.rules[0].policy: names no users and no groups: nobody would be allowed (use "deny" for that))",
            "access.default: must be one of deny, signed-in, bypass"}));
    }
};

QTEST_GUILESS_MAIN(TestAccessConfig)
#include "tst_accessconfig.moc"
