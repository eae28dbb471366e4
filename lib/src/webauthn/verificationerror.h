#pragma once
/*! \file verificationerror.h  Why a WebAuthn ceremony was refused. */
#include <QString>

#include <stdexcept>

namespace Gatehouse::WebAuthn {

/*!
 * A registration or authentication response that must be refused: malformed CBOR or JSON, a
 * wrong challenge, origin or RP ID, missing flags, an unsupported or invalid key, a bad
 * signature, a counter that did not increase. The message names the field and what is wrong;
 * it may be logged but says nothing secret.
 */
class VerificationError : public std::runtime_error
{
public:
    explicit VerificationError(const QString &message)
        : std::runtime_error(message.toStdString()), m_message(message) {}

    QString message() const { return m_message; }

private:
    QString m_message;
};

} // namespace Gatehouse::WebAuthn
