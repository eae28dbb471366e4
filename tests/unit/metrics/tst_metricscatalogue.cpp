#include "metrics/catalogue.h"

#include <gatehouse/metrics.h>

#include <QTest>

using namespace Gatehouse;

class TestMetricsCatalogue : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void nothingIsCountedWhileOff()
    {
        QVERIFY(!Metrics::isEnabled());
        Metrics::recordRequest("session", 200, Metrics::start());
        Metrics::recordSignIn(QStringLiteral("github"));
        QVERIFY(!Metrics::exposition().contains("gatehouse_http_requests_total{"));
        QVERIFY(!Metrics::exposition().contains("gatehouse_signins_total{"));
    }

    void recordsWhatEachBoundaryReports()
    {
        Metrics::setEnabled(true);
        Metrics::recordRequest("session", 200, Metrics::start());
        Metrics::recordRequest("session", 200, Metrics::start());
        Metrics::recordRequest("signin", 302, Metrics::start());
        Metrics::recordSignIn(QStringLiteral("github"));
        Metrics::recordSignInFailure(QStringLiteral("login"), QStringLiteral("CredentialsSignin"));
        Metrics::recordRateLimited(QStringLiteral("credentials:login:ip:192.0.2.7"));
        Metrics::recordEmail(true);
        Metrics::recordEmail(false);
        Metrics::recordOAuthCall("token", QStringLiteral("id.example"), Metrics::start(), 400, false);
        Metrics::recordOAuthCall("jwks", QStringLiteral("id.example"), Metrics::start(), 0, true);
        Metrics::recordStorageQuery(QStringLiteral("getSessionAndUser"), Metrics::start(), false);
        Metrics::recordSessionLookupBatch(3);
        Metrics::addOpenConnections(2);
        Metrics::addOpenConnections(-1);
        Metrics::recordConnectionAccepted();
        Metrics::recordConnectionAccepted();
        Metrics::recordConfigurationReload(false);

        const QByteArray text = Metrics::exposition();
        const auto has = [&text](const char *line) {
            if (!text.contains(QByteArray("\n") + line + '\n'))
                qWarning().noquote() << "missing:" << line << "in\n" << text;
            return text.contains(QByteArray("\n") + line + '\n');
        };
        QVERIFY(has("gatehouse_http_requests_total{action=\"session\",status=\"200\"} 2"));
        QVERIFY(has("gatehouse_http_requests_total{action=\"signin\",status=\"302\"} 1"));
        QVERIFY(has("gatehouse_http_request_duration_seconds_count{action=\"session\"} 2"));
        QVERIFY(has("gatehouse_signins_total{provider=\"github\"} 1"));
        QVERIFY(has("gatehouse_signin_failures_total{provider=\"login\",reason=\"CredentialsSignin\"} 1"));
        // The limited value (an address) never becomes a label.
        QVERIFY(has("gatehouse_rate_limit_refusals_total{flow=\"credentials\",provider=\"login\",scope=\"ip\"} 1"));
        QVERIFY(!text.contains("192.0.2.7"));
        QVERIFY(has("gatehouse_emails_sent_total 1"));
        QVERIFY(has("gatehouse_email_send_failures_total 1"));
        QVERIFY(has("gatehouse_oauth_request_errors_total{endpoint=\"jwks\",host=\"id.example\",kind=\"transport\"} 1"));
        QVERIFY(has("gatehouse_oauth_request_errors_total{endpoint=\"token\",host=\"id.example\",kind=\"status\"} 1"));
        QVERIFY(has("gatehouse_oauth_request_duration_seconds_count{endpoint=\"token\",host=\"id.example\"} 1"));
        QVERIFY(has("gatehouse_storage_query_errors_total{operation=\"getSessionAndUser\"} 1"));
        QVERIFY(has("gatehouse_session_lookup_batches_total 1"));
        QVERIFY(has("gatehouse_session_lookup_batch_size_bucket{le=\"4\"} 1"));
        QVERIFY(has("gatehouse_http_open_connections 1"));
        QVERIFY(has("gatehouse_http_connections_accepted_total 2"));
        QVERIFY(has("gatehouse_config_reloads_total{result=\"refused\"} 1"));
        QVERIFY(has("gatehouse_config_last_reload_successful 0"));
        QVERIFY(text.contains("gatehouse_build_info{version=\"" GATEHOUSE_VERSION_STRING "\""));
        QVERIFY(text.contains("\nprocess_resident_memory_bytes "));
        Metrics::setEnabled(false);
    }
};

QTEST_GUILESS_MAIN(TestMetricsCatalogue)
#include "tst_metricscatalogue.moc"
