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
    using namespace Gatehouse::Testing;
    return runAdminModelTests<SqliteAdminModelTests>("tst_adminmodels", argc, argv);
}

#include "tst_adminmodels.moc"
