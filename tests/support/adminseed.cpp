#include "support/adminseed.h"

#include "support/testpassword.h"
#include "support/totpcode.h"

#include "core/ratelimitkeys.h"

#include <gatehouse/groupstore.h>
#include <gatehouse/passwordcredentials.h>
#include <gatehouse/sqladapter.h>
#include <gatehouse/twofactor.h>

#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>

namespace Gatehouse::Testing {

namespace {

constexpr qint64 bulkChunk = 50000;
constexpr qint64 bulkEpoch = 1700000000;   // verification times start here (Nov 2023)

const QStringList demoNames{
    QStringLiteral("Ada Lovelace"),     QStringLiteral("Alan Turing"),     QString(),
    QStringLiteral("Grace Hopper"),     QStringLiteral("Edsger Dijkstra"), QStringLiteral("Barbara Liskov"),
    QString(),                          QStringLiteral("Donald Knuth"),    QStringLiteral("Frances Allen"),
    QStringLiteral("Ken Thompson"),     QStringLiteral("Margaret Hamilton"), QStringLiteral("Dennis Ritchie"),
    QString(),                          QStringLiteral("Radia Perlman"),   QStringLiteral("Tim Berners-Lee"),
    QStringLiteral("Hedy Lamarr"),      QStringLiteral("John McCarthy"),   QStringLiteral("Sophie Wilson"),
    QStringLiteral("Niklaus Wirth"),    QString(),                         QStringLiteral("Karen Spärck Jones"),
    QStringLiteral("Leslie Lamport"),   QStringLiteral("Adele Goldberg"),  QStringLiteral("Bjarne Stroustrup"),
};

QString emailFor(int i, const QString &name)
{
    if (name.isEmpty())
        return QStringLiteral("anonymous%1@example.test").arg(i + 1);
    QString local = name.toLower();
    local.replace(u' ', u'.').replace(QStringLiteral("ä"), QStringLiteral("ae"));
    return local + (i % 3 == 0 ? QStringLiteral("@example.test") : QStringLiteral("@corp.test"));
}

} // namespace

bool AdminSeed::seedDemo(SqlAdapter &store, AdminDemoData *data, QString *error)
{
    AdminDemoData seeded;
    QRandomGenerator random(20261123); // the same data every run
    const QDateTime now = QDateTime::currentDateTimeUtc();
    try {
        for (int i = 0; i < demoNames.size(); ++i) {
            AdapterUser user;
            const QString name = demoNames.at(i);
            if (!name.isEmpty())
                user.name = name;
            user.email = emailFor(i, name);
            if (i % 4 != 3)
                user.emailVerified = now.addDays(-(i * 3 + 1));
            if (i % 5 == 0)
                user.image = QStringLiteral("https://images.example.test/avatars/%1.png").arg(i + 1);
            const AdapterUser created = store.createUser(user).result();
            seeded.userIds.append(created.id);
            seeded.emails.append(created.email);

            AdapterAccount account;
            account.userId = created.id;
            if (i % 3 == 0) {
                account.type = QStringLiteral("oauth");
                account.provider = QStringLiteral("github");
                account.providerAccountId = QString::number(100000 + i);
                account.accessToken = QStringLiteral("gho_demo%1").arg(i);
                account.tokenType = QStringLiteral("bearer");
                account.scope = QStringLiteral("read:user user:email");
            } else if (i % 3 == 1) {
                account.type = QStringLiteral("oidc");
                account.provider = QStringLiteral("google");
                account.providerAccountId = QStringLiteral("1098%1").arg(i, 6, 10, QLatin1Char('0'));
                account.accessToken = QStringLiteral("ya29.demo%1").arg(i);
                account.refreshToken = QStringLiteral("1//demo%1").arg(i);
                account.expiresAt = now.addSecs(3600 - i * 600).toSecsSinceEpoch();
                account.scope = QStringLiteral("openid email profile");
            } else {
                account.type = QStringLiteral("email");
                account.provider = QStringLiteral("email");
                account.providerAccountId = created.email;
            }
            store.linkAccount(account).result();

            if (i % 4 == 0) {
                AdapterAccount passkey;
                passkey.userId = created.id;
                passkey.type = QStringLiteral("webauthn");
                passkey.provider = QStringLiteral("passkey");
                passkey.providerAccountId = QStringLiteral("cred-%1").arg(i + 1);
                store.linkAccount(passkey).result();
                AdapterAuthenticator authenticator;
                authenticator.credentialID = passkey.providerAccountId;
                authenticator.userId = created.id;
                authenticator.providerAccountId = passkey.providerAccountId;
                authenticator.credentialPublicKey = QStringLiteral("pQECAyYgASFYIDemoKey%1").arg(i);
                authenticator.counter = i * 7;
                authenticator.credentialDeviceType = i % 8 == 0 ? QStringLiteral("multiDevice") : QStringLiteral("singleDevice");
                authenticator.credentialBackedUp = i % 8 == 0;
                authenticator.transports = i % 8 == 0 ? QStringLiteral("internal,hybrid") : QStringLiteral("usb");
                store.createAuthenticator(authenticator).result();
            }
            if (i % 2 == 0)  // one password for all (nobody signs in with them): hashed once
                setTestPassword(std::shared_ptr<SqlAdapter>(&store, [](SqlAdapter *) {}), created.id, created.email,
                                QStringLiteral("correct horse battery"));
            if (i % 6 == 4)
                store.setUserDisabled(created.id, true).waitForFinished();

            // Sessions: most users one or two active, some an expired one.
            const int active = i % 3 == 2 ? 0 : 1 + i % 2;
            for (int s = 0; s < active; ++s) {
                store.createSession({QUuid::createUuid().toString(QUuid::WithoutBraces), created.id,
                                     now.addDays(30 - i % 10 - s).addSecs(-s * 3600)})
                    .result();
                ++seeded.activeSessions;
            }
            if (i % 4 == 1) {
                store.createSession({QUuid::createUuid().toString(QUuid::WithoutBraces), created.id, now.addDays(-(1 + i % 5))})
                    .result();
                ++seeded.expiredSessions;
            }
        }

        // 30 days of audit events: sign-ins and failures, more on weekdays.
        const QStringList providers{QStringLiteral("github"), QStringLiteral("google"), QStringLiteral("credentials"),
                                    QStringLiteral("passkey"), QStringLiteral("email")};
        const QDate today = now.date();
        for (int day = 29; day >= 0; --day) {
            const QDate date = today.addDays(-day);
            const int weekday = date.dayOfWeek() <= 5 ? 1 : 0;
            const int signIns = 4 + weekday * 6 + int(random.bounded(6));
            const int failures = int(random.bounded(3 + weekday * 2));
            const qint64 dayStart = QDateTime(date, QTime(0, 0), Qt::UTC).toSecsSinceEpoch();
            const qint64 latest = day == 0 ? qMax<qint64>(1, now.toSecsSinceEpoch() - dayStart) : 86400;
            for (int n = 0; n < signIns + failures; ++n) {
                AuditEvent event;
                const bool failed = n >= signIns;
                event.type = failed ? QStringLiteral("signInFailed") : QStringLiteral("signIn");
                event.time = QDateTime::fromSecsSinceEpoch(dayStart + qint64(random.bounded(quint64(latest))), Qt::UTC);
                const int user = int(random.bounded(int(seeded.userIds.size())));
                event.userId = failed ? QString() : seeded.userIds.at(user);
                // Sign-ins mostly through GitHub and Google, failures mostly passwords.
                event.provider = failed ? QStringLiteral("credentials")
                                        : providers.at(qMin<int>(int(providers.size()) - 1, int(random.bounded(8)) / 2));
                event.clientAddress = QStringLiteral("192.0.2.%1").arg(1 + user * 7 % 250);
                if (failed)
                    event.detail = QJsonObject{{QStringLiteral("reason"), QStringLiteral("CredentialsSignin")}};
                store.appendAudit(event).result();
                if (day == 0)
                    ++(failed ? seeded.failuresToday : seeded.signInsToday);
            }
        }
        // Two-factor sign-in: Ada has an authenticator app (ten recovery codes), Alan an enrolment
        // he never confirmed. Groups: Ada in admins and staff, Alan in staff.
        const std::shared_ptr<Adapter> adapter(&store, [](Adapter *) {});
        const TwoFactor twoFactor(adapter, {QStringLiteral("admin demo seed secret")});
        const QByteArray key = base32Decode(twoFactor.beginEnrolment(seeded.userIds.at(0), seeded.emails.at(0)).result().secret);
        twoFactor.confirmEnrolment(seeded.userIds.at(0), totpCode(key, QDateTime::currentSecsSinceEpoch())).result();
        twoFactor.beginEnrolment(seeded.userIds.at(1), seeded.emails.at(1)).result();
        store.setUserGroups(seeded.userIds.at(0), {QStringLiteral("admins"), QStringLiteral("staff")}).waitForFinished();
        store.setUserGroups(seeded.userIds.at(1), {QStringLiteral("staff")}).waitForFinished();
        // Ada typed five wrong passwords just now: the built-in sign-in keeps her out for 15 minutes.
        for (int i = 0; i < 5; ++i)
            store.hitRateLimit(RateLimitKeys::credentialsIdentifier(QStringLiteral("credentials"), seeded.emails.at(0)),
                               std::chrono::seconds(900), 5).waitForFinished();

        // The first user's latest sign-in, for the session's client address.
        AuditEvent latest;
        latest.type = QStringLiteral("signIn");
        latest.time = now.addSecs(-30 * 86400).addSecs(-60);
        latest.userId = seeded.userIds.first();
        latest.provider = QStringLiteral("github");
        latest.clientAddress = QStringLiteral("198.51.100.23");
        store.appendAudit(latest).result();
    } catch (const std::exception &e) {
        if (error)
            *error = QStringLiteral("seeding the demo data failed: %1").arg(QString::fromUtf8(e.what()));
        return false;
    }
    if (data)
        *data = seeded;
    return true;
}

QString AdminSeed::bulkEmail(qint64 n)
{
    return QStringLiteral("user%1@bulk.example.test").arg(n);
}

QString AdminSeed::bulkName(qint64 n)
{
    return n % 7 == 0 ? QString() : QStringLiteral("User %1").arg((n * 7919) % 1000003);
}

bool AdminSeed::seedBulkUsers(const QString &url, qint64 count, const Progress &progress, QString *error)
{
    QString why;
    const std::optional<SqlAdapterOptions> options = SqlAdapterOptions::fromUrl(url, &why);
    const auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return false;
    };
    if (!options)
        return fail(why);
    const QString name = QStringLiteral("gatehouse-adminseed-") + QUuid::createUuid().toString(QUuid::WithoutBraces);
    bool ok = true;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(options->driverName(), name);
        db.setDatabaseName(options->databaseName);
        if (!options->host.isEmpty())
            db.setHostName(options->host);
        if (options->port > 0)
            db.setPort(options->port);
        db.setUserName(options->userName);
        db.setPassword(options->password);
        if (!db.open()) {
            why = db.lastError().text();
            ok = false;
        }
        const bool sqlite = options->backend == SqlAdapterOptions::Backend::SQLite;
        const bool mysql = options->backend == SqlAdapterOptions::Backend::MySQL;
        QSqlQuery q(db);
        if (ok && sqlite) {
            q.exec(QStringLiteral("PRAGMA journal_mode = WAL"));
            q.exec(QStringLiteral("PRAGMA synchronous = OFF"));
        }
        if (ok && mysql) {
            q.exec(QStringLiteral("SET time_zone = '+00:00'"));
            q.exec(QStringLiteral("SET SESSION max_recursive_iterations = %1").arg(bulkChunk + 1));
        }
        // The database makes the rows itself: no round trip per row.
        const QString sql = mysql
            ? QStringLiteral("INSERT INTO users (name, email, `emailVerified`) WITH RECURSIVE seq(n) AS ("
                             "SELECT CAST(? AS SIGNED) UNION ALL SELECT n + 1 FROM seq WHERE n < ?) SELECT "
                             "CASE WHEN n % 7 = 0 THEN NULL ELSE CONCAT('User ', (n * 7919) % 1000003) END, "
                             "CONCAT('user', n, '@bulk.example.test'), "
                             "CASE WHEN n % 3 = 0 THEN NULL ELSE FROM_UNIXTIME(%1 + n * 17) END FROM seq").arg(bulkEpoch)
            : sqlite
            ? QStringLiteral("WITH RECURSIVE seq(n) AS (SELECT ? UNION ALL SELECT n + 1 FROM seq WHERE n < ?) "
                             "INSERT INTO users (name, email, \"emailVerified\") SELECT "
                             "CASE WHEN n % 7 = 0 THEN NULL ELSE 'User ' || ((n * 7919) % 1000003) END, "
                             "'user' || n || '@bulk.example.test', "
                             "CASE WHEN n % 3 = 0 THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', %1 + n * 17, 'unixepoch') END "
                             "FROM seq").arg(bulkEpoch)
            : QStringLiteral("INSERT INTO users (name, email, \"emailVerified\") SELECT "
                             "CASE WHEN n % 7 = 0 THEN NULL ELSE 'User ' || ((n * 7919) % 1000003) END, "
                             "'user' || n || '@bulk.example.test', "
                             "CASE WHEN n % 3 = 0 THEN NULL ELSE to_timestamp(%1 + n * 17) END "
                             "FROM generate_series(?::bigint, ?::bigint) AS n").arg(bulkEpoch);
        for (qint64 first = 1; ok && first <= count; first += bulkChunk) {
            const qint64 last = qMin(count, first + bulkChunk - 1);
            if (!q.prepare(sql)) {
                why = q.lastError().text();
                ok = false;
                break;
            }
            q.addBindValue(first);
            q.addBindValue(last);
            if (!db.transaction() || !q.exec() || !db.commit()) {
                why = q.lastError().text().isEmpty() ? db.lastError().text() : q.lastError().text();
                ok = false;
                break;
            }
            if (progress)
                progress(last, count);
        }
        if (ok && !sqlite)
            q.exec(mysql ? QStringLiteral("ANALYZE TABLE users") : QStringLiteral("ANALYZE users"));
        if (ok && sqlite)
            q.exec(QStringLiteral("ANALYZE"));
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return ok || fail(QStringLiteral("bulk seeding failed: %1").arg(why));
}

} // namespace Gatehouse::Testing
