#include "userimportmodel.h"

#include "adminconnection.h"
#include "apiclient.h"
#include "asyncresult.h"
#include "operatinguser.h"

#include <gatehouse/sqladapter.h>
#include <gatehouse/userimport.h>

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QPointer>
#include <QThreadPool>
#include <QTimer>
#include <QUrlQuery>

#include <atomic>

namespace Gatehouse::Admin {

namespace {

//! A larger file is refused before it is read, as `gatehouse-server user import` refuses it.
constexpr qint64 kMaxFileBytes = 1024LL * 1024 * 1024;

//! The format a file's name suggests; empty when it suggests none.
QString formatOf(const QString &fileName)
{
    const QString name = fileName.toLower();
    if (name.endsWith(QLatin1String(".yml")) || name.endsWith(QLatin1String(".yaml")))
        return QStringLiteral("authelia");
    if (name.endsWith(QLatin1String(".jsonl")) || name.endsWith(QLatin1String(".ndjson")))
        return QStringLiteral("jsonl");
    if (name.endsWith(QLatin1String(".json")))
        return QStringLiteral("keycloak");
    if (name.endsWith(QLatin1String(".csv")))
        return QStringLiteral("csv");
    if (name.contains(QLatin1String("htpasswd")))
        return QStringLiteral("htpasswd");
    return {};
}

//! The file's bytes, read in chunks (a read of the limit would allocate it); AdminError otherwise.
QByteArray readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw AdminError(UserImportModel::tr("cannot read %1: %2").arg(path, file.errorString()));
    QByteArray contents;
    char chunk[64 * 1024];
    for (;;) {
        const qint64 n = file.read(chunk, sizeof chunk);
        if (n < 0)
            throw AdminError(UserImportModel::tr("cannot read %1: %2").arg(path, file.errorString()));
        if (n == 0)
            return contents;
        if (contents.size() + n > kMaxFileBytes)
            throw AdminError(UserImportModel::tr("%1 is larger than 1 GiB: split it").arg(path));
        contents.append(chunk, n);
    }
}

//! How long a server may take to answer an import (the file's transfer included).
constexpr int kImportTimeoutMs = 30 * 60 * 1000;

//! A row of the admin API's report (\c {users/import?rows=all}).
UserImportRow rowFromApi(const QJsonObject &row)
{
    static const QHash<QString, UserImportOutcome> outcomes{{QStringLiteral("created"), UserImportOutcome::Created},
                                                            {QStringLiteral("updated"), UserImportOutcome::Updated},
                                                            {QStringLiteral("unchanged"), UserImportOutcome::Unchanged},
                                                            {QStringLiteral("skipped"), UserImportOutcome::Skipped}};
    UserImportRow imported;
    imported.line = row.value(QLatin1String("line")).toInt();
    imported.email = row.value(QLatin1String("email")).toString();
    const QString outcome = row.value(QLatin1String("outcome")).toString();
    if (outcomes.contains(outcome))
        imported.outcome = outcomes.value(outcome);
    imported.reason = row.value(QLatin1String("reason")).toString();
    return imported;
}

//! The admin API's report as the summary the engine gives locally.
UserImportSummary summaryFromApi(const QJsonObject &report)
{
    UserImportSummary summary;
    summary.read = report.value(QLatin1String("read")).toInt();
    summary.created = report.value(QLatin1String("created")).toInt();
    summary.updated = report.value(QLatin1String("updated")).toInt();
    summary.unchanged = report.value(QLatin1String("unchanged")).toInt();
    summary.skipped = report.value(QLatin1String("skipped")).toInt();
    summary.committed = report.value(QLatin1String("committed")).toBool();
    for (const QJsonValue &refusal : report.value(QLatin1String("refused")).toArray())
        summary.refused.append(refusal.toString());
    for (const QJsonValue &row : report.value(QLatin1String("rows")).toArray())
        summary.rows.append(rowFromApi(row.toObject()));
    return summary;
}

//! Users stored so far and users to store, written by the store's thread, read by the GUI's.
struct Progress
{
    std::atomic<qint64> done{0};
    std::atomic<qint64> total{-1};
};

} // namespace

class UserImportModelPrivate
{
public:
    QPointer<AdminConnection> connection;
    QUrl fileUrl;
    QString format = QStringLiteral("htpasswd");
    QString emailDomain;
    QString onConflict = QStringLiteral("fail");
    bool allowWeakHashes = false;
    QString groups;
    UserImportModel::State state = UserImportModel::State::Idle;
    QString error;
    UserImportSummary summary;
    bool checkedSkip = false;        // the check's onConflict was "skip"
    quint64 generation = 0;          // a result of an older run is dropped
    std::shared_ptr<Progress> progress;
    QTimer progressTimer;            // shows progress while a run is busy
    double shownProgress = -1;
};

UserImportModel::UserImportModel(QObject *parent)
    : QAbstractListModel(parent)
    , d(std::make_unique<UserImportModelPrivate>())
{
    d->progressTimer.setInterval(100);
    connect(&d->progressTimer, &QTimer::timeout, this, [this] {
        if (!d->progress)
            return;
        const qint64 total = d->progress->total.load();
        const double value = total <= 0 ? -1.0 : double(d->progress->done.load()) / double(total);
        if (value != d->shownProgress) {
            d->shownProgress = value;
            Q_EMIT progressChanged();
        }
    });
}

