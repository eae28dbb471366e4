#include "dashboardmodel.h"
#include "activity.h"

#include "adminconnection.h"
#include "apiclient.h"
#include "asyncresult.h"

#include <gatehouse/sqladapter.h>

#include <QJsonArray>
#include <QLocale>

namespace Gatehouse::Admin {

namespace {

constexpr int dayCount = 30;
constexpr int providerCount = 5;
const QString signIn = QStringLiteral("signIn");
const QString signInFailed = QStringLiteral("signInFailed");

struct Figures
{
    qint64 users = 0;
    qint64 activeSessions = 0;
    QList<AuditDayCount> daily;
    QList<AuditProviderCount> providers;
    QDate today;
};

Figures load(SqlAdapter &store)
{
    Figures f;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    f.today = now.date();
    const QDateTime from(f.today.addDays(-(dayCount - 1)), QTime(0, 0), Qt::UTC);
    const QDateTime to(f.today.addDays(1), QTime(0, 0), Qt::UTC);
    f.users = store.countUsers({}).result();
    f.activeSessions = store.countSessionEntries(SessionFilter{}).result();
    f.daily = store.auditDailyCounts({signIn, signInFailed}, from, to).result();
    f.providers = store.auditTopProviders(signIn, from, to, providerCount).result();
    return f;
}

//! The figures of the admin API's \c {GET dashboard?days=30}: the same as load() reads.
Figures fromApi(const QJsonObject &answer)
{
    Figures f;
    f.users = answer.value(QLatin1String("users")).toInteger();
    f.activeSessions = answer.value(QLatin1String("activeSessions")).toInteger();
    const QJsonArray days = answer.value(QLatin1String("days")).toArray();
    for (const QJsonValue &value : days) {
        const QJsonObject day = value.toObject();
        const QDate date = QDate::fromString(day.value(QLatin1String("day")).toString(), Qt::ISODate);
        f.daily.append(AuditDayCount{date, signIn, day.value(signIn).toInteger()});
        f.daily.append(AuditDayCount{date, signInFailed, day.value(signInFailed).toInteger()});
    }
    // The server's today (its last day) is the chart's last day, whatever the local clock says.
    f.today = days.isEmpty() ? QDateTime::currentDateTimeUtc().date()
                             : QDate::fromString(days.last().toObject().value(QLatin1String("day")).toString(), Qt::ISODate);
    for (const QJsonValue &value : answer.value(QLatin1String("providers")).toArray()) {
        const QJsonObject provider = value.toObject();
        f.providers.append(AuditProviderCount{provider.value(QLatin1String("provider")).toString(),
                                              provider.value(QLatin1String("signIns")).toInteger()});
    }
    return f;
}

} // namespace

class DashboardModelPrivate
{
public:
    explicit DashboardModelPrivate(DashboardModel *q) : q(q), activity(q) {}

    //! Shows \a f (from the store or the API).
    void show(const Figures &f);

    DashboardModel *q;
    QPointer<AdminConnection> connection;
    qint64 users = 0;
    qint64 activeSessions = 0;
    qint64 signInsToday = 0;
    qint64 failuresToday = 0;
    QVariantList days;
    qint64 maxDaily = 1;
    QVariantList providers;
    bool loaded = false;
    quint64 generation = 0;
    Activity<DashboardModel> activity;
    QThreadPool pool;
};

DashboardModel::DashboardModel(QObject *parent)
    : QObject(parent)
    , d(std::make_unique<DashboardModelPrivate>(this))
{
    d->pool.setMaxThreadCount(1);
}

DashboardModel::~DashboardModel()
{
    ++d->generation;
    d->pool.waitForDone();
}

AdminConnection *DashboardModel::connection() const { return d->connection; }

void DashboardModel::setConnection(AdminConnection *connection)
{
    if (connection == d->connection)
        return;
    if (d->connection)
        disconnect(d->connection, nullptr, this, nullptr);
    d->connection = connection;
    if (connection)
        connect(connection, &AdminConnection::opened, this, &DashboardModel::refresh);
    Q_EMIT connectionChanged();
    refresh();
}

qint64 DashboardModel::userCount() const { return d->users; }
qint64 DashboardModel::activeSessionCount() const { return d->activeSessions; }
qint64 DashboardModel::signInsToday() const { return d->signInsToday; }
qint64 DashboardModel::failuresToday() const { return d->failuresToday; }
QVariantList DashboardModel::days() const { return d->days; }
qint64 DashboardModel::maxDaily() const { return d->maxDaily; }
QVariantList DashboardModel::topProviders() const { return d->providers; }
bool DashboardModel::isLoaded() const { return d->loaded; }
bool DashboardModel::isBusy() const { return d->activity.isBusy(); }
QString DashboardModel::errorString() const { return d->activity.errorString(); }

void DashboardModel::refresh()
{
    if (ApiClient *api = d->connection ? d->connection->api() : nullptr) {
        const quint64 generation = ++d->generation;
        d->activity.begin();
        api->get(QStringLiteral("dashboard"), QUrlQuery{{QStringLiteral("days"), QString::number(dayCount)}}, this,
                 [this, generation](const ApiReply &reply) {
                     d->activity.end();
                     if (generation != d->generation)
                         return;
                     if (!reply.ok()) {
                         d->activity.setError(tr("could not load the dashboard: %1").arg(reply.errorText()));
                         return;
                     }
                     d->activity.setError({});
                     d->show(fromApi(reply.json));
                 });
        return;
    }
    const auto store = d->connection ? d->connection->adapter() : nullptr;
    if (!store)
        return;
    const quint64 generation = ++d->generation;
    d->activity.begin();
    runInBackground(&d->pool, this, [store] { return load(*store); }, [this, generation](const Outcome<Figures> &outcome) {
        d->activity.end();
        if (generation != d->generation)
            return;
        const QString error = outcome.ok() ? QString() : tr("could not load the dashboard: %1").arg(outcome.error);
        d->activity.setError(error);
        if (!outcome.ok())
            return;
        d->show(*outcome.value);
    });
}

void DashboardModelPrivate::show(const Figures &f)
{
    QHash<QDate, QPair<qint64, qint64>> perDay;
    for (const AuditDayCount &count : f.daily) {
        auto &day = perDay[count.day];
        (count.type == signIn ? day.first : day.second) += count.count;
    }
    users = f.users;
    activeSessions = f.activeSessions;
    signInsToday = perDay.value(f.today).first;
    failuresToday = perDay.value(f.today).second;
    days.clear();
    maxDaily = 1;
    const QLocale locale;
    for (int i = dayCount - 1; i >= 0; --i) {
        const QDate date = f.today.addDays(-i);
        const auto counts = perDay.value(date);
        maxDaily = qMax(maxDaily, qMax(counts.first, counts.second));
        days.append(QVariantMap{{QStringLiteral("date"), date},
                                   {QStringLiteral("label"), locale.toString(date, QStringLiteral("d MMM"))},
                                   {QStringLiteral("signIns"), counts.first},
                                   {QStringLiteral("failures"), counts.second}});
    }
    providers.clear();
    for (const AuditProviderCount &count : f.providers)
        providers.append(QVariantMap{{QStringLiteral("provider"), count.provider}, {QStringLiteral("count"), count.count}});
    loaded = true;
    Q_EMIT q->figuresChanged();
}

} // namespace Gatehouse::Admin
