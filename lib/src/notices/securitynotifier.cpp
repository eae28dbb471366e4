#include <gatehouse/securitynotices.h>

#include <gatehouse/autherror.h>

#include "notices/logging.h"
#include "notices/noticerules.h"

#include "account/noticechoice.h"
#include "core/mailprovider.h"
#include "mail/mailer.h"
#include "signin/emailsettings.h"
#include "storage/stores.h"

#include <QPointer>
#include <QThreadPool>
#include <QTimer>
#include <QUuid>
#include <QtConcurrent/QtConcurrentRun>

#include <mutex>

namespace Gatehouse {

using namespace std::chrono_literals;

namespace {

const QString kCursor = QStringLiteral("security-notices");
constexpr int kBatch = 100;
constexpr auto kLease = 60s;
constexpr qint64 kGiveUpSeconds = 24 * 3600;

//! 5 s, 10 s, 20 s ... at most 5 minutes between tries of one notice.
qint64 backoffSeconds(int failures)
{
    return std::min<qint64>(300, qint64(5) << std::min(failures - 1, 6));
}

} // namespace

class SecurityNotifierPrivate
{
public:
    Config config;
    Stores stores;
    QString unavailable;
    std::optional<EmailFlow::EmailSettings> mail;
    QString origin;
    QString host;
    QString accountUrl;
    Mail::Mailer mailer;
    //! Names this process's hold on the cursor (two servers must differ).
    const QString holder = QUuid::createUuid().toString(QUuid::WithoutBraces);
    QThreadPool pool;
    QTimer *timer = nullptr;
    QPointer<SecurityNotifier> q;

    std::mutex clockLock;
    std::function<QDateTime()> clock;
    std::chrono::seconds settle = 2s;

    // Retries of the one notice that failed last; touched by rounds only, which never overlap.
    qint64 failingEvent = 0;
    int failures = 0;
    QDateTime firstFailure;
    QDateTime nextAttempt;

    QDateTime now()
    {
        std::lock_guard<std::mutex> locked(clockLock);
        return clock ? clock() : QDateTime::currentDateTimeUtc();
    }

