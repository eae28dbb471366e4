// gatehouse-server's database commands on a real SQLite file: migrate (twice, and against a
// database it cannot reach), the user commands, and sign-in with "authorize": "builtin" over
// HTTP following what the commands did (user 2fa reset: the code page, then none); check-config refusing "builtin" without an adapter.
#include "serverharness.h"
#include "support/totpcode.h"

#include <gatehouse/auditstore.h>
#include <gatehouse/sqladapter.h>
#include <gatehouse/twofactor.h>

#include <QDateTime>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

#include <poll.h>
#include <pty.h>
#include <pwd.h>
#include <sys/ioctl.h>
#include <unistd.h>

using namespace Gatehouse;
using namespace Gatehouse::Testing;

namespace {

const QString alice = QStringLiteral("alice@example.test");

// (No raw string literal here: moc would take the "//" of the URL for a comment.)
QByteArray builtinConfig(const QString &databaseFile)
{
    QJsonObject provider{{"id", "credentials"}, {"type", "credentials"}, {"name", "Password"}, {"authorize", "builtin"}};
    QJsonObject config{{"basePath", "/auth"},
                       {"trustHost", true},
                       {"adapter", QJsonObject{{"url", QStringLiteral("sqlite://") + databaseFile}}},
                       {"session", QJsonObject{{"strategy", "database"}}},
                       {"providers", QJsonArray{provider}}};
    return QJsonDocument(config).toJson();
}

const QByteArray withoutAdapter = R"({"providers": [{"id": "credentials", "type": "credentials", "name": "Password",
                                                   "authorize": "builtin"}]})";

//! The name the operating system gives the user running the tests (and so the commands).
QString operatingSystemUser()
{
    const passwd *entry = getpwuid(geteuid());
    return entry ? QString::fromLocal8Bit(entry->pw_name) : QString();
}

} // namespace

