#include "mail/passwordresetmail.h"

#include "mail/mailtranslator.h"
#include "mail/messages.h"

namespace Gatehouse::Mail {

RenderedMail renderPasswordResetMail(PasswordResetMailKind kind, const SignInMailContent &content, int lifetimeMinutes,
                                     const MailTranslator &translator)
{
    const auto text = [&](const char *source) { return translator.translate(content.language, source); };
    ButtonMailTexts texts;
    if (kind == PasswordResetMailKind::Reset) {
        texts.heading = text(Messages::ResetPasswordFor);
        texts.button = text(Messages::ResetPasswordButton);
        texts.notes = {text(Messages::ResetLinkLifetime).arg(lifetimeMinutes)};
        texts.ignore = text(Messages::ResetIgnoreIfUnrequested);
    } else {
        texts.heading = text(Messages::ResetPasswordFor);
        texts.button = text(Messages::GoToSignIn);
        texts.notes = {text(Messages::NoPasswordToReset)};
        texts.ignore = text(Messages::IgnoreIfUnrequested);
    }
    return renderButtonMail(content, texts, translator);
}

} // namespace Gatehouse::Mail
