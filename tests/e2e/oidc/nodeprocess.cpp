#include "nodeprocess.h"

#include "support/serverprocess.h"

#include <QDeadlineTimer>
#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTimer>

namespace Gatehouse::Test {

NodeProcess::~NodeProcess()
{
    stop();
}

bool NodeProcess::start(const QString &script, const QProcessEnvironment &environment, QString *error)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(environment);
    m_process.setProcessEnvironment(env);
    m_process.setProcessChannelMode(QProcess::SeparateChannels);
    Testing::prepareChild(m_process, std::nullopt);
    m_process.start(QStringLiteral(GATEHOUSE_NODE), {script});
    const QDeadlineTimer deadline(20000);
    QByteArray output;
    while (!deadline.hasExpired() && m_process.state() != QProcess::NotRunning) {
        m_process.waitForReadyRead(int(qMax<qint64>(1, deadline.remainingTime())));
        output += m_process.readAllStandardOutput();
        const qsizetype ready = output.indexOf("READY ");
        const qsizetype end = ready < 0 ? -1 : output.indexOf('\n', ready);
        if (end > 0) {
            m_url = QUrl(QString::fromUtf8(output.mid(ready + 6, end - ready - 6).trimmed()));
            return true;
        }
    }
    *error = QStringLiteral("%1 did not become ready: %2 %3")
                 .arg(script, QString::fromUtf8(output), QString::fromUtf8(m_process.readAllStandardError()));
    stop();
    return false;
}

void NodeProcess::stop()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.terminate();
    if (!m_process.waitForFinished(3000)) {
        m_process.kill();
        m_process.waitForFinished(3000);
    }
}

QJsonObject NodeProcess::getJson(const QString &path) const
{
    QNetworkAccessManager nam;
    QNetworkReply *reply = nam.get(QNetworkRequest(m_url.resolved(QUrl(path))));
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(5000, &loop, &QEventLoop::quit);
    if (!reply->isFinished())
        loop.exec();
    const QJsonObject object = QJsonDocument::fromJson(reply->readAll()).object();
    delete reply;
    return object;
}

} // namespace Gatehouse::Test
