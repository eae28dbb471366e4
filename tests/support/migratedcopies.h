#pragma once
/*! \file migratedcopies.h  New databases for a test's rows, each a copy of one migrated once. */
#include "support/postgresserver.h"

#include <gatehouse/adaptererror.h>
#include <gatehouse/sqladapter.h>

#include <QDir>
#include <QFile>

namespace Gatehouse::Testing {

/*!
 * Gives each test row a new database that is a copy of one migrated at first use: a copy is a
 * few files, where migrating each new database ran every schema step again (under the
 * sanitizers, most of the CPU of such a test). The caller still migrates what it gets: a
 * check that finds it current. SQLite files go into \a folder, PostgreSQL databases onto \a pg.
 */
class MigratedCopies
{
public:
    explicit MigratedCopies(const QString &folder, PostgresServer *pg = nullptr)
        : m_folder(folder), m_pg(pg)
    {
    }

    //! The URL of a new migrated database \a name on \a backend ("sqlite" or "postgresql"), empty on failure.
    QString create(const QString &backend, const QString &name, QString *error)
    {
        if (backend == QLatin1String("postgresql")) {
            if (!m_pg) {
                *error = QStringLiteral("no PostgreSQL server");
                return {};
            }
            if (m_pgTemplate.isEmpty()) {
                const QString templateName = QStringLiteral("migrated_template");
                if (!m_pg->createDatabase(templateName, error) || !migrate(m_pg->url(templateName), error))
                    return {};
                m_pgTemplate = templateName;
            }
            return m_pg->createDatabase(name, error, m_pgTemplate) ? m_pg->url(name) : QString();
        }
        const QDir folder(m_folder);
        if (m_sqliteTemplate.isEmpty()) {
            const QString path = folder.filePath(QStringLiteral("migrated-template.db"));
            if (!migrate(QStringLiteral("sqlite://") + path, error))
                return {};
            m_sqliteTemplate = path;
        }
        const QString path = folder.filePath(name + QStringLiteral(".db"));
        if (!QFile::copy(m_sqliteTemplate, path)) {
            *error = QStringLiteral("cannot copy %1 to %2").arg(m_sqliteTemplate, path);
            return {};
        }
        // Closed, SQLite folds its write-ahead log into the file; should one be left, it is part of it.
        const QString wal = m_sqliteTemplate + QStringLiteral("-wal");
        if (QFile::exists(wal) && !QFile::copy(wal, path + QStringLiteral("-wal"))) {
            *error = QStringLiteral("cannot copy %1").arg(wal);
            return {};
        }
        return QStringLiteral("sqlite://") + path;
    }

private:
    //! Migrates the database at \a url; its connections are closed on return (PostgreSQL copies
    //! only a database nobody is connected to, and a closed SQLite file is whole).
    static bool migrate(const QString &url, QString *error)
    {
        const std::unique_ptr<SqlAdapter> adapter = SqlAdapter::fromUrl(url, error);
        if (!adapter)
            return false;
        try {
            adapter->migrate().waitForFinished();
            return true;
        } catch (const AdapterError &failure) {
            *error = failure.message();
            return false;
        }
    }

    QString m_folder;
    PostgresServer *m_pg = nullptr;
    QString m_pgTemplate;
    QString m_sqliteTemplate;
};

} // namespace Gatehouse::Testing