class TestServerUsers : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_config;
    QString m_promptLog;

    CommandResult user(const QStringList &arguments, const QByteArray &input = {})
    {
        return runServerCommand(QStringList{QStringLiteral("user")} + arguments + QStringList{QStringLiteral("--config"), m_config},
                                input);
    }
    static QString signIn(Browser &browser, const QString &email, const QString &password)
    {
        return browser.signIn(QStringLiteral("credentials"), {{QStringLiteral("email"), email}, {QStringLiteral("password"), password}});
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_config = m_dir.filePath(QStringLiteral("gatehouse.json"));
        QVERIFY(replaceFile(m_config, builtinConfig(m_dir.filePath(QStringLiteral("gatehouse.db")))));
    }

    void userCommandsNeedAMigratedDatabase()
    {
        const CommandResult list = user({QStringLiteral("list")});
        QCOMPARE(list.exitCode, 1);
        QVERIFY2(list.err.contains(QLatin1String("run `gatehouse-server migrate`")), qPrintable(list.err));
    }

    void migrateTwice()
    {
        const CommandResult first = runServerCommand({QStringLiteral("migrate"), QStringLiteral("--config"), m_config});
        QVERIFY2(first.exitCode == 0, qPrintable(first.err));
        const QStringList steps = first.out.split(u'\n').filter(QStringLiteral("schema step"));
        QVERIFY2(!steps.isEmpty(), qPrintable(first.out));
        QVERIFY2(steps.filter(QStringLiteral("already applied")).isEmpty(), qPrintable(first.out));

        const CommandResult second = runServerCommand({QStringLiteral("migrate"), QStringLiteral("--database"),
                                                       QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("gatehouse.db"))});
        QVERIFY2(second.exitCode == 0, qPrintable(second.err));
        const QStringList again = second.out.split(u'\n').filter(QStringLiteral("schema step"));
        QCOMPARE(again.size(), steps.size());
        QCOMPARE(again.filter(QStringLiteral("already applied")).size(), steps.size());
        QVERIFY(second.out.contains(QLatin1String("up to date")));
    }

    void migrateUnreachableDatabase()
    {
        const CommandResult missingFolder = runServerCommand(
            {QStringLiteral("migrate"), QStringLiteral("--database"), QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("no/such/folder/x.db"))});
        QCOMPARE(missingFolder.exitCode, 1);
        QVERIFY2(missingFolder.err.contains(QLatin1String("failed")), qPrintable(missingFolder.err));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("no/such/folder/x.db"))));

        const CommandResult noDatabase = runServerCommand({QStringLiteral("migrate")});
        QCOMPARE(noDatabase.exitCode, 1);
        QVERIFY2(noDatabase.err.contains(QLatin1String("DATABASE_URL")), qPrintable(noDatabase.err));
    }

    void addRefusesBadInput()
    {
        CommandResult r = user({QStringLiteral("add"), alice, QStringLiteral("--password-stdin")}, "short\n");
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("too short")), qPrintable(r.err));
        r = user({QStringLiteral("add"), alice, QStringLiteral("--password-stdin")}, "\n");
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("empty")), qPrintable(r.err));
        // Not a terminal and no --password-stdin: nothing to ask on.
        r = user({QStringLiteral("add"), alice});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("--password-stdin")), qPrintable(r.err));
        r = user({QStringLiteral("add"), QStringLiteral("not-an-address"), QStringLiteral("--password-stdin")}, "long-enough-1\n");
        QCOMPARE(r.exitCode, 2);
        r = user({QStringLiteral("frobnicate"), alice});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QLatin1String("unknown action")), qPrintable(r.err));
        const CommandResult list = user({QStringLiteral("list")});
        QCOMPARE(list.exitCode, 0);
        QVERIFY2(list.out.contains(QLatin1String("0 users")), qPrintable(list.out));
    }

    void lifeCycleThroughTheCommandLineAndSignIn()
    {
        // Mixed case and spaces are normalised as the sign-in form's address is.
        CommandResult r = user({QStringLiteral("add"), QStringLiteral(" Alice@Example.TEST"), QStringLiteral("--name"),
                                QStringLiteral("Alice Example"), QStringLiteral("--password-stdin")},
                               "first-password\n");
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = user({QStringLiteral("add"), alice, QStringLiteral("--password-stdin")}, "another-password\n");
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("already exists")), qPrintable(r.err));
        r = user({QStringLiteral("add"), QStringLiteral("bob@example.test"), QStringLiteral("--password-stdin")}, "bob-password\n");
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));

        r = user({QStringLiteral("list"), QStringLiteral("--search"), QStringLiteral("alice")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(QRegularExpression(QStringLiteral("enabled +alice@example.test +Alice Example")).match(r.out).hasMatch(),
                 qPrintable(r.out));
        QVERIFY2(!r.out.contains(QLatin1String("bob@")) && r.out.contains(QLatin1String("1 user matching")), qPrintable(r.out));

        ServerUnderTest server;
        QVERIFY(server.start(m_config));
        Browser browser(server.baseUrl());
        QCOMPARE(signIn(browser, alice, QStringLiteral("wrong-password")),
                 server.baseUrl() + QStringLiteral("/auth/signin?error=CredentialsSignin&code=credentials"));
        QCOMPARE(signIn(browser, alice, QStringLiteral("first-password")), server.baseUrl());
        QCOMPARE(browser.sessionUser().value(QStringLiteral("email")).toString(), alice);
        QCOMPARE(browser.sessionUser().value(QStringLiteral("name")).toString(), QStringLiteral("Alice Example"));

        // passwd: the old password stops working, the new one works.
        r = user({QStringLiteral("passwd"), alice, QStringLiteral("--password-stdin")}, "second-password\n");
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        Browser other(server.baseUrl());
        QVERIFY(signIn(other, alice, QStringLiteral("first-password")).contains(QLatin1String("error=CredentialsSignin")));
        QCOMPARE(signIn(other, alice, QStringLiteral("second-password")), server.baseUrl());
        r = user({QStringLiteral("passwd"), QStringLiteral("nobody@example.test"), QStringLiteral("--password-stdin")},
                 "whatever-password\n");
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("no user")), qPrintable(r.err));

        // disable: the database sessions have ended, and the right password is refused as by a
        // signIn callback returning false (a wrong one still as wrong).
        r = user({QStringLiteral("disable"), alice});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("disabled alice@example.test; ended 2 database sessions")), qPrintable(r.out));
        QVERIFY(browser.sessionUser().isEmpty());
        Browser third(server.baseUrl());
        QCOMPARE(signIn(third, alice, QStringLiteral("second-password")),
                 server.baseUrl() + QStringLiteral("/auth/error?error=AccessDenied"));
        QVERIFY(signIn(third, alice, QStringLiteral("wrong-password")).contains(QLatin1String("error=CredentialsSignin")));
        QVERIFY(third.sessionUser().isEmpty());
        r = user({QStringLiteral("list")});
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("disabled +enabled +alice@example.test"))), qPrintable(r.out));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("active +enabled +bob@example.test"))), qPrintable(r.out));

        // enable: signing in works again.
        r = user({QStringLiteral("enable"), alice});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("enabled alice@example.test")), qPrintable(r.out));
        QCOMPARE(signIn(third, alice, QStringLiteral("second-password")), server.baseUrl());
        QCOMPARE(third.sessionUser().value(QStringLiteral("email")).toString(), alice);

        // delete: the user, its password and its sessions are gone.
        r = user({QStringLiteral("delete"), alice});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(third.sessionUser().isEmpty());
        Browser fourth(server.baseUrl());
        QVERIFY(signIn(fourth, alice, QStringLiteral("second-password")).contains(QLatin1String("error=CredentialsSignin")));
        r = user({QStringLiteral("delete"), alice});
        QCOMPARE(r.exitCode, 1);
        r = user({QStringLiteral("list")});
        QVERIFY2(r.out.contains(QLatin1String("1 user\n")) && r.out.contains(QLatin1String("bob@example.test")), qPrintable(r.out));
        // The other user was not touched.
        QCOMPARE(signIn(fourth, QStringLiteral("bob@example.test"), QStringLiteral("bob-password")), server.baseUrl());

        // Each change is in the audit log with who made it, as the admin API's are; the password
        // change is what the server's notices mail the person about.
        const auto adapter = std::shared_ptr<SqlAdapter>(
            SqlAdapter::fromUrl(QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("gatehouse.db"))));
        QVERIFY(adapter);
        AuditFilter filter;
        filter.type = QStringLiteral("userCreate");
        const QList<AuditEvent> created = adapter->auditEvents(filter, 10).result();
        QCOMPARE(created.size(), 2);
        const auto aliceCreated = std::find_if(created.begin(), created.end(), [&](const AuditEvent &event) {
            return event.detail.value(QStringLiteral("email")).toString() == alice;
        });
        QVERIFY(aliceCreated != created.end());
        filter = AuditFilter();
        filter.userId = aliceCreated->userId;
        QStringList changes;
        QList<AuditEvent> events = adapter->auditEvents(filter, 50).result();
        std::reverse(events.begin(), events.end());  // oldest first
        for (const AuditEvent &event : events) {
            if (event.type == u"signIn" || event.type == u"signInFailed" || event.type == u"signOut")
                continue;
            QCOMPARE(event.detail.value(QStringLiteral("by")).toString(), QStringLiteral("admin"));
            QCOMPARE(event.detail.value(QStringLiteral("operator")).toString(), operatingSystemUser());
            changes.append(event.type);
            if (event.type == u"userDisable")
                QCOMPARE(event.detail.value(QStringLiteral("sessionsEnded")).toInt(), 2);
        }
        QCOMPARE(changes, QStringList({QStringLiteral("userCreate"), QStringLiteral("passwordChange"),
                                       QStringLiteral("userDisable"), QStringLiteral("userEnable"),
                                       QStringLiteral("userDelete")}));
    }

    void twoFactorResetThroughTheCommandLine()
    {
        const QString dora = QStringLiteral("dora@example.test");
        CommandResult r = user({QStringLiteral("add"), dora, QStringLiteral("--password-stdin")}, "dora-password\n");
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = user({QStringLiteral("2fa"), QStringLiteral("reset"), dora});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("dora@example.test has no authenticator app; nothing was changed")), qPrintable(r.out));

        // Dora enrols an authenticator app (through the API, on the server's database and secret).
        const auto adapter = std::shared_ptr<SqlAdapter>(
            SqlAdapter::fromUrl(QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("gatehouse.db"))));
        QVERIFY(adapter);
        const QString doraId = adapter->getUserByEmail(dora).result()->id;
        const TwoFactor twoFactor(adapter, {serverSecret()});
        // The codes of the previous and this 30 s step stay valid while the server starts.
        while (QDateTime::currentSecsSinceEpoch() % 30 > 12)
            QTest::qWait(250);
        const QByteArray key = base32Decode(twoFactor.beginEnrolment(doraId, dora).result().secret);
        const qint64 now = QDateTime::currentSecsSinceEpoch();
        QCOMPARE(twoFactor.confirmEnrolment(doraId, totpCode(key, now - 30)).result().size(), 10);

        // Her sign-in asks for the code, over HTTP; the code completes it.
        ServerUnderTest server;
        QVERIFY(server.start(m_config));
        Browser browser(server.baseUrl());
        QCOMPARE(signIn(browser, dora, QStringLiteral("dora-password")), server.baseUrl() + QStringLiteral("/auth/two-factor"));
        QVERIFY(browser.sessionUser().isEmpty());
        QCOMPARE(browser.postForm(QStringLiteral("/auth/two-factor"), {{QStringLiteral("code"), totpCode(key, now)}}), 302);
        QCOMPARE(browser.sessionUser().value(QStringLiteral("email")).toString(), dora);

        // Her phone is lost: the administrator resets it; the next sign-in asks for no code.
        r = user({QStringLiteral("2fa"), QStringLiteral("reset"), QStringLiteral(" Dora@Example.TEST")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("removed the authenticator app and 10 recovery codes of dora@example.test")),
                 qPrintable(r.out));
        QVERIFY(!twoFactor.status(doraId).result().enrolled);
        AuditFilter filter;
        filter.type = QStringLiteral("twoFactorRemove");
        filter.userId = doraId;
        QList<AuditEvent> removed;
        QTRY_COMPARE((removed = adapter->auditEvents(filter, 10).result()).size(), 1);
        QCOMPARE(removed.first().detail.value(QStringLiteral("by")).toString(), QStringLiteral("admin"));
        QVERIFY(!removed.first().detail.value(QStringLiteral("operator")).toString().isEmpty());   // who ran it
        Browser after(server.baseUrl());
        QCOMPARE(signIn(after, dora, QStringLiteral("dora-password")), server.baseUrl());
        QCOMPARE(after.sessionUser().value(QStringLiteral("email")).toString(), dora);

        // Unknown users and actions.
        r = user({QStringLiteral("2fa"), QStringLiteral("reset"), QStringLiteral("nobody@example.test")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("no user")), qPrintable(r.err));
        r = user({QStringLiteral("2fa"), QStringLiteral("remove"), dora});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QLatin1String("user 2fa reset EMAIL")), qPrintable(r.err));
        r = user({QStringLiteral("2fa"), QStringLiteral("reset")});
        QCOMPARE(r.exitCode, 2);
    }

    void lockoutListedAndLifted()
    {
        // Erin guesses wrong until the limit (rateLimit's default: 5 per address a window)
        // keeps her out; the administrator sees it and lets her in again.
        const QString erin = QStringLiteral("erin@example.test");
        CommandResult r = user({QStringLiteral("add"), erin, QStringLiteral("--password-stdin")}, "erin-password\n");
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = user({QStringLiteral("list"), QStringLiteral("--locked")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("\n0 users locked out\n")), qPrintable(r.out));

        ServerUnderTest server;
        QVERIFY(server.start(m_config));
        const QString refused = server.baseUrl() + QStringLiteral("/auth/signin?error=CredentialsSignin&code=");
        Browser browser(server.baseUrl());
        for (int i = 0; i < 5; ++i)
            QCOMPARE(signIn(browser, erin, QStringLiteral("wrong-password")), refused + QStringLiteral("credentials"));
        QCOMPARE(signIn(browser, erin, QStringLiteral("erin-password")), refused + QStringLiteral("rate_limited"));

        const QDateTime before = QDateTime::currentDateTimeUtc();
        r = user({QStringLiteral("list"), QStringLiteral("--locked")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QRegularExpressionMatch row =
            QRegularExpression(QStringLiteral("\\n\\S+ +erin@example\\.test +password sign-in +(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d)\\n"))
                .match(r.out);
        QVERIFY2(row.hasMatch(), qPrintable(r.out));
        QVERIFY2(r.out.contains(QLatin1String("\n1 user locked out; `gatehouse-server user unlock EMAIL`")), qPrintable(r.out));
        // Until the 900 s window lets one more attempt in: later than now, within two windows.
        QDateTime until = QDateTime::fromString(row.captured(1), QStringLiteral("yyyy-MM-dd HH:mm:ss"));
        until.setTimeSpec(Qt::UTC);
        QVERIFY2(until > before && until <= before.addSecs(2 * 900), qPrintable(row.captured(1)));

        // Unknown and malformed addresses name what was wrong and change nothing.
        r = user({QStringLiteral("unlock"), QStringLiteral("nobody@example.test")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("no user has the email address nobody@example.test")), qPrintable(r.err));
        r = user({QStringLiteral("unlock"), QStringLiteral("not-an-address")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QLatin1String("'not-an-address' is not an email address")), qPrintable(r.err));
        r = user({QStringLiteral("unlock")});
        QCOMPARE(r.exitCode, 2);
        r = user({QStringLiteral("list"), QStringLiteral("--locked"), QStringLiteral("--search"), QStringLiteral("erin")});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(signIn(browser, erin, QStringLiteral("erin-password")), refused + QStringLiteral("rate_limited"));

        r = user({QStringLiteral("unlock"), QStringLiteral(" Erin@Example.TEST")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("unlocked erin@example.test: password sign-in allowed again")), qPrintable(r.out));
        r = user({QStringLiteral("list"), QStringLiteral("--locked")});
        QVERIFY2(!r.out.contains(QLatin1String("erin@")) && r.out.contains(QLatin1String("\n0 users locked out\n")), qPrintable(r.out));
        QCOMPARE(signIn(browser, erin, QStringLiteral("erin-password")), server.baseUrl());
        QCOMPARE(browser.sessionUser().value(QStringLiteral("email")).toString(), erin);

        // Audited with who lifted it; a second unlock finds nothing to clear.
        const auto adapter = std::shared_ptr<SqlAdapter>(
            SqlAdapter::fromUrl(QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("gatehouse.db"))));
        QVERIFY(adapter);
        AuditFilter filter;
        filter.type = QStringLiteral("lockoutLift");
        filter.userId = adapter->getUserByEmail(erin).result()->id;
        const QList<AuditEvent> lifted = adapter->auditEvents(filter, 10).result();
        QCOMPARE(lifted.size(), 1);
        QCOMPARE(lifted.first().detail.value(QStringLiteral("by")).toString(), QStringLiteral("admin"));
        QCOMPARE(lifted.first().detail.value(QStringLiteral("operator")).toString(), operatingSystemUser());
        QCOMPARE(lifted.first().detail.value(QStringLiteral("cleared")).toArray(), QJsonArray{QStringLiteral("password sign-in")});
        r = user({QStringLiteral("unlock"), erin});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("erin@example.test was not locked out and had no failures counted")), qPrintable(r.out));
    }

    void groupsThroughTheCommandLine()
    {
        const QString gina = QStringLiteral("gina@example.test");
        CommandResult r = user({QStringLiteral("add"), gina, QStringLiteral("--password-stdin")}, "gina-password-1\n");
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const auto groups = [&](const QStringList &arguments) { return user(QStringList{QStringLiteral("groups")} + arguments); };

        r = groups({QStringLiteral("add"), QStringLiteral(" Gina@Example.TEST"), QStringLiteral("admins")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(r.out, QStringLiteral("added gina@example.test to admins\n"));
        r = groups({QStringLiteral("add"), gina, QStringLiteral("Domain Users")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = groups({QStringLiteral("add"), gina, QStringLiteral("admins")});  // nothing to change: no error
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, QStringLiteral("gina@example.test is in admins already\n"));
        r = groups({QStringLiteral("list"), gina});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, QStringLiteral("Domain Users\nadmins\n"));
        r = groups({QStringLiteral("members"), QStringLiteral("admins")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("\\n\\d+ +gina@example.test"))), qPrintable(r.out));
        QVERIFY2(r.out.endsWith(QLatin1String("1 user in admins\n")), qPrintable(r.out));

        r = groups({QStringLiteral("remove"), gina, QStringLiteral("admins")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, QStringLiteral("removed gina@example.test from admins\n"));
        r = groups({QStringLiteral("remove"), gina, QStringLiteral("admins")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, QStringLiteral("gina@example.test was not in admins\n"));
        QCOMPARE(groups({QStringLiteral("list"), gina}).out, QStringLiteral("Domain Users\n"));
        QVERIFY(groups({QStringLiteral("members"), QStringLiteral("admins")}).out.endsWith(QLatin1String("0 users in admins\n")));
        // Each change is an audit event by the administrator (as in gatehouse-admin); a no-op is none.
        const auto adapter = std::shared_ptr<SqlAdapter>(
            SqlAdapter::fromUrl(QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("gatehouse.db"))));
        QVERIFY(adapter);
        AuditFilter filter;
        filter.userId = adapter->getUserByEmail(gina).result()->id;
        QStringList changes;
        for (const AuditEvent &event : adapter->auditEvents(filter, 20).result()) {
            if (!event.type.startsWith(QLatin1String("group")))
                continue;
            QCOMPARE(event.detail.value(QStringLiteral("by")).toString(), QStringLiteral("admin"));
            changes.append(event.type + QLatin1Char(' ') + event.detail.value(QStringLiteral("group")).toString());
        }
        changes.sort();
        QCOMPARE(changes, (QStringList{QStringLiteral("groupAdd Domain Users"), QStringLiteral("groupAdd admins"),
                                       QStringLiteral("groupRemove admins")}));

        // Unknown user: 1, as the other user commands. Bad names and malformed commands: 2.
        r = groups({QStringLiteral("add"), QStringLiteral("nobody@example.test"), QStringLiteral("admins")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("no user has the email address nobody@example.test")), qPrintable(r.err));
        r = groups({QStringLiteral("add"), gina, QStringLiteral("a,b")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QLatin1String("'a,b' is not a group name: it contains a comma")), qPrintable(r.err));
        r = groups({QStringLiteral("add"), gina, QStringLiteral("x\nRemote-User: root")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QLatin1String("contains a control character")), qPrintable(r.err));
        r = groups({QStringLiteral("add"), gina, QString(129, u'g')});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QLatin1String("longer than 128 characters")), qPrintable(r.err));
        r = groups({QStringLiteral("add"), gina});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QLatin1String("usage: user groups")), qPrintable(r.err));
        r = groups({QStringLiteral("rename"), gina, QStringLiteral("x")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QLatin1String("unknown action 'rename'")), qPrintable(r.err));
        QCOMPARE(groups({QStringLiteral("list"), gina}).out, QStringLiteral("Domain Users\n"));  // nothing changed

        // Deleting the user takes its groups with it.
        QCOMPARE(user({QStringLiteral("delete"), gina}).exitCode, 0);
        QVERIFY(groups({QStringLiteral("members"), QStringLiteral("Domain Users")}).out.endsWith(QLatin1String("0 users in Domain Users\n")));
    }

    void passwordAskedTwiceOnTheTerminalWithoutEcho()
    {
        // Standard input is the child side of a pseudo-terminal; the test types on the other side.
        int terminal = -1;
        int child = -1;
        QVERIFY(::openpty(&terminal, &child, nullptr, nullptr, nullptr) == 0);
        QProcess process;
        process.setProcessEnvironment(serverEnvironment());
        process.setChildProcessModifier([child] {
            ::setsid();
            ::ioctl(child, TIOCSCTTY, 0);
            ::dup2(child, STDIN_FILENO);
        });
        process.start(QStringLiteral(GATEHOUSE_SERVER), {QStringLiteral("user"), QStringLiteral("add"), QStringLiteral("tty@example.test"),
                                                         QStringLiteral("--config"), m_config});
        QVERIFY(process.waitForStarted(10000));
        ::close(child);
        // What the terminal shows: the prompts go to stderr, typed characters would be echoed here.
        QByteArray shown;
        const auto readTerminal = [&](int ms) {
            const QDeadlineTimer deadline(ms);
            while (!deadline.hasExpired()) {
                pollfd p{terminal, POLLIN, 0};
                if (::poll(&p, 1, 50) > 0 && (p.revents & POLLIN)) {
                    char buffer[256];
                    const ssize_t n = ::read(terminal, buffer, sizeof buffer);
                    if (n <= 0)
                        break;
                    shown.append(buffer, n);
                }
            }
        };
        const auto waitForPrompt = [&](const char *prompt) {
            return QTest::qWaitFor([&] {
                process.waitForReadyRead(50);
                m_promptLog += QString::fromUtf8(process.readAllStandardError());
                return m_promptLog.contains(QLatin1String(prompt));
            }, 10000);
        };
        QVERIFY2(waitForPrompt("New password: "), qPrintable(m_promptLog));
        QVERIFY(::write(terminal, "tty-password-1\n", 15) == 15);
        QVERIFY2(waitForPrompt("Repeat the password: "), qPrintable(m_promptLog));
        readTerminal(300);
        QVERIFY2(shown.contains('\n'), shown.constData());   // the line break is echoed (ECHONL), the password is not
        QVERIFY(::write(terminal, "tty-password-1\n", 15) == 15);
        QVERIFY(process.waitForFinished(30000));
        readTerminal(300);
        ::close(terminal);
        QCOMPARE(process.exitCode(), 0);
        QVERIFY2(!shown.contains("tty-password"), shown.constData());
        QVERIFY(process.readAllStandardOutput().contains("added tty@example.test"));
        const CommandResult list = user({QStringLiteral("list"), QStringLiteral("--search"), QStringLiteral("tty@")});
        QVERIFY2(list.out.contains(QRegularExpression(QStringLiteral("enabled +tty@example.test"))), qPrintable(list.out));
        QCOMPARE(user({QStringLiteral("delete"), QStringLiteral("tty@example.test")}).exitCode, 0);
    }

    void builtinNeedsAnAdapter()
    {
        const QString file = m_dir.filePath(QStringLiteral("no-adapter.json"));
        QVERIFY(replaceFile(file, withoutAdapter));
        const CommandResult check = runServerCommand({QStringLiteral("check-config"), QStringLiteral("--config"), file});
        QCOMPARE(check.exitCode, 1);
        QVERIFY2(check.out.contains(QLatin1String("error: providers[0].authorize: \"builtin\"")), qPrintable(check.out));
        QVERIFY2(check.out.contains(QLatin1String("needs an adapter")), qPrintable(check.out));
        QVERIFY2(!check.out.contains(QLatin1String("callbacksScript")), qPrintable(check.out));

        // With the adapter it is accepted, without a callbacks script.
        const CommandResult ok = runServerCommand({QStringLiteral("check-config"), QStringLiteral("--config"), m_config});
        QVERIFY2(ok.exitCode == 0, qPrintable(ok.out + ok.err));
    }

    void checkConfigReadsTheWholeDatabaseUrl()
    {
        // A known scheme is not enough: the URL is read as serving reads it.
        const QString file = m_dir.filePath(QStringLiteral("bad-url.json"));
        QVERIFY(replaceFile(file, builtinConfig(m_dir.filePath(QStringLiteral("x.db")) + QStringLiteral("?journal_mode=off"))));
        const CommandResult bad = runServerCommand({QStringLiteral("check-config"), QStringLiteral("--config"), file});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY2(bad.out.contains(QLatin1String("error: adapter.url: invalid database URL")), qPrintable(bad.out));
        QVERIFY2(bad.out.contains(QLatin1String("unknown option \"journal_mode\" (SQLite takes cache_size and mmap_size)")),
                 qPrintable(bad.out));

        QVERIFY(replaceFile(file, builtinConfig(m_dir.filePath(QStringLiteral("x.db")) + QStringLiteral("?mmap_size=1048576"))));
        const CommandResult ok = runServerCommand({QStringLiteral("check-config"), QStringLiteral("--config"), file});
        QVERIFY2(ok.exitCode == 0, qPrintable(ok.out + ok.err));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("x.db"))));  // checking opens no database
    }

    // What the demo does (packaging/demo.sh): a user made by the command, signed in through the
    // form without a callback URL, lands at / and from there on the account page.
    void signInLandsOnTheAccountPage()
    {
        const QString carol = QStringLiteral("carol@example.test");
        const CommandResult r = user({QStringLiteral("add"), carol, QStringLiteral("--name"), QStringLiteral("Carol"),
                                      QStringLiteral("--password-stdin")},
                                     "carol-password\n");
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        ServerUnderTest server;
        QVERIFY(server.start(m_config));
        Browser browser(server.baseUrl());
        QCOMPARE(browser.get(QStringLiteral("/auth/account")).first, 302);   // signed out: to the sign-in page
        QCOMPARE(signIn(browser, carol, QStringLiteral("carol-password")), server.baseUrl());
        QCOMPARE(browser.get(QStringLiteral("/")).first, 302);
        const auto [status, page] = browser.get(QStringLiteral("/auth/account"));
        QCOMPARE(status, 200);
        QVERIFY(page.contains("carol@example.test"));
        QVERIFY(page.contains("value=\"Carol\""));
        QVERIFY(page.contains("This session"));
        QVERIFY(page.contains("Signed in"));   // the sign-in, in the recent activity
    }
};

QTEST_GUILESS_MAIN(TestServerUsers)
#include "tst_serverusers.moc"
