#include "mail/mailer.h"

#include "metrics/catalogue.h"

#include <gatehouse/errors.h>

#include "core/futures.h"

namespace Gatehouse::Mail {

QFuture<void> Mailer::sendSignInMail(const SignInMailRequest &request) const
{
    const RenderedMail rendered = renderSignInMail(request.content, m_translator);
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
        return failedFuture<void>(EmailSignin(QStringLiteral("the sign-in mail cannot be built: %1").arg(problem)));
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
