#include <gatehouse/sqladapter.h>

#include <QUrl>
#include <QUrlQuery>

namespace Gatehouse {

namespace {

std::optional<SqlAdapterOptions> failure(QString *errorMessage, const QString &url, const QString &what)
{
    if (errorMessage)
        *errorMessage = QStringLiteral("invalid database URL \"%1\": %2").arg(url, what);
    return std::nullopt;
}

//! The URL as it may be shown: the password replaced.
QString withoutPassword(const QString &url)
{
    QUrl parsed(url);
    if (!parsed.isValid() || parsed.password().isEmpty())
        return url;
    parsed.setPassword(QStringLiteral("***"));
    return parsed.toString();
}

//! Reads the PRAGMAs an SQLite URL may set (\a query: what follows the '?') into \a options.
bool parseSqlitePragmas(const QString &query, SqlAdapterOptions *options, QString *problem)
{
    for (const auto &[key, value] : QUrlQuery(query).queryItems(QUrl::FullyDecoded)) {
        bool ok = false;
        const qint64 number = value.toLongLong(&ok);
        if (key == QLatin1String("cache_size")) {
            if (!ok) {
                *problem = QStringLiteral("cache_size: expected a whole number (pages, or KiB when negative), "
                                          "got \"%1\"").arg(value);
                return false;
            }
            options->sqliteCacheSize = number;
        } else if (key == QLatin1String("mmap_size")) {
            if (!ok || number < 0) {
                *problem = QStringLiteral("mmap_size: expected a number of bytes (0 or more), got \"%1\"").arg(value);
                return false;
            }
            options->sqliteMmapSize = number;
        } else {
            *problem = QStringLiteral("unknown option \"%1\" (SQLite takes cache_size and mmap_size)").arg(key);
            return false;
        }
    }
    return true;
}

std::optional<SqlAdapterOptions> parseSqlite(const QString &url, QString *errorMessage)
{
    SqlAdapterOptions options;
    options.backend = SqlAdapterOptions::Backend::SQLite;
    const QString rest = url.mid(int(qstrlen("sqlite:")));
    QString path = rest.section(u'?', 0, 0);
    if (const qsizetype query = rest.indexOf(u'?'); query >= 0) {
        QString problem;
        if (!parseSqlitePragmas(rest.mid(query + 1), &options, &problem))
            return failure(errorMessage, url, problem);
    }
    if (path == QLatin1String(":memory:")) {
        options.databaseName = path;
        options.maxThreads = 1; // every connection would see its own empty database
        return options;
    }
    if (path.startsWith(QLatin1String("//"))) {
        path = path.mid(2);
        if (!path.startsWith(u'/'))
            return failure(errorMessage, url,
                           QStringLiteral("it names a host (\"%1\"); write sqlite:relative/path.db for a file relative "
                                          "to the working directory or sqlite:///absolute/path.db")
                               .arg(path.section(u'/', 0, 0)));
    }
    path = QUrl::fromPercentEncoding(path.toUtf8());
    if (path.isEmpty() || path == QLatin1String("/"))
        return failure(errorMessage, url, QStringLiteral("it names no database file"));
    options.databaseName = path;
    return options;
}

} // namespace

std::optional<SqlAdapterOptions> SqlAdapterOptions::fromUrl(const QString &input, QString *errorMessage)
{
    const QString url = input.trimmed();
    if (url.isEmpty())
        return failure(errorMessage, url, QStringLiteral("it is empty"));
    const QString scheme = url.section(u':', 0, 0).toLower();
    if (scheme == QLatin1String("sqlite"))
        return parseSqlite(url, errorMessage);

    SqlAdapterOptions options;
    if (scheme == QLatin1String("postgresql") || scheme == QLatin1String("postgres"))
        options.backend = Backend::PostgreSQL;
    else if (scheme == QLatin1String("mysql") || scheme == QLatin1String("mariadb"))
        options.backend = Backend::MySQL;
    else
        return failure(errorMessage, withoutPassword(url),
                       QStringLiteral("unsupported scheme \"%1\" (use sqlite, postgresql or mysql)").arg(scheme));

    if (!url.mid(scheme.size()).startsWith(QLatin1String("://")))
        return failure(errorMessage, withoutPassword(url),
                       QStringLiteral("expected %1://user@host:port/database").arg(scheme));
    const QUrl parsed(url, QUrl::StrictMode);
    if (!parsed.isValid())
        return failure(errorMessage, withoutPassword(url), parsed.errorString());
    const QString database = parsed.path(QUrl::FullyDecoded).mid(1);
    if (database.isEmpty() || database.contains(u'/'))
        return failure(errorMessage, withoutPassword(url),
                       QStringLiteral("it names no database; expected %1://user@host:port/database").arg(scheme));
    options.databaseName = database;
    options.host = parsed.host(QUrl::FullyDecoded);
    options.port = parsed.port(-1);
    options.userName = parsed.userName(QUrl::FullyDecoded);
    options.password = parsed.password(QUrl::FullyDecoded);
    if (options.password.isEmpty())
        options.password = qEnvironmentVariable("DATABASE_PASSWORD");
    QStringList connectOptions;
    const auto items = QUrlQuery(parsed).queryItems(QUrl::FullyDecoded);
    for (const auto &[key, value] : items)
        connectOptions.append(value.isEmpty() ? key : key + u'=' + value);
    options.connectOptions = connectOptions.join(u';');
    return options;
}

QString SqlAdapterOptions::driverName() const
{
    switch (backend) {
    case Backend::SQLite:
        return QStringLiteral("QSQLITE");
    case Backend::PostgreSQL:
        return QStringLiteral("QPSQL");
    case Backend::MySQL:
        return QStringLiteral("QMYSQL");
    }
    return {};
}

QString SqlAdapterOptions::displayUrl() const
{
    if (backend == Backend::SQLite) {
        QString url = databaseName == QLatin1String(":memory:") || !databaseName.startsWith(u'/')
            ? QStringLiteral("sqlite:") + databaseName
            : QStringLiteral("sqlite://") + databaseName;
        QStringList pragmas;
        if (sqliteCacheSize)
            pragmas.append(QStringLiteral("cache_size=") + QString::number(*sqliteCacheSize));
        if (sqliteMmapSize)
            pragmas.append(QStringLiteral("mmap_size=") + QString::number(*sqliteMmapSize));
        if (!pragmas.isEmpty())
            url += u'?' + pragmas.join(u'&');
        return url;
    }
    QString url = backend == Backend::PostgreSQL ? QStringLiteral("postgresql://") : QStringLiteral("mysql://");
    if (!userName.isEmpty())
        url += QString::fromUtf8(QUrl::toPercentEncoding(userName)) + u'@';
    url += host;
    if (port > 0)
        url += u':' + QString::number(port);
    return url + u'/' + QString::fromUtf8(QUrl::toPercentEncoding(databaseName));
}

} // namespace Gatehouse
