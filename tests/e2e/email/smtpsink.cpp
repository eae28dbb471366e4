#include "smtpsink.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QThread>

namespace Gatehouse::Test {

SmtpSink::SmtpSink(const SmtpSinkOptions &options)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("SINK_DIR"), m_dir.path());
    if (!options.tlsKey.isEmpty()) {
        env.insert(QStringLiteral("SINK_TLS_KEY"), options.tlsKey);
        env.insert(QStringLiteral("SINK_TLS_CERT"), options.tlsCert);
    }
    if (options.implicitTls)
        env.insert(QStringLiteral("SINK_SECURE"), QStringLiteral("1"));
    if (!options.user.isEmpty()) {
        env.insert(QStringLiteral("SINK_USER"), options.user);
        env.insert(QStringLiteral("SINK_PASS"), options.password);
    }
    m_process.setProcessEnvironment(env);
    m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_process.start(QStringLiteral(GATEHOUSE_NODE), {QStringLiteral(GATEHOUSE_SMTP_SINK)});
    if (!m_process.waitForStarted(10000)) {
        m_error = QStringLiteral("cannot start node (%1): %2").arg(QStringLiteral(GATEHOUSE_NODE), m_process.errorString());
        return;
    }
    const QDeadlineTimer deadline(10000);
    while (!m_process.canReadLine() && !deadline.hasExpired() && m_process.state() == QProcess::Running)
        m_process.waitForReadyRead(int(qMax<qint64>(1, deadline.remainingTime())));
    const QJsonObject ready = QJsonDocument::fromJson(m_process.readLine()).object();
    m_port = quint16(ready.value(QStringLiteral("port")).toInt());
    if (m_port == 0)
        m_error = QStringLiteral("smtpsink.mjs did not report its port within 10 s (exit code %1)").arg(m_process.exitCode());
}

SmtpSink::~SmtpSink()
{
    stop();
}

void SmtpSink::stop()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.closeWriteChannel();
    m_process.terminate();
    if (!m_process.waitForFinished(5000)) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

QList<SinkMessage> SmtpSink::messages() const
{
    QList<SinkMessage> result;
    const QDir dir(m_dir.path());
    for (const QString &name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        QFile meta(dir.filePath(name));
        QFile raw(dir.filePath(name.chopped(5) + QStringLiteral(".eml")));
        if (!meta.open(QIODevice::ReadOnly) || !raw.open(QIODevice::ReadOnly))
            continue;
        const QJsonObject m = QJsonDocument::fromJson(meta.readAll()).object();
        SinkMessage message;
        message.raw = raw.readAll();
        message.mailFrom = m.value(QStringLiteral("mailFrom")).toString();
        for (const QJsonValue &r : m.value(QStringLiteral("rcptTo")).toArray())
            message.rcptTo << r.toString();
        message.secure = m.value(QStringLiteral("secure")).toBool();
        message.user = m.value(QStringLiteral("user")).toString();
        result.append(message);
    }
    return result;
}

bool SmtpSink::waitForMessages(int count, int timeoutMs) const
{
    const QDeadlineTimer deadline(timeoutMs);
    while (messages().size() < count) {
        if (deadline.hasExpired())
            return false;
        QThread::msleep(20);
    }
    return true;
}

TestCertificate TestCertificate::create(const QString &directory)
{
    TestCertificate c;
    c.keyFile = directory + QStringLiteral("/key.pem");
    c.certFile = directory + QStringLiteral("/cert.pem");
    QProcess openssl;
    openssl.setProcessChannelMode(QProcess::MergedChannels);
    openssl.start(QStringLiteral(GATEHOUSE_OPENSSL),
                  {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"), QStringLiteral("ec"),
                   QStringLiteral("-pkeyopt"), QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-nodes"),
                   QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-subj"), QStringLiteral("/CN=127.0.0.1"),
                   QStringLiteral("-addext"), QStringLiteral("subjectAltName=IP:127.0.0.1"),
                   QStringLiteral("-keyout"), c.keyFile, QStringLiteral("-out"), c.certFile});
    if (!openssl.waitForFinished(30000) || openssl.exitStatus() != QProcess::NormalExit || openssl.exitCode() != 0) {
        c.error = QStringLiteral("openssl (%1) could not make a certificate: %2")
                      .arg(QStringLiteral(GATEHOUSE_OPENSSL), QString::fromLocal8Bit(openssl.readAll()));
        return c;
    }
    QFile cert(c.certFile);
    if (cert.open(QIODevice::ReadOnly))
        c.pem = cert.readAll();
    return c;
}

} // namespace Gatehouse::Test
