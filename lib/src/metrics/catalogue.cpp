#include "metrics/catalogue.h"

#include "metrics/expositionwriter.h"
#include "metrics/processmetrics.h"

#include <gatehouse/version.h>

#include <QDateTime>

#include <charconv>

namespace Gatehouse::Metrics {

namespace {

double secondsSince(Clock::time_point started)
{
    return std::chrono::duration<double>(Clock::now() - started).count();
}

QByteArray label(const QString &value)
{
    return value.isEmpty() ? QByteArrayLiteral("none") : value.toUtf8();
}

std::vector<double> batchBounds()
{
    return {1, 2, 4, 8, 16, 32, 64, 128, 256};
}

} // namespace

Catalogue::Catalogue()
    : requests("gatehouse_http_requests_total", "Requests answered by the engine, by action and HTTP status.",
               {"action", "status"}),
      requestDuration("gatehouse_http_request_duration_seconds",
                      "Time from a request reaching the engine to its response, by action.", {"action"},
                      {Histogram::latencyBounds()}),
      signIns("gatehouse_signins_total", "Completed sign-ins, by provider.", {"provider"}),
      signInFailures("gatehouse_signin_failures_total",
                     "Sign-ins refused or failed, by provider and reason (the Auth.js error type).",
                     {"provider", "reason"}),
      rateLimitRefusals("gatehouse_rate_limit_refusals_total",
                        "Attempts refused by a rate limit, by flow, provider and scope.", {"flow", "provider", "scope"}),
      oidcTokenRequests("gatehouse_oidc_token_requests_total",
                        "Answers of the OpenID Provider's token endpoint, by grant type and outcome (issued, or the error code).",
                        {"grant_type", "outcome"}),
      oidcBackchannelLogouts("gatehouse_oidc_backchannel_logouts_total",
                             "Logout Tokens the OpenID Provider sent to clients' back-channel URIs, by outcome (delivered, failed, unsigned).",
                             {"outcome"}),
      oidcBackchannelLogoutBacklog("gatehouse_oidc_backchannel_logout_backlog",
                                   "Logout Tokens waiting in the database for their client (due or being retried), "
                                   "as the server's outbox last counted them.",
                                   {}),
      webhookDeliveries("gatehouse_webhook_deliveries_total",
                        "Webhook delivery attempts, by webhook (its URL) and outcome (delivered, failed: tried again, "
                        "given_up).",
                        {"webhook", "outcome"}),
      webhookBacklog("gatehouse_webhook_backlog",
                     "Audit events a webhook has yet to deliver, as read ahead by the server that delivers them "
                     "(at most 500).",
                     {"webhook"}),
      webhookOldestPending("gatehouse_webhook_oldest_pending_seconds",
                           "Age of the oldest audit event a webhook has yet to deliver (0: none).", {"webhook"}),
      emailsSent("gatehouse_emails_sent_total", "Sign-in mails accepted by the SMTP server or sent by the provider's own sendVerificationRequest.", {}),
      emailFailures("gatehouse_email_send_failures_total", "Sign-in mails that could not be built or sent, by either.", {}),
      oauthDuration("gatehouse_oauth_request_duration_seconds",
                    "Duration of calls to OAuth and OpenID Connect providers, by endpoint and host.",
                    {"endpoint", "host"}, {Histogram::latencyBounds()}),
      oauthErrors("gatehouse_oauth_request_errors_total",
                  "Provider calls that got no answer (kind=\"transport\") or an HTTP error status (kind=\"status\").",
                  {"endpoint", "host", "kind"}),
      storageDuration("gatehouse_storage_query_duration_seconds",
                      "Duration of SQL statements, by adapter operation.", {"operation"},
                      {Histogram::latencyBounds()}),
      storageErrors("gatehouse_storage_query_errors_total", "SQL statements that failed, by adapter operation.",
                    {"operation"}),
      sessionLookupBatches("gatehouse_session_lookup_batches_total",
                           "Batches of concurrent database session lookups, each answered by one query.", {}),
      sessionLookupBatchSize("gatehouse_session_lookup_batch_size", "Session tokens looked up per batch.", {},
                             {batchBounds()}),
      openConnections("gatehouse_http_open_connections", "Open client connections of the HTTP server.", {}),
      connectionsAccepted("gatehouse_http_connections_accepted_total",
                          "Client connections the HTTP server took in (the open ones included).", {}),
      connectionsLimited("gatehouse_http_connections_limited_total",
                         "Connections closed or refused by the connection limits, by outcome (evicted idle, "
                         "refused at the server's cap, refused by the per-address limit).",
                         {"outcome"}),
      configReloads("gatehouse_config_reloads_total", "Configuration reloads, by result (accepted or refused).",
                    {"result"}),
      configLastReloadSuccessful("gatehouse_config_last_reload_successful",
                                 "Whether the last configuration reload was accepted (1) or refused (0).", {}),
      configLastReloadSuccessTime("gatehouse_config_last_reload_success_timestamp_seconds",
                                  "When the configuration was last loaded successfully, since the Unix epoch.", {})
{
    // Unlabelled families and the expected label values show 0 from the first scrape.
    emailsSent.with({});
    emailFailures.with({});
    sessionLookupBatches.with({});
    sessionLookupBatchSize.with({});
    openConnections.with({});
    connectionsAccepted.with({});
    for (const char *outcome : {"evicted", "refused_at_capacity", "refused_per_address"})
        connectionsLimited.with({outcome});
    configReloads.with({"accepted"});
    configReloads.with({"refused"});
    configLastReloadSuccessful.with({}).set(1);
    configLastReloadSuccessTime.with({}).set(QDateTime::currentSecsSinceEpoch());

    registry.add([](ExpositionWriter &w) {
        w.family("gatehouse_build_info", "Gatehouse's version and the Qt it runs on; the value is 1.", "gauge");
        w.sample("gatehouse_build_info", {"version", "qt_version"}, {GATEHOUSE_VERSION_STRING, qVersion()},
                 std::int64_t(1));
    });
    for (const Collectable *family : std::initializer_list<const Collectable *>{
             &requests, &requestDuration, &signIns, &signInFailures, &rateLimitRefusals, &oidcTokenRequests, &oidcBackchannelLogouts, &oidcBackchannelLogoutBacklog, &webhookDeliveries, &webhookBacklog,
             &webhookOldestPending, &emailsSent, &emailFailures,
             &oauthDuration, &oauthErrors, &storageDuration, &storageErrors, &sessionLookupBatches,
             &sessionLookupBatchSize, &openConnections, &connectionsAccepted, &connectionsLimited, &configReloads, &configLastReloadSuccessful,
             &configLastReloadSuccessTime})
        registry.add(family);
    registry.add([](ExpositionWriter &w) {
        if (const std::optional<ProcessSample> sample = sampleProcess())
            writeProcessMetrics(w, *sample);
    });
}

Catalogue &catalogue()
{
    static Catalogue instance;
    return instance;
}

namespace detail {

void recordRequest(QByteArrayView action, int status, Clock::time_point started)
{
    char digits[12];
    const std::to_chars_result r = std::to_chars(digits, digits + sizeof digits, status);
    Catalogue &c = catalogue();
    c.requests.with({action, QByteArrayView(digits, r.ptr - digits)}).increment();
    if (started != Clock::time_point{})
        c.requestDuration.with({action}).observe(secondsSince(started));
}

void recordSignIn(const QString &provider)
{
    catalogue().signIns.with({label(provider)}).increment();
}

void recordSignInFailure(const QString &provider, const QString &reason)
{
    catalogue().signInFailures.with({label(provider), label(reason)}).increment();
}

void recordRateLimited(const QString &key)
{
    // "<flow>:<provider>:<scope>:<value>": the value (an address, an e-mail) is never a label.
    const QStringList parts = key.split(QLatin1Char(':'));
    catalogue().rateLimitRefusals.with({label(parts.value(0)), label(parts.value(1)), label(parts.value(2))}).increment();
}

void recordOidcTokenRequest(QByteArrayView grantType, const QString &outcome)
{
    catalogue().oidcTokenRequests.with({grantType, label(outcome)}).increment();
}

void recordOidcBackchannelLogout(QByteArrayView outcome)
{
    catalogue().oidcBackchannelLogouts.with({outcome}).increment();
}

void recordOidcBackchannelLogoutBacklog(qint64 waiting)
{
    catalogue().oidcBackchannelLogoutBacklog.with({}).set(waiting);
}

void recordWebhookDelivery(const QString &webhook, QByteArrayView outcome)
{
    catalogue().webhookDeliveries.with({label(webhook), outcome}).increment();
}

void recordWebhookBacklog(const QString &webhook, qint64 pending, qint64 oldestSeconds)
{
    Catalogue &c = catalogue();
    const QByteArray name = label(webhook);
    c.webhookBacklog.with({name}).set(pending);
    c.webhookOldestPending.with({name}).set(oldestSeconds);
}

void recordEmail(bool sent)
{
    Catalogue &c = catalogue();
    (sent ? c.emailsSent : c.emailFailures).with({}).increment();
}

void recordOAuthCall(QByteArrayView endpoint, const QString &host, Clock::time_point started, int status,
                     bool transportError)
{
    Catalogue &c = catalogue();
    const QByteArray hostLabel = label(host);
    c.oauthDuration.with({endpoint, hostLabel}).observe(secondsSince(started));
    if (transportError)
        c.oauthErrors.with({endpoint, hostLabel, "transport"}).increment();
    else if (status >= 400)
        c.oauthErrors.with({endpoint, hostLabel, "status"}).increment();
}

void recordStorageQuery(const QString &operation, Clock::time_point started, bool ok)
{
    Catalogue &c = catalogue();
    const QByteArray op = label(operation);
    c.storageDuration.with({op}).observe(secondsSince(started));
    if (!ok)
        c.storageErrors.with({op}).increment();
}

void recordSessionLookupBatch(qsizetype size)
{
    Catalogue &c = catalogue();
    c.sessionLookupBatches.with({}).increment();
    c.sessionLookupBatchSize.with({}).observe(double(size));
}

void addOpenConnections(int delta)
{
    static Gauge &open = catalogue().openConnections.with({});
    open.add(delta);
}

void recordConnectionAccepted()
{
    static Counter &accepted = catalogue().connectionsAccepted.with({});
    accepted.increment();
}

void recordConnectionsLimited(QByteArrayView outcome, int count)
{
    catalogue().connectionsLimited.with({outcome}).increment(std::uint64_t(count));
}

} // namespace detail

} // namespace Gatehouse::Metrics
