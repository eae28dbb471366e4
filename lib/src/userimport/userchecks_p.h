#pragma once
/*!
 * \file userchecks_p.h  The checks every reader applies alike (README.md): lines of a text file,
 * names as UTF-8, addresses, one user per address, hashes legacyhashes/ accepts.
 */
#include "userimport/importeduser.h"

#include <QByteArrayView>
#include <QHash>

#include <optional>

namespace Gatehouse::UserImport {

//! One line of a text file: its 1-based number and its bytes without the line end.
struct FileLine
{
    int number = 0;
    QByteArrayView text;
};

//! The lines of \a file, after a UTF-8 byte order mark; CRLF and LF line ends alike.
QList<FileLine> fileLines(QByteArrayView file);

//! \a bytes as UTF-8; nullopt when they are not.
std::optional<QString> utf8(QByteArrayView bytes);

/*!
 * Whether \a text, decoded from JSON's or YAML's escapes, is Unicode text: "\uD800" alone is
 * half of a UTF-16 surrogate pair, which UTF-8 cannot store (SQLite keeps bytes that are not
 * UTF-8 and reads back U+FFFD: the next import would find the user changed).
 */
inline bool isUnicodeText(const QString &text)
{
    return text.isValidUtf16();
}

//! The reason a value that is not isUnicodeText() is refused with.
QString loneSurrogateReason();

/*!
 * Collects one file's users and refusals: each reader hands it what it read, it refuses what
 * the rules of README.md refuse. \a where names a place ("line 4", "users[3]") for messages.
 */
class UserChecks
{
public:
    UserChecks(UserFileContents &contents, const ImportOptions &options) : m_contents(contents), m_options(options) {}

    void refuse(int line, const QString &field, const QString &reason);

    /*!
     * The address \a name gives (lower-cased; with the options' domain when it has no '@'), or
     * nullopt after refusing it: no address, or one an earlier user has.
     */
    std::optional<QString> email(int line, const QString &field, const QString &name, const QString &where);

    /*!
     * Fills \a user's hash, scheme and weakness from \a hash; false after refusing it: a hash
     * parseLegacyHash() refuses (unknown, malformed, {SHA}, beyond the limits), or a weak one
     * without allowWeakHashes. An empty \a hash is a user without a password: true.
     */
    bool hash(ImportedUser &user, const QString &field, QByteArrayView hash);

    //! Adds \a user to the file's users.
    void accept(const ImportedUser &user) { m_contents.users.append(user); }

    //! A file that cannot be read on: no user of it is imported.
    void fail(int line, const QString &reason);

private:
    UserFileContents &m_contents;
    const ImportOptions &m_options;
    QHash<QString, QString> m_seen; // email -> where
};

} // namespace Gatehouse::UserImport
