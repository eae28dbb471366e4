#include "webauthn/attestation.h"

#include "webauthn/cbor.h"
#include "webauthn/openssl_p.h"
#include "webauthn/verificationerror.h"

#include <QCborArray>

#include <openssl/err.h>
#include <openssl/objects.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <memory>
#include <vector>

namespace Gatehouse::WebAuthn {

namespace {

// id-fido-gen-ce-aaguid: the AAGUID extension of FIDO attestation certificates.
constexpr const char AaguidExtensionOid[] = "1.3.6.1.4.1.45724.1.1.4";

Owned<X509> parseCertificate(const QByteArray &der, qsizetype index)
{
    const auto *p = reinterpret_cast<const unsigned char *>(der.constData());
    const unsigned char *end = p + der.size();
    Owned<X509> certificate(d2i_X509(nullptr, &p, long(der.size())));
    if (!certificate || p != end)
        refuse(QStringLiteral("packed attestation: x5c[%1] is not a DER certificate").arg(index));
    return certificate;
}

QString subjectEntry(X509 *certificate, int nid)
{
    X509_NAME *name = X509_get_subject_name(certificate);
    const int index = name ? X509_NAME_get_index_by_NID(name, nid, -1) : -1;
    if (index < 0)
        return {};
    unsigned char *utf8 = nullptr;
    const int length = ASN1_STRING_to_UTF8(&utf8, X509_NAME_ENTRY_get_data(X509_NAME_get_entry(name, index)));
    if (length < 0)
        return {};
    const QString value = QString::fromUtf8(reinterpret_cast<const char *>(utf8), length);
    OPENSSL_free(utf8);
    return value;
}

// WebAuthn §8.2.1: what a packed attestation certificate must look like.
void checkAttestationCertificate(X509 *certificate, const QByteArray &aaguid)
{
    const QString what = QStringLiteral("packed attestation certificate");
    if (X509_get_version(certificate) != X509_VERSION_3)
        refuse(what + QStringLiteral(": not an X.509 version 3 certificate"));
    for (const auto &[nid, label] : {std::pair{NID_countryName, "C"}, std::pair{NID_organizationName, "O"},
                                     std::pair{NID_commonName, "CN"}}) {
        if (subjectEntry(certificate, nid).isEmpty())
            refuse(what + QStringLiteral(": subject has no %1").arg(QLatin1String(label)));
    }
    const QString unit = subjectEntry(certificate, NID_organizationalUnitName);
    if (unit != QLatin1String("Authenticator Attestation"))
        refuse(what + QStringLiteral(": subject OU is \"%1\", not \"Authenticator Attestation\"").arg(unit));
    if (X509_check_ca(certificate) != 0)
        refuse(what + QStringLiteral(": is a CA certificate"));

    const Owned<ASN1_OBJECT> oid(OBJ_txt2obj(AaguidExtensionOid, 1));
    const int index = oid ? X509_get_ext_by_OBJ(certificate, oid.get(), -1) : -1;
    if (index < 0)
        return;
    X509_EXTENSION *extension = X509_get_ext(certificate, index);
    if (X509_EXTENSION_get_critical(extension))
        refuse(what + QStringLiteral(": the AAGUID extension must not be critical"));
    const ASN1_OCTET_STRING *outer = X509_EXTENSION_get_data(extension);
    const unsigned char *p = ASN1_STRING_get0_data(outer);
    const unsigned char *end = p + ASN1_STRING_length(outer);
    const Owned<ASN1_OCTET_STRING> inner(d2i_ASN1_OCTET_STRING(nullptr, &p, ASN1_STRING_length(outer)));
    if (!inner || p != end)
        refuse(what + QStringLiteral(": the AAGUID extension is malformed"));
    const QByteArray certified(reinterpret_cast<const char *>(ASN1_STRING_get0_data(inner.get())),
                               ASN1_STRING_length(inner.get()));
    if (certified != aaguid)
        refuse(what + QStringLiteral(": its AAGUID %1 differs from the authenticator's %2")
                          .arg(QString::fromLatin1(certified.toHex()), QString::fromLatin1(aaguid.toHex())));
}

// Every certificate valid now and signed by the next one.
void checkChain(const std::vector<Owned<X509>> &chain)
{
    for (size_t i = 0; i < chain.size(); ++i) {
        X509 *certificate = chain[i].get();
        if (X509_cmp_current_time(X509_get0_notBefore(certificate)) >= 0
            || X509_cmp_current_time(X509_get0_notAfter(certificate)) <= 0)
            refuse(QStringLiteral("packed attestation: x5c[%1] is not valid at this time").arg(i));
        if (i + 1 < chain.size()) {
            EVP_PKEY *issuerKey = X509_get0_pubkey(chain[i + 1].get());
            if (!issuerKey || X509_verify(certificate, issuerKey) != 1)
                refuse(QStringLiteral("packed attestation: x5c[%1] is not signed by x5c[%2]").arg(i).arg(i + 1));
        }
    }
}

AttestationType verifyPacked(const AttestationObject &object, const QByteArray &signedData)
{
    const QCborMap &statement = object.statement;
    if (statement.contains(QStringLiteral("ecdaaKeyId")))
        refuse(QStringLiteral("packed attestation: ECDAA is not supported"));
    const qint64 alg = Cbor::integer(statement, QStringLiteral("alg"), QStringLiteral("packed attestation alg"));
    const QByteArray signature = Cbor::bytes(statement, QStringLiteral("sig"), QStringLiteral("packed attestation sig"));
    if (!isSupportedAlgorithm(alg))
        refuse(QStringLiteral("packed attestation: algorithm %1 is not supported").arg(algorithmName(alg)));
    const AttestedCredential &credential = *object.authData.attestedCredential;

    const QCborValue x5c = statement.value(QStringLiteral("x5c"));
    if (x5c.isUndefined()) {
        if (alg != qint64(credential.publicKey.algorithm()))
            refuse(QStringLiteral("packed self attestation: alg %1 differs from the credential key's %2")
                       .arg(algorithmName(alg), algorithmName(qint64(credential.publicKey.algorithm()))));
        if (!credential.publicKey.verify(signedData, signature))
            refuse(QStringLiteral("packed self attestation: the signature is not valid"));
        return AttestationType::Self;
    }

    if (!x5c.isArray() || x5c.toArray().isEmpty())
        refuse(QStringLiteral("packed attestation: x5c must be a non-empty array"));
    const QCborArray certificates = x5c.toArray();
    std::vector<Owned<X509>> chain;
    for (qsizetype i = 0; i < certificates.size(); ++i) {
        if (!certificates.at(i).isByteArray())
            refuse(QStringLiteral("packed attestation: x5c[%1] is not a byte string").arg(i));
        chain.push_back(parseCertificate(certificates.at(i).toByteArray(), i));
    }
    const PublicKey attestationKey = PublicKey::fromCertificate(chain.front().get(), alg);
    if (!attestationKey.verify(signedData, signature))
        refuse(QStringLiteral("packed attestation: the signature is not valid for the attestation certificate"));
    checkAttestationCertificate(chain.front().get(), credential.aaguid);
    checkChain(chain);
    return AttestationType::Basic;
}

} // namespace

QString attestationTypeName(AttestationType type)
{
    switch (type) {
    case AttestationType::None:
        return QStringLiteral("none");
    case AttestationType::Self:
        return QStringLiteral("self");
    case AttestationType::Basic:
        return QStringLiteral("basic");
    }
    return {};
}

AttestationObject AttestationObject::parse(QByteArrayView cbor)
{
    const QString what = QStringLiteral("attestationObject");
    const QCborMap map = Cbor::map(Cbor::decodeAll(cbor, what), what);
    AttestationObject object;
    const QCborValue format = map.value(QStringLiteral("fmt"));
    if (!format.isString())
        throw VerificationError(what + QStringLiteral(": fmt is missing or not a text string"));
    object.format = format.toString();
    object.statement = Cbor::map(map.value(QStringLiteral("attStmt")), what + QStringLiteral(" attStmt"));
    object.authDataBytes = Cbor::bytes(map, QStringLiteral("authData"), what + QStringLiteral(" authData"));
    object.authData = AuthenticatorData::parse(object.authDataBytes);
    if (!object.authData.attestedCredential)
        throw VerificationError(what + QStringLiteral(": authenticator data has no attested credential (AT flag)"));
    return object;
}

AttestationType AttestationObject::verify(QByteArrayView clientDataHash) const
{
    if (format == QLatin1String("none")) {
        if (!statement.isEmpty())
            throw VerificationError(QStringLiteral("none attestation: attStmt must be empty"));
        return AttestationType::None;
    }
    if (format == QLatin1String("packed"))
        return verifyPacked(*this, authDataBytes + clientDataHash.toByteArray());
    throw VerificationError(QStringLiteral("attestation format \"%1\" is not supported (none and packed are)").arg(format));
}

} // namespace Gatehouse::WebAuthn