UserImportModel::~UserImportModel() = default;

AdminConnection *UserImportModel::connection() const { return d->connection; }

void UserImportModel::setConnection(AdminConnection *connection)
{
    if (d->connection == connection)
        return;
    if (d->connection)
        disconnect(d->connection, nullptr, this, nullptr);
    d->connection = connection;
    if (connection)
        connect(connection, &AdminConnection::opened, this, &UserImportModel::reset);
    reset();
    Q_EMIT connectionChanged();
}

QUrl UserImportModel::fileUrl() const { return d->fileUrl; }

void UserImportModel::setFileUrl(const QUrl &url)
{
    if (d->fileUrl == url)
        return;
    d->fileUrl = url;
    const QString guessed = formatOf(url.fileName());
    if (!guessed.isEmpty())
        d->format = guessed;
    inputsChanged();
}

QString UserImportModel::format() const { return d->format; }

void UserImportModel::setFormat(const QString &format)
{
    if (d->format == format)
        return;
    d->format = format;
    inputsChanged();
}

QStringList UserImportModel::formats() const { return userImportFormats(); }

QString UserImportModel::emailDomain() const { return d->emailDomain; }

void UserImportModel::setEmailDomain(const QString &domain)
{
    if (d->emailDomain == domain)
        return;
    d->emailDomain = domain;
    inputsChanged();
}

QString UserImportModel::onConflict() const { return d->onConflict; }

void UserImportModel::setOnConflict(const QString &onConflict)
{
    if (d->onConflict == onConflict)
        return;
    d->onConflict = onConflict;
    inputsChanged();
}

bool UserImportModel::allowWeakHashes() const { return d->allowWeakHashes; }

void UserImportModel::setAllowWeakHashes(bool allow)
{
    if (d->allowWeakHashes == allow)
        return;
    d->allowWeakHashes = allow;
    inputsChanged();
}

QString UserImportModel::groups() const { return d->groups; }

void UserImportModel::setGroups(const QString &groups)
{
    if (d->groups == groups)
        return;
    d->groups = groups;
    inputsChanged();
}

UserImportModel::State UserImportModel::state() const { return d->state; }

bool UserImportModel::isBusy() const { return d->state == State::Checking || d->state == State::Importing; }

double UserImportModel::progress() const { return d->shownProgress; }

int UserImportModel::readCount() const { return d->summary.read; }
int UserImportModel::createdCount() const { return d->summary.created; }
int UserImportModel::updatedCount() const { return d->summary.updated; }
int UserImportModel::unchangedCount() const { return d->summary.unchanged; }
int UserImportModel::skippedCount() const { return d->summary.skipped; }
int UserImportModel::refusedCount() const { return int(d->summary.refused.size()); }

bool UserImportModel::isCommitted() const { return d->summary.committed; }

bool UserImportModel::canImport() const
{
    return d->state == State::Checked && blockedReason().isEmpty();
}

QString UserImportModel::blockedReason() const
{
    if (d->state != State::Checked)
        return {};
    if (!d->summary.refused.isEmpty() && !d->checkedSkip)
        return tr("%n user(s) refused: nothing would be imported. Correct the file, or choose to skip existing users "
                  "and leave the refused ones out.", nullptr, int(d->summary.refused.size()));
    if (d->summary.created + d->summary.updated == 0)
        return tr("Nothing to import: the database has every user of the file as the file says.");
    return {};
}

QString UserImportModel::errorString() const { return d->error; }

int UserImportModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(d->summary.rows.size());
}

QVariant UserImportModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= d->summary.rows.size())
        return {};
    const UserImportRow &row = d->summary.rows.at(index.row());
    switch (role) {
    case LineRole: return row.line;
    case EmailRole: return row.email;
    case OutcomeRole: return userImportOutcomeName(row.outcome);
    case ReasonRole: return row.reason;
    case Qt::DisplayRole: return row.email.isEmpty() ? row.reason : row.email;
    default: return {};
    }
}

QHash<int, QByteArray> UserImportModel::roleNames() const
{
    return {{LineRole, "line"}, {EmailRole, "email"}, {OutcomeRole, "outcome"}, {ReasonRole, "reason"}};
}

void UserImportModel::check()
{
    run(true);
}

void UserImportModel::importUsers()
{
    if (!canImport())
        return;
    run(false);
}

void UserImportModel::reset()
{
    ++d->generation;
    d->progressTimer.stop();
    d->progress.reset();
    d->shownProgress = -1;
    beginResetModel();
    d->summary = {};
    endResetModel();
    d->error.clear();
    d->state = State::Idle;
    Q_EMIT progressChanged();
    Q_EMIT summaryChanged();
    Q_EMIT stateChanged();
}

void UserImportModel::inputsChanged()
{
    Q_EMIT inputChanged();
    if (d->state != State::Idle)
        reset();
}

