#pragma once
/*
 * A Node.js server script the test starts on a free loopback port and stops again: it must
 * print "READY <url>" once it listens. The process is killed if the test process dies.
 */
#include <QProcess>
#include <QProcessEnvironment>
#include <QUrl>

namespace Gatehouse::Test {

class NodeProcess
{
public:
    ~NodeProcess();

    //! Starts \a script with \a environment added; false (with \a error) unless READY within 20 s.
    bool start(const QString &script, const QProcessEnvironment &environment, QString *error);
    void stop();
    QUrl url() const { return m_url; }
    //! GET \a path on the server and its JSON object (for /__stats).
    QJsonObject getJson(const QString &path) const;

private:
    QProcess m_process;
    QUrl m_url;
};

} // namespace Gatehouse::Test
