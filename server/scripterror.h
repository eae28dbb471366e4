#pragma once
/*! \file scripterror.h  The failure of a JavaScript callback. */
#include <gatehouse/autherror.h>

namespace Gatehouse {

/*!
 * Why a JavaScript callback failed: an exception, a rejected Promise, a time-out, or a result
 * of the wrong shape. An AuthError of type \c ScriptError; the binding of each callback turns
 * it into the error Auth.js gives for that callback (AccessDenied for \c signIn, ...).
 * \c code() is the \c code property of the thrown value, if it had one (a credentials
 * \c authorize may throw \c {code: "..."} to choose the sign-in error code).
 */
class ScriptError : public AuthError
{
public:
    explicit ScriptError(QString message, QString code = {})
        : AuthError(QStringLiteral("ScriptError"), std::move(message)), m_code(std::move(code))
    {
    }

    QString code() const { return m_code; }

    void raise() const override { throw *this; }
    ScriptError *clone() const override { return new ScriptError(*this); }

private:
    QString m_code;
};

} // namespace Gatehouse
