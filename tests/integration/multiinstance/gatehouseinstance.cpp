#include "gatehouseinstance.h"

#include "support/serverprocess.h"

#include <QDeadlineTimer>
#include <QTcpSocket>
#include <QThread>

namespace Gatehouse::Test {

GatehouseInstance::GatehouseInstance(const QString &configFile, const QString &secret, const QString &logFile)
    : m_config(configFile)
    , m_secret(secret)
    , m_log(logFile)
{
}

GatehouseInstance::~GatehouseInstance()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.terminate();
    if (!m_process.waitForFinished(5000))
        m_process.kill();
    m_process.waitForFinished(2000);
}

bool GatehouseInstance::start(QString *error)
{
    m_port = Testing::freeLoopbackPort();
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("AUTH_SECRET"), m_secret);
    env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("gatehouse.*.info=false"));
    m_process.setProcessEnvironment(env);
    m_process.setProcessChannelMode(QProcess::MergedChannels);
    m_process.setStandardOutputFile(m_log, QIODevice::Append);
    Testing::prepareChild(m_process, std::nullopt);
    m_process.start(QStringLiteral(GATEHOUSE_SERVER),
                    {QStringLiteral("--config"), m_config, QStringLiteral("--listen"),
                     QStringLiteral("127.0.0.1:%1").arg(m_port), QStringLiteral("--threads"), QStringLiteral("2")});
    if (!m_process.waitForStarted(5000)) {
        *error = QStringLiteral("gatehouse-server did not start: %1").arg(m_process.errorString());
        return false;
    }
    const QDeadlineTimer deadline(15000);
    while (!deadline.hasExpired()) {
        if (m_process.state() == QProcess::NotRunning) {
            *error = QStringLiteral("gatehouse-server exited with %1:\n%2").arg(m_process.exitCode()).arg(logTail());
            return false;
        }
        QTcpSocket probe;
        probe.connectToHost(QStringLiteral("127.0.0.1"), m_port);
        if (probe.waitForConnected(200))
            return true;
        QThread::msleep(100);
    }
    *error = QStringLiteral("gatehouse-server did not listen on port %1 within 15 s:\n%2").arg(m_port).arg(logTail());
    return false;
}

QString GatehouseInstance::base() const
{
    return QStringLiteral("http://127.0.0.1:%1").arg(m_port);
}

QString GatehouseInstance::logTail() const
{
    return Testing::tailOfFile(m_log, 20);
}

} // namespace Gatehouse::Test
