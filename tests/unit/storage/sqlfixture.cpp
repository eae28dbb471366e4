#include "sqlfixture.h"

namespace Gatehouse::Testing {

bool migrated(SqlAdapter &adapter, QString *error)
{
    try {
        adapter.migrate().waitForFinished();
        return true;
    } catch (const AdapterError &failure) {
        *error = failure.message();
        return false;
    }
}

std::shared_ptr<Adapter> SqlFixture::create(QString *error)
{
    const QString url = newDatabaseUrl(error);
    if (url.isEmpty())
        return nullptr;
    std::shared_ptr<SqlAdapter> adapter = SqlAdapter::fromUrl(url, error);
    if (!adapter || !migrated(*adapter, error))
        return nullptr;
    m_lastUrl = url;
    return adapter;
}

std::shared_ptr<Adapter> SqlFixture::reopen(const std::shared_ptr<Adapter> &, QString *error)
{
    return SqlAdapter::fromUrl(m_lastUrl, error);
}

bool SqliteFixture::start(QString *error)
{
    if (!m_dir.isValid())
        *error = QStringLiteral("cannot create a temporary folder: ") + m_dir.errorString();
    return m_dir.isValid();
}

QString SqliteFixture::newDatabaseUrl(QString *)
{
    return QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("conformance-%1.db").arg(++m_databases));
}

} // namespace Gatehouse::Testing