    bool due(const Notices::Notice &notice, const AuditEvent &event) const;
    QString languageOf(const AuditEvent &event) const;
    int round();
};

bool SecurityNotifierPrivate::due(const Notices::Notice &notice, const AuditEvent &event) const
{
    AuditStore &audit = *stores.audit;
    if (!notice.personalSwitch.isEmpty() && stores.noticePreferences) {
        const QList<NoticePreference> choices = stores.noticePreferences->noticePreferences(event.userId).result();
        if (AccountDetail::noticeTurnedOff(choices, notice.personalSwitch, event.time))
            return false;
    }
    if (notice.check == Notices::HistoryCheck::NotAtSignUp) {
        AuditFilter created;
        created.type = QStringLiteral("createUser");
        created.userId = event.userId;
        const QList<AuditEvent> found = audit.auditEvents(created, 1).result();
        return found.isEmpty() || found.first().time.secsTo(event.time) > Notices::SignUpSeconds;
    }
    if (notice.check == Notices::HistoryCheck::NewDevice) {
        if (notice.facts.device.isEmpty())
            return false;  // nothing to compare: no User-Agent
        AuditFilter signIns;
        signIns.type = QStringLiteral("signIn");
        signIns.userId = event.userId;
        signIns.to = event.time.addMSecs(1);
        bool anyKnown = false;
        for (const AuditEvent &earlier : audit.auditEvents(signIns, 200).result()) {
            if (earlier.id >= event.id)
                continue;
            const QString device = Notices::deviceOf(earlier.detail.value(QStringLiteral("userAgent")).toString());
            if (device.isEmpty())
                continue;  // recorded before sign-ins kept their browser
            if (device == notice.facts.device)
                return false;
            anyKnown = true;
        }
        // A first sign-in is no news, nor one after sign-ins that kept no browser (an upgrade).
        return anyKnown;
    }
    return true;
}

QString SecurityNotifierPrivate::languageOf(const AuditEvent &event) const
{
    QString language = event.detail.value(QStringLiteral("language")).toString();
    if (language.isEmpty()) {
        AuditFilter signIns;
        signIns.type = QStringLiteral("signIn");
        signIns.userId = event.userId;
        for (const AuditEvent &latest : stores.audit->auditEvents(signIns, 1).result())
            language = latest.detail.value(QStringLiteral("language")).toString();
    }
    return mailer.translator().languages().contains(language) ? language : QStringLiteral("en");
}

int SecurityNotifierPrivate::round()
{
    if (!unavailable.isEmpty())
        return 0;
    const QDateTime started = now();
    if (nextAttempt.isValid() && started < nextAttempt)
        return 0;
    AuditFeedStore &feed = *stores.auditFeed;
    const std::optional<qint64> position = feed.claimAuditCursor(kCursor, holder, kLease).result();
    if (!position)
        return 0;  // another server mails them
    const QList<AuditEvent> events = feed.auditEventsAfter(*position, kBatch).result();
    int sent = 0;
    qint64 done = *position;
    for (const AuditEvent &event : events) {
        // A write that took a lower id but committed late is still read: only settled events.
        if (event.time.secsTo(started) < settle.count())
            break;
        const std::optional<Notices::Notice> notice = Notices::noticeFor(event, config.account.notices);
        std::optional<AdapterUser> user;
        if (notice && due(*notice, event))
            user = stores.adapter->getUser(event.userId).result();
        if (user && !user->email.isEmpty()) {
            Mail::SignInMailRequest request;
            request.server = mail->server;
            request.from = mail->from;
            request.to = user->email;
            request.content.url = accountUrl;
            request.content.host = host;
            request.content.origin = origin;
            request.content.theme = config.theme;
            request.content.language = languageOf(event);
            try {
                mailer.sendNoticeMail(request, notice->kind, notice->facts).waitForFinished();
                ++sent;
                failures = 0;
                nextAttempt = {};
            } catch (const std::exception &e) {
                if (failingEvent != event.id) {
                    failingEvent = event.id;
                    failures = 0;
                    firstFailure = started;
                }
                ++failures;
                if (firstFailure.secsTo(started) < kGiveUpSeconds) {
                    const qint64 wait = backoffSeconds(failures);
                    nextAttempt = started.addSecs(wait);
                    qCWarning(lcNotices).noquote()
                        << QStringLiteral("the security notice of audit event %1 (%2) could not be mailed, try %3; trying "
                                          "again in %4 s: %5")
                               .arg(event.id).arg(event.type).arg(failures).arg(wait).arg(QString::fromUtf8(e.what()));
                    if (done > *position)
                        feed.advanceAuditCursor(kCursor, holder, done).result();
                    return sent;
                }
                qCCritical(lcNotices).noquote()
                    << QStringLiteral("gave up the security notice of audit event %1 (%2) after %3 tries over a day: %4")
                           .arg(event.id).arg(event.type).arg(failures).arg(QString::fromUtf8(e.what()));
                failures = 0;
                nextAttempt = {};
            }
            // Mailed (or given up): never again, even if this process stops now.
            feed.advanceAuditCursor(kCursor, holder, event.id).result();
        }
        done = event.id;
    }
    if (done > *position)
        feed.advanceAuditCursor(kCursor, holder, done).result();
    return sent;
}

SecurityNotifier::SecurityNotifier(const Config &config, std::shared_ptr<Adapter> adapter, QObject *parent)
    : QObject(parent)
    , d(std::make_shared<SecurityNotifierPrivate>())
{
    d->q = this;
    d->config = config;
    d->pool.setMaxThreadCount(1);
    d->stores = Stores::of(std::move(adapter));
    const QUrl url = config.url;
    const Provider *mailProvider = smtpMailProvider(config.providers);
    if (!config.account.notices.any())
        d->unavailable = QStringLiteral("account.notices turns every notice off");
    else if (!d->stores.adapter || !d->stores.audit || !d->stores.auditFeed)
        d->unavailable = QStringLiteral("the adapter keeps no audit log to read the notices from");
    else if (!mailProvider)
        d->unavailable = QStringLiteral("no email provider with an SMTP server to mail the notices");
    else if (!url.isValid() || url.host().isEmpty())
        d->unavailable = QStringLiteral("url (AUTH_URL) is not set: the notices link to the account page");
    if (!d->unavailable.isEmpty())
        return;
    try {
        d->mail = EmailFlow::EmailSettings::fromProvider(*mailProvider);
    } catch (const AuthError &e) {
        d->unavailable = e.message();
        return;
    }
    d->origin = url.adjusted(QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveFragment | QUrl::StripTrailingSlash).toString();
    d->host = url.authority(QUrl::FullyEncoded);
    d->accountUrl = config.pageUrl(PagesOptions::Page::Account, d->origin);
}

SecurityNotifier::~SecurityNotifier()
{
    stop();
    d->pool.waitForDone();
}

QString SecurityNotifier::unavailableReason() const
{
    return d->unavailable;
}

void SecurityNotifier::start(std::chrono::milliseconds interval)
{
    if (!d->unavailable.isEmpty() || d->timer)
        return;
    d->timer = new QTimer(this);
    d->timer->setInterval(interval);
    connect(d->timer, &QTimer::timeout, this, [this] { deliverPending(); });
    d->timer->start();
    deliverPending();
}

void SecurityNotifier::stop()
{
    if (d->timer) {
        d->timer->stop();
        d->timer->deleteLater();
        d->timer = nullptr;
    }
    if (!d->unavailable.isEmpty())
        return;
    // After the round that runs, give the place up, so another server goes on at once. A claim
    // with no lease changes nothing when another server holds it.
    QtConcurrent::run(&d->pool, [d = d] {
        try {
            d->stores.auditFeed->claimAuditCursor(kCursor, d->holder, 0s).waitForFinished();
        } catch (const std::exception &) {
            // The lease runs out by itself.
        }
    });
    d->pool.waitForDone();
}

QFuture<int> SecurityNotifier::deliverPending()
{
    return QtConcurrent::run(&d->pool, [d = d] {
        int sent = 0;
        try {
            sent = d->round();
        } catch (const std::exception &e) {
            qCWarning(lcNotices).noquote() << "the security notices cannot be read now:" << e.what();
            throw;
        }
        if (sent > 0)
            QMetaObject::invokeMethod(d->q, [q = d->q, sent] {
                if (q)
                    Q_EMIT q->delivered(sent);
            }, Qt::QueuedConnection);
        return sent;
    });
}

void SecurityNotifier::setClockForTesting(std::function<QDateTime()> clock, std::chrono::seconds settle)
{
    std::lock_guard<std::mutex> locked(d->clockLock);
    d->clock = std::move(clock);
    d->settle = settle;
}

} // namespace Gatehouse
