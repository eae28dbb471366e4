#include <gatehouse/sqladapter.h>

#include <QUrl>
#include <QUrlQuery>

#include <algorithm>

namespace Gatehouse {

namespace {

std::optional<SqlAdapterOptions> failure(QString *errorMessage, const QString &url, const QString &what)
{
    if (errorMessage)
        *errorMessage = QStringLiteral("invalid database URL \"%1\": %2").arg(url, what);
    return std::nullopt;
}

//! Where the authority of \a url (after "scheme://") begins and ends.
std::pair<qsizetype, qsizetype> authorityOf(const QString &url)
{
    const qsizetype begin = url.indexOf(QLatin1String("://"));
    if (begin < 0)
        return {-1, -1};
    qsizetype end = begin + 3;
    while (end < url.size() && url[end] != u'/' && url[end] != u'?' && url[end] != u'#')
        ++end;
    return {begin + 3, end};
}

//! The URL as it may be shown: the password replaced (also where QUrl cannot read the URL, as
//! with several hosts).
QString withoutPassword(const QString &url)
{
    const auto [begin, end] = authorityOf(url);
    if (begin < 0)
        return url;
    const qsizetype at = url.lastIndexOf(u'@', end - 1);
    if (at < begin)
        return url;
    const qsizetype colon = url.indexOf(u':', begin);
    if (colon < 0 || colon > at || colon + 1 == at)
        return url;
    return url.left(colon + 1) + QStringLiteral("***") + url.mid(at);
}

//! At most this many hosts in one URL: a list is a primary and its standbys, not a scan.
constexpr int kMaxHosts = 16;

struct HostEntry
{
    QString host;
    int port = -1;
    QString text;  //!< as written in the URL
};

bool isHostName(const QString &host)
{
    return !host.isEmpty() && std::all_of(host.cbegin(), host.cend(), [](QChar c) {
        return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9') || c == u'.'
            || c == u'-' || c == u'_';
    });
}

bool isIpv6Address(const QString &host)
{
    return host.contains(u':') && std::all_of(host.cbegin(), host.cend(), [](QChar c) {
        return (c >= u'a' && c <= u'f') || (c >= u'A' && c <= u'F') || (c >= u'0' && c <= u'9') || c == u':'
            || c == u'.';
    });
}

//! \a text as a TCP port (1 to 65535), or -1.
int portNumber(const QString &text)
{
    bool ok = false;
    const int port = text.toInt(&ok);
    const bool digits = std::all_of(text.cbegin(), text.cend(), [](QChar c) { return c >= u'0' && c <= u'9'; });
    return ok && digits && port >= 1 && port <= 65535 ? port : -1;
}

/*!
 * The hosts of a multi-host authority ("h1:5432,[::1]:5433,h3"), each with its port (-1: the
 * default), as libpq reads them; false with the problem in \a problem.
 */
bool parseHostList(const QString &list, QList<HostEntry> *hosts, QString *problem)
{
    const QStringList entries = list.split(u',');
    if (entries.size() > kMaxHosts) {
        *problem = QStringLiteral("%1 hosts; at most %2 are taken").arg(entries.size()).arg(kMaxHosts);
        return false;
    }
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const QString &entry = entries.at(i);
        const QString which = QStringLiteral("host %1 of %2").arg(i + 1).arg(entries.size());
        if (entry.isEmpty()) {
            *problem = which + QStringLiteral(" is empty (a comma too many?)");
            return false;
        }
        HostEntry host;
        host.text = entry;
        QString portText;
        bool hasPort = false;
        if (entry.startsWith(u'[')) {
            const qsizetype close = entry.indexOf(u']');
            host.host = close > 0 ? entry.mid(1, close - 1) : QString();
            if (close < 0 || !isIpv6Address(host.host) || (close + 1 < entry.size() && entry[close + 1] != u':')) {
                *problem = QStringLiteral("%1 (\"%2\") is not an IPv6 address in brackets").arg(which, entry);
                return false;
            }
            hasPort = close + 1 < entry.size();
            portText = entry.mid(close + 2);
        } else {
            if (entry.count(u':') > 1) {
                *problem = QStringLiteral("%1 (\"%2\"): write an IPv6 address in brackets, [::1]:5432").arg(which, entry);
                return false;
            }
            host.host = entry.section(u':', 0, 0);
            hasPort = entry.contains(u':');
            portText = entry.section(u':', 1);
            if (!isHostName(host.host)) {
                *problem = QStringLiteral("%1 (\"%2\") names no host name or address").arg(which, entry);
                return false;
            }
        }
        if (hasPort) {
            host.port = portNumber(portText);
            if (host.port < 0) {
                *problem = QStringLiteral("%1 (\"%2\"): the port \"%3\" is not a number from 1 to 65535")
                               .arg(which, entry, portText);
                return false;
            }
        }
        hosts->append(host);
    }
    return true;
}

//! The values of libpq's target_session_attrs, and whether Gatehouse can work on what each picks.
bool checkTargetSessionAttrs(const QString &value, QString *problem)
{
    static const QStringList writable{QStringLiteral("read-write"), QStringLiteral("primary"), QStringLiteral("any")};
    static const QStringList standbys{QStringLiteral("read-only"), QStringLiteral("standby"),
                                      QStringLiteral("prefer-standby")};
    if (writable.contains(value))
        return true;
    if (standbys.contains(value))
        *problem = QStringLiteral("target_session_attrs=%1 would connect to a standby, where Gatehouse cannot write "
                                  "(every sign-in and session writes): use read-write (the default with several "
                                  "hosts), primary or any")
                       .arg(value);
    else
        *problem = QStringLiteral("target_session_attrs: unknown value \"%1\" (use read-write, primary or any)").arg(value);
    return false;
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

    // Several hosts (libpq's multi-host URL) are not a URL QUrl reads: they are checked here, and
    // the rest is read with the first host in their place.
    QString single = url;
    QList<HostEntry> hosts;
    const auto [authorityBegin, authorityEnd] = authorityOf(url);
    const qsizetype hostsBegin = qMax(authorityBegin, url.lastIndexOf(u'@', authorityEnd - 1) + 1);
    const QString hostList = url.mid(hostsBegin, authorityEnd - hostsBegin);
    if (hostList.contains(u',')) {
        if (options.backend != Backend::PostgreSQL)
            return failure(errorMessage, withoutPassword(url),
                           QStringLiteral("several hosts (\"%1\") are for PostgreSQL only").arg(hostList));
        QString problem;
        if (!parseHostList(hostList, &hosts, &problem))
            return failure(errorMessage, withoutPassword(url), problem);
        single = url.left(hostsBegin) + hosts.first().text + url.mid(authorityEnd);
    }

    const QUrl parsed(single, QUrl::StrictMode);
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
    std::optional<QString> queryPorts;
    const auto items = QUrlQuery(parsed).queryItems(QUrl::FullyDecoded);
    for (const auto &[key, value] : items) {
        if (options.backend == Backend::PostgreSQL) {
            QString problem;
            if (key == QLatin1String("target_session_attrs")) {
                if (!checkTargetSessionAttrs(value, &problem))
                    return failure(errorMessage, withoutPassword(url), problem);
                options.targetSessionAttrs = value;
            }
            const bool hostKey = key == QLatin1String("host") || key == QLatin1String("hostaddr");
            if ((hostKey || key == QLatin1String("port")) && value.contains(u',') && hosts.isEmpty())
                return failure(errorMessage, withoutPassword(url),
                               QStringLiteral("%1=%2: write several hosts with their ports in the URL: "
                                              "postgresql://user@host1:5432,host2:5432/database")
                                   .arg(key, value));
            if (hostKey && !hosts.isEmpty())
                return failure(errorMessage, withoutPassword(url),
                               QStringLiteral("%1=%2: the URL names its hosts already").arg(key, value));
            if (key == QLatin1String("port") && !hosts.isEmpty()) {
                queryPorts = value;
                continue;
            }
        }
        connectOptions.append(value.isEmpty() ? key : key + u'=' + value);
    }
    if (!hosts.isEmpty()) {
        QStringList names;
        for (const HostEntry &host : std::as_const(hosts)) {
            names.append(host.host);
            options.hostPorts.append(host.port);
        }
        // libpq's rule for a port option beside several hosts: one port for all, or one each.
        if (queryPorts) {
            if (std::any_of(hosts.cbegin(), hosts.cend(), [](const HostEntry &h) { return h.port != -1; }))
                return failure(errorMessage, withoutPassword(url),
                               QStringLiteral("port=%1: the hosts have their ports in the URL already").arg(*queryPorts));
            const QStringList ports = queryPorts->split(u',');
            if (ports.size() != 1 && ports.size() != hosts.size())
                return failure(errorMessage, withoutPassword(url),
                               QStringLiteral("%1 hosts but %2 ports in port=%3: give one port for all, or one "
                                              "for each host")
                                   .arg(hosts.size()).arg(ports.size()).arg(*queryPorts));
            for (qsizetype i = 0; i < hosts.size(); ++i) {
                const QString &text = ports.at(ports.size() == 1 ? 0 : i);
                options.hostPorts[i] = text.isEmpty() ? -1 : portNumber(text);
                if (!text.isEmpty() && options.hostPorts[i] < 0)
                    return failure(errorMessage, withoutPassword(url),
                                   QStringLiteral("port=%1: \"%2\" is not a number from 1 to 65535").arg(*queryPorts, text));
            }
        }
        options.host = names.join(u',');
        options.port = -1;
        QStringList ports;
        for (const int port : std::as_const(options.hostPorts))
            ports.append(port < 0 ? QString() : QString::number(port));
        if (std::any_of(options.hostPorts.cbegin(), options.hostPorts.cend(), [](int port) { return port != -1; }))
            connectOptions.prepend(QStringLiteral("port=") + ports.join(u','));
        // Every query goes to the primary: a connection on a standby could not write.
        if (options.targetSessionAttrs.isEmpty()) {
            options.targetSessionAttrs = QStringLiteral("read-write");
            connectOptions.append(QStringLiteral("target_session_attrs=read-write"));
        }
    }
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
    if (hostPorts.isEmpty()) {
        url += host;
        if (port > 0)
            url += u':' + QString::number(port);
    } else {
        const QStringList names = host.split(u',');
        for (qsizetype i = 0; i < names.size(); ++i) {
            if (i > 0)
                url += u',';
            url += names.at(i).contains(u':') ? u'[' + names.at(i) + u']' : names.at(i);
            if (i < hostPorts.size() && hostPorts.at(i) > 0)
                url += u':' + QString::number(hostPorts.at(i));
        }
    }
    url += u'/' + QString::fromUtf8(QUrl::toPercentEncoding(databaseName));
    if (!targetSessionAttrs.isEmpty())
        url += QStringLiteral("?target_session_attrs=") + targetSessionAttrs;
    return url;
}

} // namespace Gatehouse
