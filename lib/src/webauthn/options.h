#pragma once
/*!
 * \file options.h  The options a browser passes to navigator.credentials.create() / get(), in
 * their JSON form (binary members as base64url, as PublicKeyCredential.parseCreationOptionsFromJSON
 * and SimpleWebAuthn expect them).
 */
#include "webauthn/publickey.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace Gatehouse::WebAuthn {

//! A credential the browser should use (allowCredentials) or avoid (excludeCredentials).
struct CredentialDescriptor
{
    QByteArray id;
    QStringList transports;
};

//! PublicKeyCredentialCreationOptions.
struct CreationOptions
{
    QByteArray challenge;
    QString rpId;
    QString rpName;
    QByteArray userId;                    //!< the user handle (not personal data)
    QString userName;                     //!< e.g. the email address
    QString userDisplayName;              //!< userName when empty
    QList<qint64> algorithms = {qint64(CoseAlgorithm::EdDSA), qint64(CoseAlgorithm::ES256),
                                qint64(CoseAlgorithm::RS256)};
    QList<CredentialDescriptor> excludeCredentials;
    int timeoutMs = 5 * 60 * 1000;
    QString residentKey = QStringLiteral("required");        //!< "required", "preferred", "discouraged"
    QString userVerification = QStringLiteral("required");   //!< "required", "preferred", "discouraged"
    QString attestation = QStringLiteral("none");

    QJsonObject toJson() const;
};

//! PublicKeyCredentialRequestOptions.
struct RequestOptions
{
    QByteArray challenge;
    QString rpId;
    QList<CredentialDescriptor> allowCredentials;  //!< empty: any discoverable credential
    int timeoutMs = 5 * 60 * 1000;
    QString userVerification = QStringLiteral("required");

    QJsonObject toJson() const;
};

} // namespace Gatehouse::WebAuthn
