#include "pages/document.h"
#include "pages/logging.h"
#include "pages/messages.h"
#include "pages/pages.h"
#include "pages/sanitize.h"

namespace Gatehouse::Pages {

namespace {

constexpr QStringView SignInAlertTemplate =
    u"<div class=\"gh-alert\" role=\"alert\"><p>{{message}}</p></div>\n";

// Between a form with inputs and its neighbours; the label is drawn by CSS (attr()), so it is
// not part of the page's text.
constexpr QStringView SeparatorTemplate =
    u"<div class=\"gh-or\" role=\"separator\" data-label=\"{{label}}\"></div>\n";

constexpr QStringView OAuthTemplate = uR"(<div class="gh-provider gh-provider-{{index}}">
<form action="{{action}}" method="POST">
<input type="hidden" name="csrfToken" value="{{csrfToken}}">
{{callbackUrl}}<button type="submit" class="gh-button gh-oauth">{{logo}}<span>{{label}}</span></button>
</form>
</div>
)";

constexpr QStringView CallbackUrlTemplate =
    u"<input type=\"hidden\" name=\"callbackUrl\" value=\"{{value}}\">\n";

constexpr QStringView EmailTemplate = uR"(<div class="gh-provider gh-provider-{{index}}">
<form action="{{action}}" method="POST">
<input type="hidden" name="csrfToken" value="{{csrfToken}}">
<div class="gh-field"><label for="{{id}}">{{emailLabel}}</label><input type="email" name="email" id="{{id}}" value="{{email}}" placeholder="{{placeholder}}" autocomplete="email" required{{focus}}></div>
<button type="submit" class="gh-button gh-submit">{{label}}</button>
</form>
</div>
)";

// Credentials and WebAuthn: the configured inputs. The WebAuthn form is where the passkey
// script (SignInContent::scripts) attaches: it finds the form by data-webauthn-provider.
constexpr QStringView FieldsFormTemplate = uR"(<div class="gh-provider gh-provider-{{index}}">
<form action="{{action}}" method="POST"{{formAttributes}}>
<input type="hidden" name="csrfToken" value="{{csrfToken}}">
{{fields}}<button type="submit" class="gh-button gh-submit">{{label}}</button>
</form>
</div>
)";

constexpr QStringView WebAuthnFormAttributes =
    u" id=\"gh-webauthn-{{index}}\" data-webauthn-provider=\"{{id}}\"";

constexpr QStringView FieldTemplate =
    u"<div class=\"gh-field\"><label for=\"{{id}}\">{{label}}</label>"
    u"<input type=\"{{type}}\" name=\"{{name}}\" id=\"{{id}}\"{{attributes}}></div>\n";

constexpr QStringView ForgotPasswordTemplate =
    u"<p class=\"gh-forgot-password\"><a href=\"{{url}}\">{{label}}</a></p>\n";

constexpr QStringView AttributeTemplate = u" {{name}}=\"{{value}}\"";
constexpr QStringView FlagTemplate = u" {{name}}";

bool isOAuth(const PageProvider &provider)
{
    return provider.type == u"oauth" || provider.type == u"oidc";
}

bool hasInputs(const PageProvider &provider)
{
    return provider.type == u"email" || provider.type == u"credentials" || provider.type == u"webauthn";
}

// The message for a sign-in error identifier; a generic one for identifiers not listed.
const char *signInErrorMessage(const QString &error)
{
    static constexpr struct
    {
        QStringView error;
        const char *message;
    } messages[] = {
        {u"Signin", Messages::SigninOtherAccount},
        {u"OAuthSignin", Messages::SigninOtherAccount},
        {u"OAuthCallbackError", Messages::SigninOtherAccount},
        {u"OAuthCreateAccount", Messages::SigninOtherAccount},
        {u"EmailCreateAccount", Messages::SigninOtherAccount},
        {u"Callback", Messages::SigninOtherAccount},
        {u"OAuthAccountNotLinked", Messages::SigninNotLinked},
        {u"EmailSignin", Messages::SigninEmail},
        {u"CredentialsSignin", Messages::SigninCredentials},
        {u"SessionRequired", Messages::SigninSessionRequired},
        {u"TwoFactorExpired", Messages::SigninTwoFactorExpired},
    };
    for (const auto &entry : messages) {
        if (entry.error == error)
            return entry.message;
    }
    return Messages::SigninDefault;
}

class SignInRenderer
{
public:
    SignInRenderer(Document &document, const SignInContent &content)
        : m_document(document), m_content(content)
    {
    }

