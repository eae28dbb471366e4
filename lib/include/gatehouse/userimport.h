#pragma once
/*!
 * \file userimport.h  Users imported from other systems' files and exported again (issue 40;
 * lib/src/userimport/README.md): what `gatehouse-server user import` and `user export` do.
 */
#include <gatehouse/usertransferstore.h>

#include <QByteArray>
#include <QFuture>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

namespace Gatehouse {

struct GATEHOUSE_EXPORT UserImportOptions
{
    QString format;                 //!< one of userImportFormats()
    QString emailDomain;            //!< turns user names without '@' into addresses
    bool allowWeakHashes = false;   //!< import apr1, low-cost bcrypt, {SSHA512}, ... (flagged in `user list`)
    UserImportConflict onConflict = UserImportConflict::Fail;
    bool dryRun = false;            //!< check everything, change nothing
    QStringList groups;             //!< added to every imported user (--group)
    QJsonObject auditDetail;        //!< into each user's \c userImport audit event (\c by, \c operator)
    bool listRows = false;          //!< fill UserImportSummary::rows (a preview's table)
    /*!
     * Called with the users stored so far and the users to store, after every 1,000 and after
     * the last, from the store's thread (UserImportBatch::progress): quick, never calling the store.
     */
    std::function<void(qsizetype done, qsizetype total)> progress;
};

//! One user of the file and what became of it (UserImportOptions::listRows).
struct GATEHOUSE_EXPORT UserImportRow
{
    int line = 0;           //!< where the user is in the file (1-based); 0 where a JSON document has no lines
    QString email;          //!< the address it is imported as; empty when it was refused before it had one
    //! What was done (in a dry run: would be done); empty when the user is refused.
    std::optional<UserImportOutcome> outcome;
    QString reason;         //!< why it is refused ("password: bcrypt cost 31 is above 14"); empty otherwise
};

//! A row's outcome as the reports name it: created, updated, unchanged, skipped, or refused (none, or a conflict).
GATEHOUSE_EXPORT QString userImportOutcomeName(const std::optional<UserImportOutcome> &outcome);

//! What an import did (or, dry, would do).
struct GATEHOUSE_EXPORT UserImportSummary
{
    int read = 0;                   //!< users the file names, refused ones included
    int created = 0;
    int updated = 0;
    int unchanged = 0;              //!< update: the user was as the file says already
    int skipped = 0;                //!< skip: a user with that address exists
    QStringList refused;            //!< "line 14 (password): bcrypt cost 31 is above 14", in file order
    bool committed = false;         //!< the changes are in the database
    QList<UserImportRow> rows;      //!< every user in file order, with listRows only
};

//! "authelia", "htpasswd", "keycloak", "csv", "jsonl".
GATEHOUSE_EXPORT QStringList userImportFormats();

/*!
 * Reads \a file in \a options' format and imports its users into \a store in one transaction.
 * What a reader refuses, a group name groupNameProblem() refuses and (with Fail) an address that
 * is a user already are refused, each with its line. Nothing is committed when anything is
 * refused, unless onConflict is Skip: then the rest is imported. A dry run commits nothing but
 * counts the same. Fails like the store (AdapterError), and with std::invalid_argument for an
 * unknown format. Never logs, and never puts a hash into a message.
 */
GATEHOUSE_EXPORT QFuture<UserImportSummary> importUserFile(std::shared_ptr<UserTransferStore> store, const QByteArray &file,
                                                           const UserImportOptions &options);

//! \a users as the JSON Lines file `--format jsonl` imports; hashes only when \a withPasswordHashes.
GATEHOUSE_EXPORT QByteArray userExportLines(const QList<UserTransferRecord> &users, bool withPasswordHashes);

/*!
 * Why the stored password hash \a stored is weak ("apr1 is 1000 rounds of MD5"), empty when it
 * is not (Gatehouse's own Argon2id, a strong foreign hash); a hash no verifier reads is "not
 * readable: <reason>". For listings: who has not signed in since a weak hash was imported.
 */
GATEHOUSE_EXPORT QString passwordHashWeakness(const QString &stored);

} // namespace Gatehouse
