#include "storage/sqladapter_p.h"

#include <QUuid>

namespace Gatehouse {

SqlAdapterPrivate::SqlAdapterPrivate(const SqlAdapterOptions &options)
    : options(options)
    , health(QStringLiteral("database ") + options.displayUrl())
    , m_connectionPrefix(QStringLiteral("gatehouse-storage-") + QUuid::createUuid().toString(QUuid::WithoutBraces))
    , m_sessionLookups([this](std::function<void()> job) { pool.start(std::move(job)); },
                       [this](const QStringList &tokens) {
                           const QString method = QStringLiteral("getSessionAndUserState");
                           return call(method, [&tokens, &method](SqlConnection &c) {
                               return SqlRows::sessionsAndUserStates(c, tokens, method);
                           }, tokens.size());
                       },
                       kMaxSessionBatch, maxThreads(options), kSlowSessionBatch)
    , m_readsHere(isSqliteFile(options))
    , pool(maxThreads(options), QStringLiteral("gatehouse-storage"))
{
}

std::optional<std::optional<SessionAndUserState>> SqlAdapterPrivate::lookupHere(const QString &token)
{
    using Clock = std::chrono::steady_clock;
    if (!m_readsHere || !DeliveryHome::current() || !health.isReachable() || !m_sessionLookups.idle())
        return std::nullopt;
    if (Clock::now().time_since_epoch().count() < m_readHereFrom.load(std::memory_order_relaxed))
        return std::nullopt;
    std::unique_ptr<SqlConnection> reader;
    {
        std::lock_guard lock(m_readersMutex);
        if (!m_readers.empty()) {
            reader = std::move(m_readers.back());
            m_readers.pop_back();
        } else {
            reader = std::make_unique<SqlConnection>(options, m_connectionPrefix + QStringLiteral("-serving-")
                                                                  + QString::number(++m_readersMade),
                                                     &m_file, SqlConnection::LockWait::Never);
        }
    }
    std::optional<std::optional<SessionAndUserState>> read;
    try {
        reader->open();
        const QString method = QStringLiteral("getSessionAndUserState");
        const qint64 pagesRead = reader->sqlitePagesRead();
        const Clock::time_point started = Clock::now();
        SessionLookups::Found found = SqlRows::sessionsAndUserStates(*reader, QStringList{token}, method);
        const Clock::time_point ended = Clock::now();
        // Slow because it read pages from the file, not because the thread was preempted.
        if (ended - started >= kSlowReadHere && reader->sqlitePagesRead() > pagesRead)
            m_readHereFrom.store((ended + kReadHereBreak).time_since_epoch().count(), std::memory_order_relaxed);
        const auto it = found.constFind(token);
        read.emplace(it == found.cend() ? std::nullopt : std::optional(*it));
    } catch (...) {
        // The storage thread tries again, and reports what it finds (see lookupHere()'s notes).
        reader->close();
    }
    std::lock_guard lock(m_readersMutex);
    m_readers.push_back(std::move(reader));
    return read;
}

SqlAdapterPrivate::~SqlAdapterPrivate() = default;

int SqlAdapterPrivate::maxThreads(const SqlAdapterOptions &options)
{
    // Every connection to an in-memory SQLite database would see its own empty database.
    const bool memory = options.backend == SqlBackend::SQLite && options.databaseName == QLatin1String(":memory:");
    return memory ? 1 : qMax(1, options.maxThreads);
}

SqlConnection &SqlAdapterPrivate::connection()
{
    if (!m_connections.hasLocalData()) {
        const QString name = m_connectionPrefix + u'-'
            + QString::number(reinterpret_cast<quintptr>(QThread::currentThreadId()), 16);
        m_connections.setLocalData(new SqlConnection(options, name, &m_file));
    }
    return *m_connections.localData();
}

namespace SqlRows {

const QString userColumns = QStringLiteral("id, name, email, \"emailVerified\", image");
const QString sessionColumns = QStringLiteral("\"sessionToken\", \"userId\", expires");

std::optional<qint64> rowId(const QString &id)
{
    bool ok = false;
    const qint64 number = id.toLongLong(&ok);
    return ok ? std::optional(number) : std::nullopt;
}

std::optional<QString> nullIfEmpty(const QString &text)
{
    return text.isEmpty() ? std::nullopt : std::optional(text);
}

AdapterError noSuchUser(const QString &method, const QString &userId)
{
    return AdapterError(AdapterError::Reason::NotFound,
                        QStringLiteral("%1: there is no user with id \"%2\"").arg(method, userId));
}

AdapterUser user(const SqlQuery &q, int first)
{
    return {q.text(first), q.optionalText(first + 1), q.text(first + 2), q.optionalTime(first + 3),
            q.optionalText(first + 4)};
}

QString containsPattern(const QString &search)
{
    QString escaped = search.toLower();
    escaped.replace(u'!', QStringLiteral("!!")).replace(u'%', QStringLiteral("!%")).replace(u'_', QStringLiteral("!_"));
    return u'%' + escaped + u'%';
}

AdapterSession session(const SqlQuery &q, int first)
{
    return {q.text(first), q.text(first + 1), q.time(first + 2)};
}

} // namespace SqlRows

} // namespace Gatehouse
