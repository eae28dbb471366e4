#include <gatehouse/adaptererror.h>
#include <gatehouse/autherror.h>

namespace Gatehouse {

AuthError::AuthError(QString type, Kind kind, QString message, QString cause)
    : m_type(std::move(type))
    , m_kind(kind)
    , m_message(std::move(message))
    , m_cause(std::move(cause))
{
    m_what = (m_message.isEmpty() ? m_type : m_type + QStringLiteral(": ") + m_message).toUtf8();
}

AuthError::AuthError(QString type, QString message, QString cause)
    : AuthError(std::move(type), Kind::Configuration, std::move(message), std::move(cause))
{
}

AuthError::~AuthError() = default;

const char *AuthError::what() const noexcept
{
    return m_what.constData();
}

QString AuthError::kind() const
{
    // The error page's identifiers; errors shown on the sign-in page keep their own.
    switch (m_kind) {
    case Kind::Configuration: return QStringLiteral("Configuration");
    case Kind::AccessDenied: return QStringLiteral("AccessDenied");
    case Kind::Verification: return QStringLiteral("Verification");
    case Kind::Unavailable: return QStringLiteral("Unavailable");
    case Kind::SignInPage: return m_type;
    }
    return QStringLiteral("Configuration");
}

CredentialsSignin::CredentialsSignin(QString code, QString message)
    : AuthError(QStringLiteral("CredentialsSignin"), Kind::SignInPage, std::move(message))
    , m_code(std::move(code))
{
}

// Declared in adaptererror.h (the storage module), built here with every other error.
AdapterError::AdapterError(Reason reason, QString message, QString cause)
    : AuthError(QStringLiteral("AdapterError"), reason == Reason::Unavailable ? Kind::Unavailable : Kind::Configuration,
                std::move(message), std::move(cause))
    , m_reason(reason)
{
}

} // namespace Gatehouse