void UserImportModel::run(bool dryRun)
{
    if (isBusy())
        return;
    const auto fail = [this](const QString &message) {
        d->error = message;
        d->state = State::Failed;
        Q_EMIT stateChanged();
    };
    std::shared_ptr<SqlAdapter> store = d->connection ? d->connection->adapter() : nullptr;
    // Connected to a server: its admin API imports (users/import), with the same engine.
    ApiClient *client = !store && d->connection ? d->connection->api() : nullptr;
    if (!store && !client)
        return fail(tr("open a database first"));
    const QString path = d->fileUrl.isLocalFile() ? d->fileUrl.toLocalFile() : d->fileUrl.toString();
    if (path.isEmpty())
        return fail(tr("choose a file to import"));
    if (!userImportFormats().contains(d->format))
        return fail(tr("\"%1\" is not a format this import reads (%2)").arg(d->format, userImportFormats().join(QStringLiteral(", "))));
    UserImportOptions options;
    options.format = d->format;
    options.emailDomain = d->emailDomain.trimmed();
    options.allowWeakHashes = d->allowWeakHashes;
    if (d->onConflict == QLatin1String("skip"))
        options.onConflict = UserImportConflict::Skip;
    else if (d->onConflict == QLatin1String("update"))
        options.onConflict = UserImportConflict::Update;
    else if (d->onConflict != QLatin1String("fail"))
        return fail(tr("\"%1\" is not a choice for existing users (fail, skip, update)").arg(d->onConflict));
    for (const QString &group : d->groups.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        if (!group.trimmed().isEmpty())
            options.groups.append(group.trimmed());
    }
    options.dryRun = dryRun;
    options.listRows = true;
    // The import writes one userImport per user itself; by and operator as every local change.
    options.auditDetail = adminChangeEvent(QStringLiteral("userImport"), QString(), {{QStringLiteral("format"), d->format}}).detail;
    auto progress = std::make_shared<Progress>();
    options.progress = [progress](qsizetype done, qsizetype total) {
        progress->total.store(total);
        progress->done.store(done);
    };
    const quint64 generation = ++d->generation;
    const bool skip = options.onConflict == UserImportConflict::Skip;
    d->progress = progress;
    d->shownProgress = -1;
    d->error.clear();
    d->state = dryRun ? State::Checking : State::Importing;
    d->progressTimer.start();
    Q_EMIT progressChanged();
    Q_EMIT stateChanged();
    const auto finished = [this, generation, dryRun, skip](const Outcome<UserImportSummary> &outcome) {
        if (generation != d->generation)
            return;
        d->progressTimer.stop();
        d->progress.reset();
        d->shownProgress = outcome.ok() ? 1.0 : -1.0;
        Q_EMIT progressChanged();
        if (!outcome.ok()) {
            d->error = outcome.error;
            d->state = State::Failed;
            Q_EMIT stateChanged();
            return;
        }
        beginResetModel();
        d->summary = *outcome.value;
        endResetModel();
        d->checkedSkip = skip;
        d->state = dryRun ? State::Checked : State::Imported;
        Q_EMIT stateChanged();
        Q_EMIT summaryChanged();
    };
    if (client) {
        // The server reports no progress: "Checking"/"Importing" stay indeterminate until its report.
        QUrlQuery query;
        query.addQueryItem(QStringLiteral("format"), options.format);
        if (!options.emailDomain.isEmpty())
            query.addQueryItem(QStringLiteral("emailDomain"), options.emailDomain);
        query.addQueryItem(QStringLiteral("onConflict"), d->onConflict);
        if (!options.groups.isEmpty())
            query.addQueryItem(QStringLiteral("group"), options.groups.join(QLatin1Char(',')));
        query.addQueryItem(QStringLiteral("allowWeakHashes"), options.allowWeakHashes ? QStringLiteral("true") : QStringLiteral("false"));
        query.addQueryItem(QStringLiteral("dryRun"), dryRun ? QStringLiteral("true") : QStringLiteral("false"));
        query.addQueryItem(QStringLiteral("rows"), QStringLiteral("all"));
        QPointer<ApiClient> api(client);
        runInBackground(
            QThreadPool::globalInstance(), this, [path]() { return readFile(path); },
            [this, api, query, generation, finished](const Outcome<QByteArray> &file) {
                if (generation != d->generation)
                    return;
                if (!file.ok() || !api) {
                    Outcome<UserImportSummary> failed;
                    failed.error = file.ok() ? tr("open a database first") : file.error;
                    return finished(failed);
                }
                api->upload(QStringLiteral("users/import"), query, *file.value, kImportTimeoutMs, this,
                            [finished](const ApiReply &reply) {
                                Outcome<UserImportSummary> outcome;
                                if (reply.ok())
                                    outcome.value = summaryFromApi(reply.json);
                                else
                                    outcome.error = reply.errorText();
                                finished(outcome);
                            });
            });
        return;
    }
    runInBackground(
        QThreadPool::globalInstance(), this,
        [store, path, options]() { return importUserFile(store, readFile(path), options).result(); }, finished);
}

} // namespace Gatehouse::Admin
