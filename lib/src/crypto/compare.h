#pragma once
/*! \file compare.h  Comparison of secrets without timing leaks. */
#include <QByteArrayView>

namespace Gatehouse::Crypto {

/*!
 * True when \a a and \a b hold the same bytes. The time taken depends only on the lengths,
 * never on where the contents differ (CRYPTO_memcmp). Different lengths return false at once:
 * lengths are not secret.
 */
bool constantTimeEquals(QByteArrayView a, QByteArrayView b);

} // namespace Gatehouse::Crypto
