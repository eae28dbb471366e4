#pragma once
/*! \file autherror.h  Errors of the engine, each with Auth.js's stable error identifier. */
#include <gatehouse/global.h>

#include <QException>
#include <QString>

namespace Gatehouse {

/*!
 * Base of every Gatehouse error. \c type() is the stable identifier used in logs and in the
 * \c error query parameter (\c CredentialsSignin, \c AccessDenied, \c Configuration, ...):
 * the name of the error's class, one per identifier (errors.h). Derives from QException so it
 * travels through QFuture.
 */
class GATEHOUSE_EXPORT AuthError : public QException
{
public:
    //! Where the person is shown the error, and under which identifier (kind()).
    enum class Kind {
        Configuration,  //!< the error page, as "Configuration": a server-side problem
        AccessDenied,   //!< the error page, as "AccessDenied"
        Verification,   //!< the error page, as "Verification"
        Unavailable,    //!< the error page, as "Unavailable" (a 503): the store cannot answer now
        SignInPage,     //!< the sign-in page, under the error's own type() ("CredentialsSignin", ...)
    };

    ~AuthError() override;

    QString type() const { return m_type; }        //!< e.g. "MissingCSRF"
    QString message() const { return m_message; }  //!< human-readable detail (logged, never shown)
    QString cause() const { return m_cause; }      //!< underlying error, if any

    //! The error kind Auth.js redirects with: "Configuration", "AccessDenied", "Verification",
    //! or a sign-in page error ("CredentialsSignin", "OAuthSignin", ...); Gatehouse adds
    //! "Unavailable" (the store cannot answer now).
    QString kind() const;
    //! The same as set by the error's class.
    Kind errorKind() const { return m_kind; }

    const char *what() const noexcept override;
    void raise() const override { throw *this; }
    AuthError *clone() const override { return new AuthError(*this); }

protected:
    /*!
     * An error of type \a type: the name of the subclass that calls it (errors.h), so that
     * every error is thrown as its class and a \c catch by type catches every instance.
     * \a kind says where it is shown (GATEHOUSE_AUTH_ERROR passes it).
     */
    AuthError(QString type, Kind kind, QString message, QString cause = {});
    //! The same for a server-side error (Kind::Configuration).
    AuthError(QString type, QString message, QString cause = {});

private:
    QString m_type;
    Kind m_kind = Kind::Configuration;
    QString m_message;
    QString m_cause;
    QByteArray m_what;
};

/*!
 * Declares the error class \a Name (in namespace Gatehouse): an AuthError whose type() is
 * "Name" and whose errorKind() is AuthError::Kind::shownAs, thrown and caught as its own class
 * (errors.h, account.h and twofactor.h declare theirs with it).
 */
#define GATEHOUSE_AUTH_ERROR(Name, shownAs)                                                      \
    class GATEHOUSE_EXPORT Name : public ::Gatehouse::AuthError                                 \
    {                                                                                           \
    public:                                                                                     \
        explicit Name(QString message = {}, QString cause = {})                                 \
            : AuthError(QStringLiteral(#Name), Kind::shownAs, std::move(message), std::move(cause)) \
        {                                                                                       \
        }                                                                                       \
        void raise() const override { throw *this; }                                            \
        Name *clone() const override { return new Name(*this); }                                \
    };

/*!
 * Thrown by a credentials provider's \c authorize to refuse a sign-in. \c code() is shown in
 * the redirect URL (\c error=CredentialsSignin&code=<code>): keep it free of sensitive detail.
 */
class GATEHOUSE_EXPORT CredentialsSignin : public AuthError
{
public:
    explicit CredentialsSignin(QString code = QStringLiteral("credentials"), QString message = {});
    QString code() const { return m_code; }
    void raise() const override { throw *this; }
    CredentialsSignin *clone() const override { return new CredentialsSignin(*this); }

private:
    QString m_code;
};

} // namespace Gatehouse
