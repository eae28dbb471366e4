#include "oidclogout/logoutoutbox.h"

#include "crypto/random.h"
#include "metrics/catalogue.h"
#include "oidclogout/logging.h"
#include "oidclogout/logoutdelivery.h"
#include "oidclogout/logouttoken.h"
#include "storage/auditwriter.h"
#include "storage/oidclogoutwake.h"

#include <QHash>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QThread>
#include <QTimer>

namespace Gatehouse::OidcLogout {

namespace {

using KeySet = std::shared_ptr<const OidcProvider::SigningKeySet>;

const OidcClient *outboxClientNamed(const QList<OidcClient> &clients, const QString &clientId)
{
    for (const OidcClient &client : clients) {
        if (client.clientId == clientId)
            return &client;
    }
    return nullptr;
}

QString deliveryKey(const OidcLogoutDelivery &delivery)
{
    return delivery.sid + u'\n' + delivery.clientId;
}

} // namespace

class LogoutOutboxPrivate
{
public:
    LogoutOutboxPrivate(LogoutOutbox::Setup setup, const LogoutOutbox::Policy &policy)
        : setup(std::move(setup))
        , policy(policy)
        , lease(QString::fromLatin1(Crypto::randomBytes(16).toHex()))
        , delivery(std::make_unique<LogoutDelivery>(
              LogoutDelivery::Policy{policy.attempts, policy.timeoutMs, policy.firstAttemptDelayMs}))
    {
        thread.setObjectName(QStringLiteral("gatehouse-oidc-logout-outbox"));
        worker.moveToThread(&thread);
        thread.start();
        QMetaObject::invokeMethod(&worker, [this] {
            timer = new QTimer;   // made and deleted on the worker's thread
            QObject::connect(timer, &QTimer::timeout, timer, [this] { round(); });
            timer->start(this->policy.pollMs);
            round();
        }, Qt::QueuedConnection);
        wakeId = OidcLogoutWake::addListener([this] { wake(); });
    }

    ~LogoutOutboxPrivate()
    {
        OidcLogoutWake::removeListener(wakeId);
        QMetaObject::invokeMethod(&worker, [this] {
            stopping = true;
            delete timer;
            timer = nullptr;
        }, Qt::BlockingQueuedConnection);
        // The POSTs under way end with the delivery's thread; what they carried is given back,
        // due at once, so that the next round here or elsewhere sends it without waiting for the lease.
        delivery.reset();
        thread.quit();
        thread.wait();
        for (OidcLogoutDelivery held : std::as_const(inFlight)) {
            held.nextAttemptAt = QDateTime::currentDateTimeUtc();
            try {
                setup.store->retryOidcLogout(held).waitForFinished();
            } catch (...) {
                // Its lease ends in leaseSeconds: it is sent then.
            }
        }
    }

    void wake()
    {
        QMetaObject::invokeMethod(&worker, [this] { round(); }, Qt::QueuedConnection);
    }

    //! Claims what is due and sends it; one round at a time (a wake during one asks for another).
    void round()
    {
        if (stopping)
            return;
        if (!inFlight.isEmpty()) {
            again = true;
            return;
        }
        again = false;
        const QDateTime now = QDateTime::currentDateTimeUtc();
        QList<OidcLogoutDelivery> claimed;
        try {
            claimed = setup.store->claimOidcLogouts(lease, now, now.addSecs(policy.leaseSeconds), policy.batch).result();
            if (unreadable) {
                qCInfo(lcOidcLogout) << "back-channel logout: the deliveries can be read again";
                unreadable = false;
            }
        } catch (...) {
            if (!unreadable)
                qCWarning(lcOidcLogout) << "back-channel logout: the waiting deliveries cannot be read now; they wait";
            unreadable = true;
            return;
        }
        if (claimed.isEmpty()) {
            reportBacklog();
            return;
        }
        again = claimed.size() >= policy.batch;
        KeySet keys;
        if (setup.keys) {
            try {
                keys = setup.keys->keys().result();
            } catch (...) {
            }
        }
        for (const OidcLogoutDelivery &claim : std::as_const(claimed))
            send(claim, keys, now);
        if (inFlight.isEmpty())
            roundEnded();
    }

    void send(const OidcLogoutDelivery &claim, const KeySet &keys, const QDateTime &now)
    {
        const OidcClient *client = outboxClientNamed(setup.clients, claim.clientId);
        if (!client || client->backchannelLogoutUri.isEmpty()) {
            // Removed from the configuration, or its URI was, since the sign-in: no one to tell.
            giveUp(claim, 0, QStringLiteral("the client has no back-channel URI any more"));
            return;
        }
        const QString issuer = claim.issuer.isEmpty() ? setup.issuer : claim.issuer;
        // The same key as the client's ID tokens, so it verifies what it already trusts.
        const auto algorithm = OidcProvider::algorithmNamed(client->idTokenSignedResponseAlg);
        const OidcProvider::SigningKey *signer = keys ? keys->signer(algorithm.value_or(OidcProvider::SigningAlgorithm::RS256)) : nullptr;
        if (!signer || issuer.isEmpty()) {
            Metrics::recordOidcBackchannelLogout("unsigned");
            failed(claim, {false, 0, signer ? QStringLiteral("the issuer is unknown") : QStringLiteral("no signing key"), true}, *client);
            return;
        }
        LogoutDeliveryJob job;
        job.uri = QUrl(client->backchannelLogoutUri);
        job.logoutToken = signLogoutToken(*signer, logoutTokenClaims(issuer, {claim.clientId, claim.userId, claim.sid}, now,
                                                                     newLogoutTokenId()));
        job.clientId = claim.clientId;
        const QUrl uri = job.uri;
        inFlight.insert(deliveryKey(claim), claim);
        delivery->submit(std::move(job), [this, claim, uri](const LogoutDeliveryOutcome &outcome) {
            // On the delivery's thread: back to the worker's.
            QMetaObject::invokeMethod(&worker, [this, claim, uri, outcome] { sent(claim, uri, outcome); },
                                      Qt::QueuedConnection);
        });
    }

