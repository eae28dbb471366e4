// The admin models on a throwaway MariaDB server (started on 127.0.0.1 by the test).
#include "adminmodeltests.h"
#include "support/mariadbserver.h"

#include <QTest>

namespace Gatehouse::Testing {

class MariaDbAdminModelTests : public AdminModelTests
{
    Q_OBJECT
protected:
    QString unavailableReason() const override { return MariaDbServer::unavailableReason(); }
    bool startBackend(QString *error) override { return m_server.start(error); }
    QString newDatabase(const QString &name, QString *error) override
    {
        return m_server.createDatabase(name, error) ? m_server.url(name) : QString();
    }

private:
    MariaDbServer m_server;
};

} // namespace Gatehouse::Testing

int main(int argc, char *argv[])
{
    QTemporaryDir settings;
    qputenv("XDG_CONFIG_HOME", settings.path().toUtf8());
    QCoreApplication app(argc, argv);
    app.setOrganizationName(QStringLiteral("gatehouse-tests"));
    app.setApplicationName(QStringLiteral("tst_adminmodels_mariadb"));
    Gatehouse::Testing::MariaDbAdminModelTests tests;
    return QTest::qExec(&tests, argc, argv);
}

#include "tst_adminmodels_mariadb.moc"
