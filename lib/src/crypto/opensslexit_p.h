#pragma once
/*! \file opensslexit_p.h  OpenSSL stays initialised until the process has exited. */

namespace Gatehouse::Crypto {

/*!
 * True once OpenSSL was initialised without its atexit clean-up, before main(). The clean-up
 * would free OpenSSL's state while the process's threads (pools, storage threads) may still be
 * ending, and a thread that ends after it never frees its error queue and random generators.
 * Every file that uses OpenSSL links this one through throwOpenSslError().
 */
extern const bool openSslKeptUntilExit;

} // namespace Gatehouse::Crypto
