#pragma once
/*!
 * \file legacyhash.h  Password hashes written by other systems (README.md: the schemes, their
 * string forms and the cost limits).
 *
 * parseLegacyHash() reads a stored hash string into one verifier, checking its parameters
 * before any work is done; verify() is as slow as the scheme and must run on the password
 * hashing pool, never on a serving thread.
 */
#include <QByteArrayView>
#include <QString>

#include <memory>
#include <stdexcept>

namespace Gatehouse::LegacyHashes {

//! Why a stored hash string cannot be used. what() and reason() name the problem, never the hash.
class HashProblem : public std::runtime_error
{
public:
    enum class Kind {
        UnknownScheme, //!< no verifier knows its prefix
        Malformed,     //!< a known prefix, but the rest does not follow the scheme's format
        Refused,       //!< a scheme that cannot be accepted at all ({SHA}: unsalted SHA-1)
        TooCostly,     //!< parameters that would hold a hashing thread too long or take too much memory
    };
    HashProblem(Kind kind, const QString &reason);
    Kind kind() const { return m_kind; }
    QString reason() const { return m_reason; }

private:
    Kind m_kind;
    QString m_reason;
};

//! One parsed foreign hash: a scheme, its parameters, salt and expected value.
class LegacyHash
{
public:
    virtual ~LegacyHash();

    //! The scheme's stable name ("bcrypt", "sha512-crypt", "pbkdf2-sha256", ...): audit and listings.
    virtual QString scheme() const = 0;
    //! Empty, or why the hash is weak (importing it needs --allow-weak-hashes): "bcrypt cost 5 is below 10".
    virtual QString weakness() const { return {}; }
    //! Whether \a password matches; the final comparison is constant-time. False on any failure.
    virtual bool verify(QByteArrayView password) const = 0;

protected:
    LegacyHash() = default;
    Q_DISABLE_COPY(LegacyHash)
};

/*!
 * Reads \a stored (as kept in gatehouse_passwords.hash or found in an import file) into its
 * verifier. Throws HashProblem for an unknown prefix, a malformed string, a refused scheme or
 * parameters beyond the limits of README.md, before doing any hashing.
 */
std::unique_ptr<const LegacyHash> parseLegacyHash(QByteArrayView stored);

} // namespace Gatehouse::LegacyHashes
