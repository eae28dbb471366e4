#include <gatehouse/adaptererror.h>
#include <gatehouse/autherror.h>

#include <QSet>

namespace Gatehouse {

AuthError::AuthError(QString type, QString message, QString cause)
    : m_type(std::move(type))
    , m_message(std::move(message))
    , m_cause(std::move(cause))
{
    m_what = (m_message.isEmpty() ? m_type : m_type + QStringLiteral(": ") + m_message).toUtf8();
}

AuthError::~AuthError() = default;

const char *AuthError::what() const noexcept
{
    return m_what.constData();
}

QString AuthError::kind() const
{
    // Errors shown on the sign-in page keep their own identifier; the error page knows
    // three kinds. Everything else is a server-side configuration problem.
    static const QSet<QString> signInErrors = {
        QStringLiteral("Signin"), QStringLiteral("OAuthSignin"), QStringLiteral("OAuthCallbackError"),
        QStringLiteral("OAuthCreateAccount"), QStringLiteral("EmailCreateAccount"),
        QStringLiteral("Callback"), QStringLiteral("OAuthAccountNotLinked"),
        QStringLiteral("EmailSignin"), QStringLiteral("CredentialsSignin"),
        QStringLiteral("SessionRequired"), QStringLiteral("MissingCSRF")};
    if (signInErrors.contains(m_type))
        return m_type;
    if (m_type == QLatin1String("AccessDenied") || m_type == QLatin1String("Verification"))
        return m_type;
    if (m_type == QLatin1String("SessionUnavailable"))
        return QStringLiteral("Unavailable");
    return QStringLiteral("Configuration");
}

CredentialsSignin::CredentialsSignin(QString code, QString message)
    : AuthError(QStringLiteral("CredentialsSignin"), std::move(message))
    , m_code(std::move(code))
{
}

// Declared in adaptererror.h (the storage module), built here with every other error.
AdapterError::AdapterError(Reason reason, QString message, QString cause)
    : AuthError(QStringLiteral("AdapterError"), std::move(message), std::move(cause))
    , m_reason(reason)
{
}

} // namespace Gatehouse
