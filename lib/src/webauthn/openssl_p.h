#pragma once
/*! \file openssl_p.h  OpenSSL objects owned by the verifiers, and refusing with OpenSSL's queue emptied. */
#include "webauthn/verificationerror.h"

#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/x509.h>

#include <memory>

namespace Gatehouse::WebAuthn {

struct OpenSslFree
{
    void operator()(EVP_PKEY *p) const { EVP_PKEY_free(p); }
    void operator()(EVP_PKEY_CTX *p) const { EVP_PKEY_CTX_free(p); }
    void operator()(EVP_MD_CTX *p) const { EVP_MD_CTX_free(p); }
    void operator()(OSSL_PARAM_BLD *p) const { OSSL_PARAM_BLD_free(p); }
    void operator()(OSSL_PARAM *p) const { OSSL_PARAM_free(p); }
    void operator()(BIGNUM *p) const { BN_free(p); }
    void operator()(X509 *p) const { X509_free(p); }
    void operator()(ASN1_OBJECT *p) const { ASN1_OBJECT_free(p); }
    void operator()(ASN1_OCTET_STRING *p) const { ASN1_OCTET_STRING_free(p); }
};

//! An OpenSSL object freed with its own function.
template<typename T>
using Owned = std::unique_ptr<T, OpenSslFree>;

//! Throws VerificationError(\a message); what OpenSSL queued on the way is not left for the
//! thread's next call to find.
[[noreturn]] inline void refuse(const QString &message)
{
    ERR_clear_error();
    throw VerificationError(message);
}

} // namespace Gatehouse::WebAuthn
