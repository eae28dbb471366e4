#include "crypto/opensslerror_p.h"

#include "crypto/opensslexit_p.h"

#include <openssl/err.h>

#include <stdexcept>
#include <string>

namespace Gatehouse::Crypto {

void throwOpenSslError(const char *operation)
{
    std::string message = std::string("OpenSSL: ") + operation + " failed";
    // A read the compiler keeps: it links opensslexit.cpp into every program that uses OpenSSL here.
    if (!static_cast<const volatile bool &>(openSslKeptUntilExit))
        message += " (OpenSSL did not initialise)";
    while (const unsigned long code = ERR_get_error()) {
        char text[256];
        ERR_error_string_n(code, text, sizeof text);
        message += "; ";
        message += text;
    }
    throw std::runtime_error(message);
}

} // namespace Gatehouse::Crypto
