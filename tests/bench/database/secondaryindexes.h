#pragma once
/*
 * The secondary indexes of the users and sessions tables, read from the database's own catalog
 * (so the loader never repeats the schema): dropped before a bulk load and created again from
 * their saved definitions afterwards, which is many times faster than updating them row by row.
 * Primary keys and constraint-backed indexes stay.
 */
#include <QList>
#include <QSqlDatabase>
#include <QString>

class SecondaryIndexes
{
public:
    //! Reads the definitions on \a db (QSQLITE or QPSQL).
    explicit SecondaryIndexes(QSqlDatabase &db);
    void drop();
    //! Creates them again, printing one line per index with its time.
    void recreate();

private:
    struct Index
    {
        QString name;
        QString definition;   //!< the full CREATE INDEX statement
    };
    QSqlDatabase &m_db;
    QList<Index> m_indexes;
};
