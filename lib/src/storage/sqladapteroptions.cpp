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

std::optional<SqlAdapterOptions> parseSqlite(const QString &url, QString *errorMessage)
{
    SqlAdapterOptions options;
    options.backend = SqlAdapterOptions::Backend::SQLite;
    const QString rest = url.mid(int(qstrlen("sqlite:")));
    if (rest == QLatin1String(":memory:")) {
        options.databaseName = rest;
        options.maxThreads = 1; // every connection would see its own empty database
        return options;
    }
    QString path = rest;
    if (rest.startsWith(QLatin1String("//"))) {
        path = rest.mid(2);
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
        if (databaseName == QLatin1String(":memory:") || !databaseName.startsWith(u'/'))
            return QStringLiteral("sqlite:") + databaseName;
        return QStringLiteral("sqlite://") + databaseName;
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
