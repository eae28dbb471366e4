#pragma once
/*
 * Gatehouse's own metric families and the one call each boundary makes to record into them:
 * the engine (requests, sign-ins and their failures, rate-limit refusals), the mailer, the
 * OAuth HTTP client, the SQL adapter, the session lookup batches and the HTTP front's
 * connections. Every call is a relaxed atomic load and nothing more while metrics are off
 * (Metrics::setEnabled()); on, it finds its labelled child without a lock.
 */
#include "metrics/counter.h"
#include "metrics/family.h"
#include "metrics/gauge.h"
#include "metrics/histogram.h"
#include "metrics/registry.h"

#include <QByteArrayView>
#include <QString>

#include <atomic>
#include <chrono>

namespace Gatehouse::Metrics {

namespace detail {
inline std::atomic<bool> enabled{false};
} // namespace detail

inline bool enabled()
{
    return detail::enabled.load(std::memory_order_relaxed);
}

using Clock = std::chrono::steady_clock;
//! Now, when counting; a null time point otherwise (the clock is not read).
inline Clock::time_point start()
{
    return enabled() ? Clock::now() : Clock::time_point{};
}

struct Catalogue
{
    Catalogue();

    Family<Counter> requests;
    Family<Histogram> requestDuration;
    Family<Counter> signIns;
    Family<Counter> signInFailures;
    Family<Counter> rateLimitRefusals;
    Family<Counter> oidcTokenRequests;
    Family<Counter> oidcBackchannelLogouts;
    Family<Gauge> oidcBackchannelLogoutBacklog;
    Family<Counter> webhookDeliveries;
    Family<Gauge> webhookBacklog;
    Family<Gauge> webhookOldestPending;
    Family<Counter> emailsSent;
    Family<Counter> emailFailures;
    Family<Histogram> oauthDuration;
    Family<Counter> oauthErrors;
    Family<Histogram> storageDuration;
    Family<Counter> storageErrors;
    Family<Counter> sessionLookupBatches;
    Family<Histogram> sessionLookupBatchSize;
    Family<Gauge> openConnections;
    Family<Counter> connectionsAccepted;
    Family<Counter> connectionsLimited;
    Family<Counter> configReloads;
    Family<Gauge> configLastReloadSuccessful;
    Family<Gauge> configLastReloadSuccessTime;
    Registry registry;
};

//! The process's catalogue (created on first use).
Catalogue &catalogue();

namespace detail {
void recordRequest(QByteArrayView action, int status, Clock::time_point started);
void recordSignIn(const QString &provider);
void recordSignInFailure(const QString &provider, const QString &reason);
void recordRateLimited(const QString &key);
void recordOidcTokenRequest(QByteArrayView grantType, const QString &outcome);
void recordOidcBackchannelLogout(QByteArrayView outcome);
void recordOidcBackchannelLogoutBacklog(qint64 waiting);
void recordWebhookDelivery(const QString &webhook, QByteArrayView outcome);
void recordWebhookBacklog(const QString &webhook, qint64 pending, qint64 oldestSeconds);
void recordEmail(bool sent);
void recordOAuthCall(QByteArrayView endpoint, const QString &host, Clock::time_point started, int status,
                     bool transportError);
void recordStorageQuery(const QString &operation, Clock::time_point started, bool ok);
void recordSessionLookupBatch(qsizetype size);
void addOpenConnections(int delta);
void recordConnectionAccepted();
void recordConnectionsLimited(QByteArrayView outcome, int count);
} // namespace detail

//! One request answered by the engine: \a action is one of the engine's actions or "other".
inline void recordRequest(QByteArrayView action, int status, Clock::time_point started)
{
    if (enabled())
        detail::recordRequest(action, status, started);
}
//! A completed sign-in with \a provider (its id).
inline void recordSignIn(const QString &provider)
{
    if (enabled())
        detail::recordSignIn(provider);
}
//! A sign-in refused or failed: \a reason is the Auth.js error type (CredentialsSignin, ...).
inline void recordSignInFailure(const QString &provider, const QString &reason)
{
    if (enabled())
        detail::recordSignInFailure(provider, reason);
}
//! A rate limiter said no; \a key is the limiter's "<flow>:<provider>:<scope>:<value>".
inline void recordRateLimited(const QString &key)
{
    if (enabled())
        detail::recordRateLimited(key);
}
/*!
 * One answer of the OpenID Provider's token endpoint: \a grantType is one it serves or "other",
 * \a outcome "issued" or the protocol's error code (never anything the client sent).
 */
inline void recordOidcTokenRequest(QByteArrayView grantType, const QString &outcome)
{
    if (enabled())
        detail::recordOidcTokenRequest(grantType, outcome);
}
/*!
 * One back-channel Logout Token delivery finished: \a outcome "delivered" (a 200 or 204),
 * "failed" (refused, or given up after a day of retries), or a round found no key ("unsigned").
 */
inline void recordOidcBackchannelLogout(QByteArrayView outcome)
{
    if (enabled())
        detail::recordOidcBackchannelLogout(outcome);
}
//! Logout Tokens waiting in the database (due or not), as the outbox last counted them.
inline void recordOidcBackchannelLogoutBacklog(qint64 waiting)
{
    if (enabled())
        detail::recordOidcBackchannelLogoutBacklog(waiting);
}
/*!
 * One delivery attempt of webhook \a webhook (its URL without query or credentials) ended:
 * \a outcome "delivered" (a 2xx), "failed" (tried again later) or "given_up" (after days).
 */
inline void recordWebhookDelivery(const QString &webhook, QByteArrayView outcome)
{
    if (enabled())
        detail::recordWebhookDelivery(webhook, outcome);
}
/*!
 * What webhook \a webhook still has to deliver, as the server holding its place last saw it:
 * \a pending events (read ahead, at most a batch) and the age of the oldest in seconds (0: none).
 */
inline void recordWebhookBacklog(const QString &webhook, qint64 pending, qint64 oldestSeconds)
{
    if (enabled())
        detail::recordWebhookBacklog(webhook, pending, oldestSeconds);
}
inline void recordEmail(bool sent)
{
    if (enabled())
        detail::recordEmail(sent);
}
/*!
 * One outbound call to an OAuth/OIDC provider (\a endpoint: discovery, jwks, token, userinfo,
 * ...) that ended with HTTP \a status or, when \a transportError, without an answer.
 */
inline void recordOAuthCall(QByteArrayView endpoint, const QString &host, Clock::time_point started, int status,
                            bool transportError)
{
    if (enabled() && started != Clock::time_point{})
        detail::recordOAuthCall(endpoint, host, started, status, transportError);
}
//! One statement of the adapter method \a operation.
inline void recordStorageQuery(const QString &operation, Clock::time_point started, bool ok)
{
    if (enabled() && started != Clock::time_point{})
        detail::recordStorageQuery(operation, started, ok);
}
//! One batch of session lookups answered by one query.
inline void recordSessionLookupBatch(qsizetype size)
{
    if (enabled())
        detail::recordSessionLookupBatch(size);
}
//! A connection of the HTTP front opened (+1) or closed (-1). Counted even while off, so the
//! gauge is right when counting starts later.
inline void addOpenConnections(int delta)
{
    detail::addOpenConnections(delta);
}

//! A client connection of the HTTP front was taken in: with the open ones, it tells whether
//! clients (a proxy's keepalive pool) reuse their connections or open one per request.
inline void recordConnectionAccepted()
{
    if (enabled())
        detail::recordConnectionAccepted();
}

//! The connection limits acted: \a outcome is "evicted" (\a count idle connections closed to
//! make room), "refused_at_capacity" or "refused_per_address" (one new connection refused).
inline void recordConnectionsLimited(QByteArrayView outcome, int count = 1)
{
    if (enabled())
        detail::recordConnectionsLimited(outcome, count);
}

} // namespace Gatehouse::Metrics
