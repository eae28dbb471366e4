#include "mail/mailer.h"

#include "metrics/catalogue.h"

#include <gatehouse/errors.h>

#include "core/futures.h"

namespace Gatehouse::Mail {

QFuture<void> Mailer::sendSignInMail(const SignInMailRequest &request) const
{
    return send(request, renderSignInMail(request.content, m_translator));
}

QFuture<void> Mailer::sendPasswordResetMail(const SignInMailRequest &request, PasswordResetMailKind kind,
                                            int lifetimeMinutes) const
{
    return send(request, renderPasswordResetMail(kind, request.content, lifetimeMinutes, m_translator));
}

QFuture<void> Mailer::sendNoticeMail(const SignInMailRequest &request, NoticeMailKind kind, const NoticeMailFacts &facts) const
{
    return send(request, renderNoticeMail(kind, facts, request.content, m_translator));
}

QFuture<void> Mailer::send(const SignInMailRequest &request, const RenderedMail &rendered) const
{
    MailMessage message;
    message.from = request.from;
    message.to.address = request.to;
    message.subject = rendered.subject;
    message.text = rendered.text;
    message.html = rendered.html;
    QString problem;
    const QByteArray mime = message.toMime(&problem);
    if (mime.isEmpty()) {
        Metrics::recordEmail(false);
        return failedFuture<void>(EmailSignin(QStringLiteral("the mail cannot be built: %1").arg(problem)));
    }
    return m_transport.send(request.server, Envelope{request.from.address, {message.to.address}}, mime)
        .then(QtFuture::Launch::Sync, [](QFuture<void> sent) {
            try {
                sent.waitForFinished();  // rethrows the transport's error
            } catch (...) {
                Metrics::recordEmail(false);
                throw;
            }
            Metrics::recordEmail(true);
        });
}

} // namespace Gatehouse::Mail
