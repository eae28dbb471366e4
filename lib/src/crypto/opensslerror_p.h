#pragma once
/*! \file opensslerror_p.h  Turns a failed OpenSSL call into an exception that says what failed. */

namespace Gatehouse::Crypto {

/*!
 * Throws std::runtime_error naming \a operation and every entry of OpenSSL's error queue
 * (which it empties). Only for failures of OpenSSL itself (allocation, broken installation),
 * never for rejected input.
 */
[[noreturn]] void throwOpenSslError(const char *operation);

} // namespace Gatehouse::Crypto
