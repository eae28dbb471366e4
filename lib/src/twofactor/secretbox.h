#pragma once
/*! \file secretbox.h  TOTP secrets sealed for storage with keys derived from the configured secrets. */
#include "jose/jwe.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

namespace Gatehouse::Totp {

/*!
 * Seals TOTP secrets for \c gatehouse_totp: a JWE (\c dir, \c A256CBC-HS512, with \c kid) whose
 * key is derived from the configured secrets with the salt \c gatehouse.totp-secret, as Auth.js
 * derives its cookie keys. The first secret seals; any of them opens (rotation with
 * AUTH_SECRET_1..3). The payload names its user, so a sealed secret opens only for that user.
 * Immutable; shared by all threads.
 */
class SecretBox
{
public:
    //! \a secrets newest first. Throws std::invalid_argument when empty or holding an empty one.
    explicit SecretBox(const QStringList &secrets);

    QString seal(const QString &userId, const QByteArray &secret) const;

    struct Opened
    {
        QByteArray secret;
        bool current = false;   //!< sealed with the first secret's key; false: seal it anew
    };
    //! The secret in \a sealed, or nullopt when no configured secret opens it or it is another user's.
    std::optional<Opened> open(const QString &userId, const QString &sealed) const;

private:
    Jose::JweCodec m_codec;
};

} // namespace Gatehouse::Totp
