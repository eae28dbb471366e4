#pragma once
/*!
 * \file usertransferstore.h  Users moved in and out as a whole (`gatehouse-server user import`
 * and `user export`, issue 40): one transaction for a whole file, one pass to read every user.
 */
#include <gatehouse/adaptertypes.h>

#include <QFuture>
#include <QJsonObject>
#include <QStringList>

#include <functional>

namespace Gatehouse {

//! One user as a file brings or takes it.
struct GATEHOUSE_EXPORT UserTransferRecord
{
    QString email;              //!< lower-cased, the key
    QString name;               //!< empty: none
    bool emailVerified = false;
    bool disabled = false;
    QStringList groups;         //!< valid group names (groupNameProblem())
    QString passwordHash;       //!< the stored form (Argon2id or a hash legacyhashes/ reads); empty: none
    QString scheme;             //!< import: the hash's scheme, for the audit (never the hash)
};

//! What an import does with an address a user of the database has already.
enum class UserImportConflict {
    Skip,    //!< leave that user as it is
    Update,  //!< bring name, verified, disabled and groups to the file's (see importUsers())
    Fail,    //!< import nothing
};

//! What became of one record of an import.
enum class UserImportOutcome { Created, Updated, Unchanged, Skipped, Conflict };

struct GATEHOUSE_EXPORT UserImportBatch
{
    QList<UserTransferRecord> users;   //!< distinct addresses
    UserImportConflict onConflict = UserImportConflict::Fail;
    bool dryRun = false;               //!< do it all, then roll it back
    //! Merged into the detail of each user's \c userImport audit event (who ran it, the format).
    QJsonObject auditDetail;
    /*!
     * Called with the number of records handled so far, after every 1,000 and after the last,
     * on the store's thread while it holds the transaction (for a progress bar): quick, and
     * never calling the store. Empty: not called.
     */
    std::function<void(qsizetype done)> progress;
};

/*!
 * Importing and exporting users. Futures fail with AdapterError like the adapter's.
 */
class GATEHOUSE_EXPORT UserTransferStore
{
public:
    virtual ~UserTransferStore();

    /*!
     * Imports \a batch in one transaction: a new address becomes a user with its name, verified
     * flag (verified now), disabled state, groups and password hash; an existing one is handled
     * by \c onConflict. Update sets the name (when the record has one), the verified flag, the
     * disabled state (disabling ends the user's database sessions) and adds the record's groups;
     * it never replaces a password the user has (it may be the Argon2id of a sign-in since),
     * only gives one to a user without. Each created or updated user gets one \c userImport
     * audit event (detail: \c outcome, \c scheme, and \c auditDetail) in the same transaction.
     * The transaction is committed unless \c dryRun or an outcome is Conflict; the outcomes, in
     * the order of the records, are the same either way.
     */
    virtual QFuture<QList<UserImportOutcome>> importUsers(const UserImportBatch &batch) = 0;

    //! Every user as a record (groups sorted, the stored password hash, no scheme), by address.
    virtual QFuture<QList<UserTransferRecord>> exportUsers() = 0;

protected:
    UserTransferStore() = default;
    Q_DISABLE_COPY(UserTransferStore)
};

} // namespace Gatehouse