    Html render()
    {
        Html body;
        if (!m_content.error.isEmpty())
            body += fill(SignInAlertTemplate, {{u"message", m_document.text(signInErrorMessage(m_content.error))}});

        const PageProvider *previous = nullptr;
        for (qsizetype i = 0; i < m_content.providers.size(); ++i) {
            const PageProvider &provider = m_content.providers.at(i);
            const Html form = providerForm(provider, QString::number(i + 1));
            if (form.isEmpty())
                continue;
            if (previous && (hasInputs(*previous) || hasInputs(provider)))
                body += fill(SeparatorTemplate, {{u"label", m_document.text(Messages::Or)}});
            body += form;
            if (!m_content.passwordResetUrl.isEmpty() && provider.id == m_content.passwordResetProvider)
                body += fill(ForgotPasswordTemplate, {{u"url", m_content.passwordResetUrl}, {u"label", m_document.text(Messages::ForgotPassword)}});
            previous = &provider;
        }
        for (const QUrl &script : m_content.scripts)
            m_document.addScript(script);
        return body;
    }

private:
    Html providerForm(const PageProvider &provider, const QString &index)
    {
        const QString label = m_document.text(Messages::SignInWith).arg(provider.name);
        const QString &csrfToken = m_document.context().csrfToken;
        if (isOAuth(provider)) {
            Html callbackUrl;
            if (!m_document.context().callbackUrl.isEmpty())
                callbackUrl = fill(CallbackUrlTemplate, {{u"value", m_document.context().callbackUrl}});
            return fill(OAuthTemplate, {
                {u"index", index},
                {u"action", provider.signinUrl},
                {u"csrfToken", csrfToken},
                {u"callbackUrl", callbackUrl},
                {u"logo", buttonStyle(provider, index)},
                {u"label", label},
            });
        }
        if (provider.type == u"email") {
            return fill(EmailTemplate, {
                {u"index", index},
                {u"action", provider.signinUrl},
                {u"csrfToken", csrfToken},
                {u"id", QStringLiteral("gh-") + index + QStringLiteral("-email")},
                {u"emailLabel", m_document.text(Messages::EmailLabel)},
                {u"email", m_content.email},
                {u"placeholder", m_document.text(Messages::EmailPlaceholder)},
                {u"focus", autofocus()},
                {u"label", label},
            });
        }
        if (provider.type == u"credentials" || provider.type == u"webauthn") {
            Html formAttributes;
            if (provider.type == u"webauthn")
                formAttributes = fill(WebAuthnFormAttributes, {{u"index", index}, {u"id", provider.id}});
            return fill(FieldsFormTemplate, {
                {u"index", index},
                {u"action", provider.callbackUrl},
                {u"formAttributes", formAttributes},
                {u"csrfToken", csrfToken},
                {u"fields", fields(provider, index)},
                {u"label", label},
            });
        }
        qCDebug(lcPages) << "provider" << provider.id << "of type" << provider.type
                         << "has no sign-in form; not shown";
        return {};
    }

    Html fields(const PageProvider &provider, const QString &index)
    {
        Html out;
        for (qsizetype i = 0; i < provider.fields.size(); ++i) {
            const PageField &field = provider.fields.at(i);
            Html attributes;
            if (!field.placeholder.isEmpty())
                attributes += fill(AttributeTemplate, {{u"name", u"placeholder"}, {u"value", field.placeholder}});
            if (!field.autocomplete.isEmpty())
                attributes += fill(AttributeTemplate, {{u"name", u"autocomplete"}, {u"value", field.autocomplete}});
            if (field.required)
                attributes += fill(FlagTemplate, {{u"name", u"required"}});
            attributes += autofocus();
            out += fill(FieldTemplate, {
                {u"id", QStringLiteral("gh-") + index + u'-' + QString::number(i + 1)},
                {u"label", field.label.isEmpty() ? field.name : field.label},
                {u"type", inputType(field.type)},
                {u"name", field.name},
                {u"attributes", attributes},
            });
        }
        return out;
    }

    // The first input of the page takes the focus.
    Html autofocus()
    {
        if (m_focusPlaced)
            return {};
        m_focusPlaced = true;
        return fill(FlagTemplate, {{u"name", u"autofocus"}});
    }

    // Style rules of an OAuth button (scoped by the provider's index) and its logo.
    Html buttonStyle(const PageProvider &provider, const QString &index)
    {
        const auto option = [&](QStringView key) { return provider.style.value(key).toString(); };
        QString rules;
        const QString brand = option(u"brandColor").isEmpty() ? option(u"bg") : option(u"brandColor");
        if (const auto colour = cssColor(brand))
            rules += QStringLiteral("--gh-provider-brand:") + *colour + u';';
        if (const auto colour = cssColor(option(u"bg")))
            rules += QStringLiteral("--gh-provider-bg:") + *colour + u';';
        if (const auto colour = cssColor(option(u"text")))
            rules += QStringLiteral("--gh-provider-text:") + *colour + u';';
        if (!rules.isEmpty())
            m_document.addStyle(QStringLiteral(".gh-provider-") + index + u'{' + rules + QStringLiteral("}\n"));
        const QString logo = option(u"logo");
        return logo.isEmpty() ? Html() : m_document.image(logo, QString(), u"gh-provider-logo");
    }

    Document &m_document;
    const SignInContent &m_content;
    bool m_focusPlaced = false;
};

} // namespace

Page signIn(const PageContext &context, const SignInContent &content, const PageTranslator &translator)
{
    Document document(context, translator);
    const Html body = SignInRenderer(document, content).render();
    return document.render(200, document.text(Messages::SignInTitle), u"signin", body);
}

} // namespace Gatehouse::Pages
