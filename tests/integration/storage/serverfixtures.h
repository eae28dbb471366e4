#pragma once
/*! \file serverfixtures.h  Conformance fixtures on throwaway PostgreSQL and MariaDB servers. */
#include "sqlfixture.h"
#include "support/mariadbserver.h"
#include "support/postgresserver.h"

#include <type_traits>

namespace Gatehouse::Testing {

//! One server for the whole test program, one new database per test.
template<typename Server>
class ServerFixture : public SqlFixture
{
public:
    QString unavailableReason() const override { return Server::unavailableReason(); }
    bool start(QString *error) override { return server.start(error); }

    QString newDatabaseUrl(QString *error) override
    {
        const QString name = QStringLiteral("conformance_%1").arg(++m_databases);
        return createDatabase(name, error) ? server.url(name) : QString();
    }

    Server server;

private:
    bool createDatabase(const QString &name, QString *error)
    {
        if constexpr (std::is_same_v<Server, PostgresServer>) {
            // Migrated once and copied for each test: a copy is a few files, where migrating
            // every new database ran each schema step's statements again (most of the time of
            // the program). SqlFixture::create() still migrates it: a check that finds it current.
            if (m_template.isEmpty()) {
                const QString templateName = QStringLiteral("conformance_template");
                if (!server.createDatabase(templateName, error))
                    return false;
                {
                    const std::unique_ptr<SqlAdapter> adapter = SqlAdapter::fromUrl(server.url(templateName), error);
                    if (!adapter || !migrated(*adapter, error))
                        return false;
                }  // its connections close: PostgreSQL copies a database nobody is connected to
                m_template = templateName;
            }
            return server.createDatabase(name, error, m_template);
        } else {
            return server.createDatabase(name, error);
        }
    }

    int m_databases = 0;
    QString m_template;  //!< PostgreSQL: the migrated database each test's is a copy of
};

using PostgresFixture = ServerFixture<PostgresServer>;
using MariaDbFixture = ServerFixture<MariaDbServer>;

} // namespace Gatehouse::Testing

namespace Gatehouse::Testing {

/*!
 * A migrated SqlAdapter on a new database \a name of \a fixture's server, or null with the
 * reason in \a error.
 */
template<typename Fixture>
std::unique_ptr<SqlAdapter> adapterOnNewDatabase(Fixture &fixture, const QString &name, QString *error)
{
    if (!fixture.server.createDatabase(name, error))
        return nullptr;
    std::unique_ptr<SqlAdapter> adapter = SqlAdapter::fromUrl(fixture.server.url(name), error);
    if (!adapter || !migrated(*adapter, error))
        return nullptr;
    return adapter;
}

//! Runs \a count calls of getUser(\a id) at once, so that several storage threads connect.
inline bool allFind(SqlAdapter &adapter, const AdapterUser &user, int count)
{
    QList<QFuture<std::optional<AdapterUser>>> calls;
    for (int i = 0; i < count; ++i)
        calls.append(adapter.getUser(user.id));
    bool found = true;
    for (QFuture<std::optional<AdapterUser>> &call : calls)
        found = call.result() == std::optional(user) && found;
    return found;
}

} // namespace Gatehouse::Testing
