#include "crypto/opensslexit_p.h"

#include <openssl/crypto.h>

namespace Gatehouse::Crypto {

const bool openSslKeptUntilExit = OPENSSL_init_crypto(OPENSSL_INIT_NO_ATEXIT, nullptr) == 1;

} // namespace Gatehouse::Crypto
