#pragma once
/*! \file databasecommand.h  What the database commands of gatehouse-server (migrate, user)
 *  share: finding the database and reaching it. */
#include <gatehouse/sqladapter.h>

#include <QString>
#include <QTextStream>

#include <memory>

namespace Gatehouse {

//! Where a database command finds its database.
struct DatabaseChoice
{
    QString configFile;   //!< --config: its adapter.url (or DATABASE_URL)
    QString url;          //!< --database: wins over the configuration
};

/*!
 * The adapter for the database URL \a url; \a password (ServerSettings::adapterPassword: a
 * password file, DATABASE_PASSWORD or its file or credential) when the URL has none. Nothing is
 * connected yet. Null with the reason in \a error when the URL is not usable.
 */
std::unique_ptr<SqlAdapter> adapterFor(const QString &url, const QString &password, QString *error);

/*!
 * The adapter for \a choice: --database, else the configuration's \c adapter.url, else
 * \c DATABASE_URL. Nothing is connected yet. On failure writes why to \a err and returns null.
 */
std::unique_ptr<SqlAdapter> databaseFor(const DatabaseChoice &choice, QTextStream &err);

/*!
 * Checks that \a adapter's database can be reached and has this build's schema. On failure
 * writes why to \a err (naming the database and, for an old schema, `gatehouse-server migrate`)
 * and returns false.
 */
bool checkSchema(SqlAdapter &adapter, QTextStream &err);

//! "the database sqlite:gatehouse.db" (without a password), for messages.
QString databaseName(const SqlAdapter &adapter);

} // namespace Gatehouse
