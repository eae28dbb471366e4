#pragma once
/*! \file sqlfixture.h  Conformance fixtures for SqlAdapter: one fresh, migrated database per test. */
#include "conformancesupport.h"

#include <gatehouse/sqladapter.h>

#include <QTemporaryDir>

namespace Gatehouse::Testing {

//! Waits for a migration and reports its failure in \a error.
bool migrated(SqlAdapter &adapter, QString *error);

/*!
 * A SqlAdapter on a new database per test: subclasses say how to make one (\c newDatabaseUrl);
 * \c create() opens it with SqlAdapter::fromUrl() and migrates it.
 */
class SqlFixture : public AdapterFixture
{
public:
    std::shared_ptr<Adapter> create(QString *error) override;
    //! A new SqlAdapter on the database of the last create().
    std::shared_ptr<Adapter> reopen(const std::shared_ptr<Adapter> &adapter, QString *error) override;

protected:
    //! The URL of a new, empty database, or empty with \a error set.
    virtual QString newDatabaseUrl(QString *error) = 0;

private:
    QString m_lastUrl;
};

//! SQLite files in a temporary folder.
class SqliteFixture : public SqlFixture
{
public:
    bool start(QString *error) override;
    QString newDatabaseUrl(QString *error) override;
    QString path(const QString &name) const { return m_dir.filePath(name); }

private:
    QTemporaryDir m_dir;
    int m_databases = 0;
};

} // namespace Gatehouse::Testing
