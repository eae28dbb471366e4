#pragma once
/*! \file admintokenstore.h  The admin API's bearer tokens, stored hashed beside the Auth.js
 *  tables (\c gatehouse_admin_tokens; lib/src/adminapi/README.md). */
#include <gatehouse/global.h>

#include <QDateTime>
#include <QFuture>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Gatehouse {

//! One admin API token as stored. Never the token itself: only its hash.
struct GATEHOUSE_EXPORT AdminTokenRecord
{
    QString name;                       //!< unique, also among revoked tokens
    QString tokenHash;                  //!< unique; SHA-256 of the token, lower-case hex
    QStringList scopes;                 //!< e.g. "users:read"; stored in this order
    QDateTime createdAt;                //!< UTC
    QDateTime expiresAt;                //!< UTC; refused from then on
    std::optional<QDateTime> lastUsedAt;
    std::optional<QDateTime> revokedAt; //!< set: refused
    QString createdBy;                  //!< who issued it (the CLI's operating-system user, ...)
};

/*!
 * The admin API's tokens, the same for every server sharing the database: a token revoked on
 * one is refused by all at their next request (no store caches them). Futures fail with
 * AdapterError like the adapter's.
 */
class GATEHOUSE_EXPORT AdminTokenStore
{
public:
    virtual ~AdminTokenStore();

    //! Stores \a record; fails with Reason::Conflict when its name or its hash is taken.
    virtual QFuture<void> createAdminToken(const AdminTokenRecord &record) = 0;
    //! The token whose hash is \a tokenHash (revoked and expired ones too), or nullopt.
    virtual QFuture<std::optional<AdminTokenRecord>> adminTokenByHash(const QString &tokenHash) = 0;
    //! Every token, revoked and expired ones too, by name.
    virtual QFuture<QList<AdminTokenRecord>> adminTokens() = 0;
    //! Marks the token \a name revoked at \a when; false when there is none or it was revoked already.
    virtual QFuture<bool> revokeAdminToken(const QString &name, const QDateTime &when) = 0;
    //! Records that the token with \a tokenHash was used at \a when; nothing when there is none.
    virtual QFuture<void> touchAdminToken(const QString &tokenHash, const QDateTime &when) = 0;

protected:
    AdminTokenStore() = default;
    Q_DISABLE_COPY(AdminTokenStore)
};

} // namespace Gatehouse
