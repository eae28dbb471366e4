#include "pages/document.h"
#include "pages/messages.h"
#include "pages/pages.h"

namespace Gatehouse::Pages {

namespace {

constexpr QStringView AlertTemplate = uR"(<div class="gh-alert" role="alert"><p>{{message}}</p></div>
)";

// One input for both kinds of code: six digits or a recovery code (xxxx-xxxx-xxxx-xxxx), so no
// pattern; one-time-code lets browsers and password managers offer the app's code.
constexpr QStringView TwoFactorTemplate = uR"(<h1>{{heading}}</h1>
{{alert}}<p>{{prompt}}</p>
<form action="{{action}}" method="POST">
<input type="hidden" name="csrfToken" value="{{csrfToken}}">
<div class="gh-field"><label for="gh-two-factor-code">{{codeLabel}}</label><input type="text" name="code" id="gh-two-factor-code" autocomplete="one-time-code" autocapitalize="off" spellcheck="false" maxlength="64" required autofocus></div>
<button type="submit" class="gh-button gh-submit">{{verify}}</button>
</form>
<form action="{{cancelAction}}" method="POST">
<input type="hidden" name="csrfToken" value="{{csrfToken}}">
<button type="submit" class="gh-button">{{cancel}}</button>
</form>
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
    const Html alert = content.error.isEmpty()
        ? Html()
        : fill(AlertTemplate, {{u"message", document.text(errorMessage(content.error))}});
    const Html body = fill(TwoFactorTemplate, {
        {u"heading", document.text(Messages::TwoFactorTitle)},
        {u"alert", alert},
        {u"prompt", document.text(Messages::TwoFactorPrompt)},
        {u"action", context.baseUrl + QStringLiteral("/two-factor")},
        {u"csrfToken", context.csrfToken},
        {u"codeLabel", document.text(Messages::TwoFactorCodeLabel)},
        {u"verify", document.text(Messages::TwoFactorVerify)},
        {u"cancelAction", context.baseUrl + QStringLiteral("/signout")},
        {u"cancel", document.text(Messages::TwoFactorCancel)},
    });
    return document.render(200, document.text(Messages::TwoFactorTitle), u"two-factor", body);
}

} // namespace Gatehouse::Pages
