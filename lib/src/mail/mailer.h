#pragma once
/*
 * The mail service of one engine: renders sign-in mails in the visitor's language and sends
 * them asynchronously over SMTP. Shared by every serving thread; every member is thread-safe.
 */
#include "mail/mailtranslator.h"
#include "mail/message.h"
#include "mail/noticemail.h"
#include "mail/passwordresetmail.h"
#include "mail/signinmail.h"
#include "mail/smtpsettings.h"
#include "mail/smtptransport.h"

#include <QFuture>

namespace Gatehouse::Mail {

//! Everything a sign-in mail needs besides its text.
struct SignInMailRequest
{
    SmtpSettings server;
    Mailbox from;
    QString to;               //!< the (checked) recipient address
    SignInMailContent content;
};

class Mailer
{
public:
    Mailer() = default;
    Mailer(const Mailer &) = delete;
    Mailer &operator=(const Mailer &) = delete;

    /*!
     * Renders and sends the sign-in mail of \a request. The future finishes when the mail
     * server has accepted the message and fails with an AuthError of type \c EmailSignin
     * otherwise (including a message that cannot be built safely, see MailMessage::toMime()).
     */
    QFuture<void> sendSignInMail(const SignInMailRequest &request) const;

    /*!
     * Renders and sends a password reset mail (passwordresetmail.h) of \a kind to \a request's
     * recipient; \a request.content.url is its first link. Fails like sendSignInMail().
     */
    QFuture<void> sendPasswordResetMail(const SignInMailRequest &request, PasswordResetMailKind kind, int lifetimeMinutes) const;

    //! Renders and sends a security notice (noticemail.h); \a request.content.url is the account page.
    QFuture<void> sendNoticeMail(const SignInMailRequest &request, NoticeMailKind kind, const NoticeMailFacts &facts) const;

    const MailTranslator &translator() const { return m_translator; }

private:
    QFuture<void> send(const SignInMailRequest &request, const RenderedMail &rendered) const;

    MailTranslator m_translator;
    SmtpTransport m_transport;
};

} // namespace Gatehouse::Mail
