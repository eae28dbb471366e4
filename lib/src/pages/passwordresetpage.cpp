#include "pages/document.h"
#include "pages/messages.h"
#include "pages/pages.h"

namespace Gatehouse::Pages {

namespace {

constexpr QStringView AlertTemplate = uR"(<div class="gh-alert" role="alert"><p>{{message}}</p></div>
)";

constexpr QStringView RequestTemplate = uR"(<h1>{{heading}}</h1>
{{alert}}<p>{{prompt}}</p>
<form action="{{action}}" method="POST">
<input type="hidden" name="csrfToken" value="{{csrfToken}}">
<div class="gh-field"><label for="gh-reset-email">{{emailLabel}}</label><input type="email" name="email" id="gh-reset-email" autocomplete="email" maxlength="320" required autofocus></div>
<button type="submit" class="gh-button gh-submit">{{send}}</button>
</form>
<p><a href="{{signInUrl}}">{{back}}</a></p>
)";

constexpr QStringView SentTemplate = uR"(<h1>{{heading}}</h1>
<p>{{text}}</p>
<p><a href="{{signInUrl}}">{{back}}</a></p>
)";

// The token travels in a hidden field: the page itself is never cached or referred (no-store,
// no-referrer), and the POST spends the link.
constexpr QStringView NewPasswordTemplate = uR"(<h1>{{heading}}</h1>
{{alert}}<p>{{prompt}}</p>
<form action="{{action}}" method="POST">
<input type="hidden" name="csrfToken" value="{{csrfToken}}">
<input type="hidden" name="token" value="{{token}}">
<div class="gh-field"><label for="gh-reset-new">{{newLabel}}</label><input type="password" name="newPassword" id="gh-reset-new" autocomplete="new-password" minlength="{{min}}" maxlength="{{max}}" required autofocus></div>
<div class="gh-field"><label for="gh-reset-confirm">{{confirmLabel}}</label><input type="password" name="confirmPassword" id="gh-reset-confirm" autocomplete="new-password" minlength="{{min}}" maxlength="{{max}}" required></div>
<button type="submit" class="gh-button gh-submit">{{save}}</button>
</form>
)";

constexpr QStringView MessageTemplate = uR"(<h1>{{heading}}</h1>
<p>{{text}}</p>
<p><a class="gh-button gh-submit" href="{{url}}">{{link}}</a></p>
)";

//! The alert of a refused form; empty for none.
QString noticeText(const Document &document, const PasswordResetContent &content)
{
    const QString &notice = content.notice;
    if (notice == u"invalidEmail")
        return document.text(Messages::ResetInvalidEmail);
    if (notice == u"passwordsDiffer")
        return document.text(Messages::NoticePasswordsDiffer);
    if (notice == u"passwordTooShort")
        return document.text(Messages::NoticePasswordTooShort).arg(content.passwordMinimum);
    if (notice == u"passwordTooLong")
        return document.text(Messages::NoticePasswordTooLong).arg(content.passwordMaximum);
    if (notice == u"passwordIsEmail")
        return document.text(Messages::NoticePasswordIsEmail);
    return {};
}

Html alertOf(const Document &document, const PasswordResetContent &content)
{
    const QString text = noticeText(document, content);
    return text.isEmpty() ? Html() : fill(AlertTemplate, {{u"message", text}});
}

} // namespace

Page passwordReset(const PageContext &context, const PasswordResetContent &content, const PageTranslator &translator)
{
    using Step = PasswordResetContent::Step;
    Document document(context, translator);
    const QString title = document.text(Messages::ResetTitle);
    const QString action = context.baseUrl + QStringLiteral("/reset-password");
    Html body;
    switch (content.step) {
    case Step::Request:
        body = fill(RequestTemplate, {
            {u"heading", title},
            {u"alert", alertOf(document, content)},
            {u"prompt", document.text(Messages::ResetRequestPrompt)},
            {u"action", action},
            {u"csrfToken", context.csrfToken},
            {u"emailLabel", document.text(Messages::EmailLabel)},
            {u"send", document.text(Messages::ResetSendLink)},
            {u"signInUrl", content.signInUrl},
            {u"back", document.text(Messages::ResetBackToSignIn)},
        });
        break;
    case Step::Sent:
        body = fill(SentTemplate, {
            {u"heading", document.text(Messages::VerifyRequestHeading)},
            {u"text", document.text(Messages::ResetSentText)},
            {u"signInUrl", content.signInUrl},
            {u"back", document.text(Messages::ResetBackToSignIn)},
        });
        break;
    case Step::NewPassword:
        body = fill(NewPasswordTemplate, {
            {u"heading", title},
            {u"alert", alertOf(document, content)},
            {u"prompt", document.text(Messages::PasswordNote).arg(content.passwordMinimum)},
            {u"action", action},
            {u"csrfToken", context.csrfToken},
            {u"token", content.token},
            {u"newLabel", document.text(Messages::NewPasswordLabel)},
            {u"confirmLabel", document.text(Messages::ConfirmPasswordLabel)},
            {u"min", QString::number(content.passwordMinimum)},
            {u"max", QString::number(content.passwordMaximum)},
            {u"save", document.text(Messages::ChangePassword)},
        });
        break;
    case Step::InvalidLink:
        body = fill(MessageTemplate, {
            {u"heading", document.text(Messages::ResetInvalidHeading)},
            {u"text", document.text(Messages::ResetInvalidText)},
            {u"url", action},
            {u"link", document.text(Messages::ResetAskAgain)},
        });
        return document.render(400, title, u"reset-password", body);
    case Step::Done:
        body = fill(MessageTemplate, {
            {u"heading", document.text(Messages::ResetDoneHeading)},
            {u"text", document.text(Messages::ResetDoneText)},
            {u"url", content.signInUrl},
            {u"link", document.text(Messages::SignInLink)},
        });
        break;
    }
    return document.render(200, title, u"reset-password", body);
}

} // namespace Gatehouse::Pages
