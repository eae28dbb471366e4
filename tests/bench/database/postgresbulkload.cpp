#include "postgresbulkload.h"

#include "benchtokens.h"
#include "progressbar.h"

#include <QProcess>
#include <QStandardPaths>
#include <functional>

namespace {

constexpr qint64 kRowsPerChunk = 20000;
constexpr qint64 kMaxBuffered = 8 * 1024 * 1024;

//! Streams \a total rows made by \a row (one text-format line each) into \a copy.
void copyRows(const Gatehouse::SqlAdapterOptions &options, const QString &label, const QString &copy, qint64 total,
              const std::function<void(QByteArray &, qint64)> &row)
{
    const QString psql = QStandardPaths::findExecutable(QStringLiteral("psql"));
    if (psql.isEmpty())
        throw std::runtime_error("psql is not on PATH (Debian package postgresql-client)");
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (!options.password.isEmpty())
        env.insert(QStringLiteral("PGPASSWORD"), options.password);
    process.setProcessEnvironment(env);
    process.setProcessChannelMode(QProcess::MergedChannels);
    QStringList args{QStringLiteral("-X"), QStringLiteral("-q"), QStringLiteral("-v"), QStringLiteral("ON_ERROR_STOP=1"),
                     QStringLiteral("-d"), options.databaseName};
    if (!options.host.isEmpty())
        args << QStringLiteral("-h") << options.host;
    if (options.port > 0)
        args << QStringLiteral("-p") << QString::number(options.port);
    if (!options.userName.isEmpty())
        args << QStringLiteral("-U") << options.userName;
    args << QStringLiteral("-c") << QStringLiteral("SET session_replication_role = replica") << QStringLiteral("-c") << copy;
    process.start(psql, args);
    if (!process.waitForStarted(10000))
        throw std::runtime_error(qPrintable(QStringLiteral("psql did not start: ") + process.errorString()));

    ProgressBar progress(label, total);
    QByteArray chunk;
    for (qint64 done = 0; done < total;) {
        chunk.clear();
        const qint64 end = qMin(total, done + kRowsPerChunk);
        for (; done < end; ++done)
            row(chunk, done);
        process.write(chunk);
        while (process.bytesToWrite() > kMaxBuffered) {
            if (process.state() != QProcess::Running)
                throw std::runtime_error(qPrintable(QStringLiteral("psql stopped: ") + QString::fromUtf8(process.readAll())));
            process.waitForBytesWritten(1000);
        }
        progress.update(done);
    }
    process.closeWriteChannel();
    while (process.state() == QProcess::Running)
        process.waitForFinished(1000); // COPY ends when psql has sent everything
    const QByteArray output = process.readAll();
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        throw std::runtime_error(qPrintable(QStringLiteral("%1 failed: %2").arg(copy, QString::fromUtf8(output))));
    progress.finish();
}

} // namespace

void postgresBulkLoad(QSqlDatabase &db, const Gatehouse::SqlAdapterOptions &options, const LoadPlan &plan)
{
    copyRows(options, QStringLiteral("users   "), QStringLiteral("COPY users (id, name, email) FROM STDIN"), plan.users,
             [](QByteArray &out, qint64 i) {
                 const QByteArray id = QByteArray::number(i + 1);
                 out += id + "\tBench User " + id + '\t' + BenchTokens::userEmail(i + 1).toLatin1() + '\n';
             });
    const QByteArray expires = plan.expires.toUTC().toString(Qt::ISODateWithMs).toLatin1();
    copyRows(options, QStringLiteral("sessions"),
             QStringLiteral("COPY sessions (\"userId\", expires, \"sessionToken\") FROM STDIN"), plan.sessions,
             [&plan, &expires](QByteArray &out, qint64 i) {
                 out += QByteArray::number(plan.userOf(i)) + '\t' + expires + '\t'
                     + BenchTokens::sessionToken(i).toLatin1() + '\n';
             });
    // Explicit user ids: the sequence must continue after them.
    execOrThrow(db, QStringLiteral("SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT MAX(id) FROM users))"));
    execOrThrow(db, QStringLiteral("SET maintenance_work_mem = '512MB'"));
}
