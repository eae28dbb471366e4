// The admin models on a real SQLite file.
#include "adminmodeltests.h"

#include <QFile>
#include <QTest>

namespace Gatehouse::Testing {

class SqliteAdminModelTests : public AdminModelTests
{
    Q_OBJECT
protected:
    QString unavailableReason() const override { return {}; }
    bool startBackend(QString *) override { return true; }
    QString newDatabase(const QString &name, QString *error) override
    {
        const QString path = m_dir.filePath(name + QStringLiteral(".db"));
        QFile file(path); // the admin app opens existing files only
        if (!file.open(QIODevice::WriteOnly)) {
            *error = file.errorString();
            return {};
        }
        return QStringLiteral("sqlite://") + path;
    }
};

} // namespace Gatehouse::Testing

int main(int argc, char *argv[])
{
    QTemporaryDir settings; // recent connections go to a throwaway QSettings file
    qputenv("XDG_CONFIG_HOME", settings.path().toUtf8());
    QCoreApplication app(argc, argv);
    app.setOrganizationName(QStringLiteral("gatehouse-tests"));
    app.setApplicationName(QStringLiteral("tst_adminmodels"));
    Gatehouse::Testing::SqliteAdminModelTests tests;
    return QTest::qExec(&tests, argc, argv);
}

#include "tst_adminmodels.moc"
