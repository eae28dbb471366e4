#pragma once
/*! \file clientdata.h  The client data a browser signs over (WebAuthn §5.8.1). */
#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <QStringList>

namespace Gatehouse::WebAuthn {

struct ClientData
{
    QString type;            //!< "webauthn.create" or "webauthn.get"
    QByteArray challenge;    //!< decoded from base64url
    QString origin;
    bool crossOrigin = false;

    //! Parses the UTF-8 JSON \a json; throws VerificationError when a member is missing or mistyped.
    static ClientData parse(QByteArrayView json);

    /*!
     * Throws VerificationError unless \c type is \a expectedType, \c challenge equals
     * \a expectedChallenge, \c origin is one of \a allowedOrigins and the ceremony did not run
     * in a cross-origin frame.
     */
    void check(const QString &expectedType, QByteArrayView expectedChallenge, const QStringList &allowedOrigins) const;
};

} // namespace Gatehouse::WebAuthn
