#pragma once
/*!
 * \file recoverycodes.h  Recovery codes: what a person who lost their authenticator types
 * instead of a code. Each is shown once, stored only as a hash and used once (TwoFactorStore).
 */
#include <QString>
#include <QStringList>
#include <QStringView>

namespace Gatehouse::RecoveryCodes {

constexpr int Count = 10;       //!< codes in a set
constexpr int Bits = 80;        //!< random bits per code

/*!
 * \a count new codes of Bits random bits each, written as four groups of four base32
 * characters in lower case ("k7pq-2mxa-..."): no 0, 1, 8 or 9 to confuse with letters.
 */
QStringList generate(int count = Count);

//! \a typed as stored: upper case, without spaces and hyphens; empty when it cannot be a code.
QString normalise(QStringView typed);

/*!
 * The stored form of code \a normalised of user \a userId: hex SHA-256 over a domain label, the
 * user id and the code. A fast hash suffices for 80 random bits, and being deterministic it lets
 * the store find and delete a code in one atomic statement.
 */
QString hash(const QString &userId, const QString &normalised);

} // namespace Gatehouse::RecoveryCodes
