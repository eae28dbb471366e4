#include "pages/document.h"
#include "pages/messages.h"
#include "pages/pages.h"
#include "pages/twofactorparts.h"

namespace Gatehouse::Pages {

namespace {

constexpr QStringView TwoFactorAlertTemplate = uR"(<div class="gh-alert" role="alert"><p>{{message}}</p></div>
)";

// One input for both kinds of code: six digits or a recovery code (xxxx-xxxx-xxxx-xxxx), so no
// pattern; one-time-code lets browsers and password managers offer the app's code.
constexpr QStringView TwoFactorFormTemplate = uR"(<h1>{{heading}}</h1>
{{alert}}<p>{{prompt}}</p>
<form action="{{action}}" method="POST">
<input type="hidden" name="csrfToken" value="{{csrfToken}}">
<div class="gh-field"><label for="gh-two-factor-code">{{codeLabel}}</label><input type="text" name="code" id="gh-two-factor-code" autocomplete="one-time-code" autocapitalize="off" spellcheck="false" maxlength="64" required autofocus></div>
<button type="submit" class="gh-button gh-submit">{{verify}}</button>
</form>
)";

// Enrolment (policy "always", no authenticator yet): the app's code only, six digits.
constexpr QStringView EnrolTemplate = uR"(<h1>{{heading}}</h1>
{{alert}}<p>{{prompt}}</p>
{{enrolment}}<form action="{{action}}" method="POST">
<input type="hidden" name="csrfToken" value="{{csrfToken}}">
<div class="gh-field"><label for="gh-two-factor-code">{{codeLabel}}</label><input type="text" name="code" id="gh-two-factor-code" inputmode="numeric" pattern="[0-9 ]*" maxlength="8" autocomplete="one-time-code" required autofocus></div>
<button type="submit" class="gh-button gh-submit">{{verify}}</button>
</form>
)";

constexpr QStringView CancelTemplate = uR"(<form action="{{cancelAction}}" method="POST">
<input type="hidden" name="csrfToken" value="{{csrfToken}}">
<button type="submit" class="gh-button">{{cancel}}</button>
</form>
)";

// Enrolled and signed in: the codes cannot travel through a redirect, so a link goes on.
constexpr QStringView EnrolledTemplate = uR"(<h1>{{heading}}</h1>
<p>{{prompt}}</p>
{{codes}}<p><a class="gh-button gh-submit" id="gh-two-factor-continue" href="{{continueUrl}}">{{continue}}</a></p>
)";

const char *errorMessage(const QString &error)
{
    if (error == QLatin1String("TooManyAttempts"))
        return Messages::TwoFactorTooMany;
    return Messages::TwoFactorInvalid;
}

} // namespace

Page twoFactor(const PageContext &context, const TwoFactorContent &content, const PageTranslator &translator)
{
    Document document(context, translator);
    if (!content.recoveryCodes.isEmpty()) {
        const Html body = fill(EnrolledTemplate, {
            {u"heading", document.text(Messages::TwoFactorEnrolledTitle)},
            {u"prompt", document.text(Messages::TwoFactorEnrolledPrompt)},
            {u"codes", TwoFactorParts::recoveryCodes(document, content.recoveryCodes)},
            {u"continueUrl", content.continueUrl},
            {u"continue", document.text(Messages::TwoFactorContinue)},
        });
        return document.render(200, document.text(Messages::TwoFactorEnrolledTitle), u"two-factor", body);
    }
    const Html alert = content.error.isEmpty()
        ? Html()
        : fill(TwoFactorAlertTemplate, {{u"message", document.text(errorMessage(content.error))}});
    const Html cancel = fill(CancelTemplate, {
        {u"cancelAction", context.baseUrl + QStringLiteral("/signout")},
        {u"csrfToken", context.csrfToken},
        {u"cancel", document.text(Messages::TwoFactorCancel)},
    });
    const bool enrols = !content.enrolment.secret.isEmpty();
    const char *title = enrols ? Messages::TwoFactorEnrolTitle : Messages::TwoFactorTitle;
    Html body = enrols
        ? fill(EnrolTemplate, {
              {u"heading", document.text(title)},
              {u"alert", alert},
              {u"prompt", document.text(Messages::TwoFactorEnrolPrompt)},
              {u"enrolment", TwoFactorParts::enrolment(document, content.enrolment)},
              {u"action", context.baseUrl + QStringLiteral("/two-factor")},
              {u"csrfToken", context.csrfToken},
              {u"codeLabel", document.text(Messages::AccountTwoFactorCodeLabel)},
              {u"verify", document.text(Messages::TwoFactorConfirm)},
          })
        : fill(TwoFactorFormTemplate, {
              {u"heading", document.text(title)},
              {u"alert", alert},
              {u"prompt", document.text(Messages::TwoFactorPrompt)},
              {u"action", context.baseUrl + QStringLiteral("/two-factor")},
              {u"csrfToken", context.csrfToken},
              {u"codeLabel", document.text(Messages::TwoFactorCodeLabel)},
              {u"verify", document.text(Messages::TwoFactorVerify)},
          });
    body += cancel;
    return document.render(200, document.text(title), u"two-factor", body);
}

} // namespace Gatehouse::Pages