    void sent(const OidcLogoutDelivery &claim, const QUrl &uri, const LogoutDeliveryOutcome &outcome)
    {
        if (!inFlight.remove(deliveryKey(claim)))
            return;
        const OidcClient *client = outboxClientNamed(setup.clients, claim.clientId);
        if (outcome.delivered) {
            try {
                setup.store->finishOidcLogout(claim).waitForFinished();
            } catch (...) {
                // Sent again after the lease: at least once.
            }
            report(claim, true, claim.attempts + outcome.attempts, {});
        } else if (client) {
            OidcLogoutDelivery tried = claim;
            failed(tried, outcome, *client, uri);
        }
        if (inFlight.isEmpty())
            roundEnded();
    }

    //! A round of \a claim failed: given up when retrying cannot help or it has been tried long enough.
    void failed(const OidcLogoutDelivery &claim, const LogoutDeliveryOutcome &outcome, const OidcClient &client, QUrl uri = {})
    {
        if (uri.isEmpty())
            uri = QUrl(client.backchannelLogoutUri);
        const int attempts = claim.attempts + outcome.attempts;
        const QDateTime now = QDateTime::currentDateTimeUtc();
        const QString where = QStringLiteral("back-channel logout to client %1 at %2 failed after %3 attempt(s): %4")
                                  .arg(claim.clientId, uri.toString(QUrl::RemoveQuery | QUrl::RemoveUserInfo))
                                  .arg(outcome.attempts)
                                  .arg(outcome.problem);
        if (!outcome.retryable || claim.queuedAt.secsTo(now) >= policy.giveUpSeconds) {
            qCWarning(lcOidcLogout).noquote() << where + QStringLiteral("; given up");
            giveUp(claim, attempts, outcome.problem);
            return;
        }
        const int rounds = qMax(1, (attempts + policy.attempts - 1) / policy.attempts);
        const qint64 ceiling = qMin<qint64>(qint64(policy.firstRetrySeconds) << qMin(rounds - 1, 20), policy.maxRetrySeconds);
        // Between half and all of it: clients and servers that failed together do not come back together.
        const qint64 waitMs = ceiling * 500 + qint64(QRandomGenerator::global()->bounded(quint32(ceiling * 500 + 1)));
        OidcLogoutDelivery retry = claim;
        retry.attempts = attempts;
        retry.lastError = outcome.problem;
        retry.nextAttemptAt = now.addMSecs(waitMs);
        qCWarning(lcOidcLogout).noquote() << where + QStringLiteral("; tried again in %1 s").arg((waitMs + 999) / 1000);
        try {
            setup.store->retryOidcLogout(retry).waitForFinished();
        } catch (...) {
            // Its lease ends and it is tried again then.
        }
    }

    void giveUp(const OidcLogoutDelivery &claim, int attempts, const QString &reason)
    {
        try {
            setup.store->finishOidcLogout(claim).waitForFinished();
        } catch (...) {
        }
        report(claim, false, attempts, reason);
    }

    //! One audit event, one count: the delivery's end.
    void report(const OidcLogoutDelivery &claim, bool delivered, int attempts, const QString &reason)
    {
        Metrics::recordOidcBackchannelLogout(delivered ? "delivered" : "failed");
        if (!setup.audit)
            return;
        AuditEvent event;
        event.time = QDateTime::currentDateTimeUtc();
        event.type = QStringLiteral("oidcBackchannelLogout");
        event.userId = claim.userId;
        event.detail = {{QStringLiteral("clientId"), claim.clientId},
                        {QStringLiteral("outcome"), delivered ? QStringLiteral("delivered") : QStringLiteral("failed")},
                        {QStringLiteral("attempts"), attempts}};
        if (!delivered)
            event.detail.insert(QStringLiteral("reason"), reason);
        writeAudit(setup.audit.get(), event);
    }

    void roundEnded()
    {
        if (again && !stopping) {
            QMetaObject::invokeMethod(&worker, [this] { round(); }, Qt::QueuedConnection);
            return;
        }
        reportBacklog();
    }

    void reportBacklog()
    {
        try {
            Metrics::recordOidcBackchannelLogoutBacklog(setup.store->countOidcLogouts().result());
        } catch (...) {
        }
    }

    const LogoutOutbox::Setup setup;
    const LogoutOutbox::Policy policy;
    const QString lease;        // this worker's claims
    QThread thread;
    QObject worker;             // lives in thread: rounds, the poll timer, the outcomes
    QTimer *timer = nullptr;    // worker's thread only
    std::unique_ptr<LogoutDelivery> delivery;   // its own thread: the POSTs
    int wakeId = 0;
    // The worker's thread only (the destructor reads inFlight after that thread ended):
    QHash<QString, OidcLogoutDelivery> inFlight;
    bool again = false;
    bool stopping = false;
    bool unreadable = false;
};

LogoutOutbox::LogoutOutbox(Setup setup, const Policy &policy)
    : d(std::make_unique<LogoutOutboxPrivate>(std::move(setup), policy))
{
}

LogoutOutbox::LogoutOutbox(Setup setup)
    : LogoutOutbox(std::move(setup), Policy())
{
}

LogoutOutbox::~LogoutOutbox() = default;

void LogoutOutbox::wake()
{
    d->wake();
}

} // namespace Gatehouse::OidcLogout
