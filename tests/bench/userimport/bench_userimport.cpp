// Reads N users of each format (default 100,000) and imports them into a new SQLite file:
// the reader's time, the whole import's (read, checks, one transaction) and users per second,
// by the clock and by the process's CPU time (all its threads: the storage thread's too), which
// other work on a shared machine moves far less.
//   bench_userimport [users [format...]]
#include <gatehouse/sqladapter.h>
#include <gatehouse/userimport.h>

#include "userimport/userfile.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QTemporaryDir>
#include <QTextStream>

#include <ctime>

using namespace Gatehouse;

namespace {

// One valid bcrypt string (cost 10): parsed and bounded for each user, never computed.
const QByteArray Bcrypt = "$2y$10$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW";

QByteArray file(const QString &format, int users)
{
    QByteArray out;
    const auto email = [](int i) { return QByteArray("user") + QByteArray::number(i) + "@example.test"; };
    if (format == QLatin1String("htpasswd")) {
        for (int i = 0; i < users; ++i)
            out += email(i) + ':' + Bcrypt + '\n';
    } else if (format == QLatin1String("authelia")) {
        out = "users:\n";
        for (int i = 0; i < users; ++i)
            out += "  user" + QByteArray::number(i) + ":\n    displayname: 'User " + QByteArray::number(i) + "'\n    password: '" + Bcrypt
                + "'\n    email: " + email(i) + "\n    groups:\n      - staff\n";
    } else if (format == QLatin1String("csv")) {
        out = "email,name,email_verified,groups,password_hash\n";
        for (int i = 0; i < users; ++i)
            out += email(i) + ",User " + QByteArray::number(i) + ",true,staff," + Bcrypt + '\n';
    } else if (format == QLatin1String("jsonl")) {
        for (int i = 0; i < users; ++i)
            out += "{\"email\":\"" + email(i) + "\",\"name\":\"User " + QByteArray::number(i)
                + "\",\"email_verified\":true,\"groups\":[\"staff\"],\"password_hash\":\"" + Bcrypt + "\"}\n";
    } else {
        QJsonArray all;
        const QJsonObject secret{{"value", QString::fromLatin1(QByteArray(64, 'v').toBase64())},
                                 {"salt", QString::fromLatin1(QByteArray(16, 's').toBase64())}};
        const QJsonObject data{{"hashIterations", 27500}, {"algorithm", "pbkdf2-sha256"}};
        const QJsonObject credential{{"type", "password"},
                                     {"secretData", QString::fromUtf8(QJsonDocument(secret).toJson(QJsonDocument::Compact))},
                                     {"credentialData", QString::fromUtf8(QJsonDocument(data).toJson(QJsonDocument::Compact))}};
        for (int i = 0; i < users; ++i)
            all.append(QJsonObject{{"username", "user" + QString::number(i)}, {"email", QString::fromLatin1(email(i))},
                                   {"enabled", true}, {"firstName", "User"}, {"lastName", QString::number(i)},
                                   {"groups", QJsonArray{"/staff"}}, {"credentials", QJsonArray{credential}}});
        out = QJsonDocument(QJsonObject{{"realm", "bench"}, {"users", all}}).toJson();
    }
    return out;
}

//! Seconds of CPU the process has used, in all its threads.
double cpuSeconds()
{
    timespec now{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return double(now.tv_sec) + double(now.tv_nsec) / 1e9;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QLoggingCategory::setFilterRules(QStringLiteral("gatehouse.*.info=false"));
    const int users = argc > 1 ? QByteArray(argv[1]).toInt() : 100000;
    QStringList formats;
    for (int i = 2; i < argc; ++i)
        formats.append(QString::fromLocal8Bit(argv[i]));
    if (formats.isEmpty())
        formats = userImportFormats();
    QTextStream out(stdout);
    QTemporaryDir dir;
    out << "format    users  file MiB    read s  import s   users/s  import CPU s  users/CPU s\n";
    for (const QString &format : std::as_const(formats)) {
        if (!userImportFormats().contains(format)) {
            out << "unknown format " << format << '\n';
            return 2;
        }
        const QByteArray contents = file(format, users);
        const QString url = QStringLiteral("sqlite://") + dir.filePath(format + QStringLiteral(".db"));
        auto adapter = std::shared_ptr<SqlAdapter>(SqlAdapter::fromUrl(url));
        adapter->migrate().waitForFinished();
        UserImportOptions options;
        options.format = format;
        options.emailDomain = QStringLiteral("example.test");
        QElapsedTimer timer;
        timer.start();
        // The reader and its checks alone (parsing and bounding every hash, computing none).
        const auto read = UserImport::readUserFile(*UserImport::userFileFormat(format), contents, {options.emailDomain, false});
        const double readSeconds = timer.nsecsElapsed() / 1e9;
        if (read.users.size() != users)
            return 1;
        timer.restart();
        const double cpuStarted = cpuSeconds();
        const UserImportSummary summary = importUserFile(adapter, contents, options).result();
        const double seconds = timer.nsecsElapsed() / 1e9;
        const double cpu = cpuSeconds() - cpuStarted;
        out << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8\n")
                   .arg(format, -8)
                   .arg(summary.created, 6)
                   .arg(contents.size() / 1048576.0, 9, 'f', 1)
                   .arg(readSeconds, 9, 'f', 2)
                   .arg(seconds, 9, 'f', 2)
                   .arg(summary.created / seconds, 9, 'f', 0)
                   .arg(cpu, 13, 'f', 2)
                   .arg(summary.created / cpu, 12, 'f', 0);
        out.flush();
        if (summary.created != users || !summary.refused.isEmpty()) {
            out << "unexpected: " << summary.refused.value(0) << '\n';
            return 1;
        }
    }
    return 0;
}
