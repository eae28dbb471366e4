#include <openssl/crypto.h>

// OpenSSL frees its state in an atexit handler by default. A process's threads (an embedder's
// pools, storage threads ending late) may still use OpenSSL while it exits, and the per-thread
// error queue of a thread that ends after that handler is never freed. The exit frees
// everything anyway, so OpenSSL is left as it is until then. Runs when libgatehouse is loaded.
namespace {
[[maybe_unused]] const int kOpenSslKeptUntilExit = OPENSSL_init_crypto(OPENSSL_INIT_NO_ATEXIT, nullptr);
}
