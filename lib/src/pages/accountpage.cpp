#include "pages/document.h"
#include "pages/messages.h"
#include "pages/pages.h"
#include "pages/twofactorparts.h"

#include <QUrl>

namespace Gatehouse::Pages {

namespace {

constexpr QStringView AccountTemplate = uR"(<h1>{{heading}}</h1>
{{notice}}<section class="gh-account-section" aria-labelledby="gh-profile">
<h2 id="gh-profile">{{profileHeading}}</h2>
{{picture}}<p class="gh-account-email">{{email}} <span class="gh-badge">{{verified}}</span></p>
<form action="{{action}}" method="POST">
<input type="hidden" name="csrfToken" value="{{csrfToken}}">
<input type="hidden" name="action" value="setName">
<div class="gh-field">
<label for="gh-name">{{nameLabel}}</label>
<input id="gh-name" type="text" name="name" value="{{name}}" maxlength="255" required autocomplete="name">
</div>
<button type="submit" class="gh-button gh-submit">{{saveName}}</button>
</form>
</section>
{{password}}{{twoFactor}}{{passkeys}}{{links}}{{apps}}{{notices}}<section class="gh-account-section" aria-labelledby="gh-sessions">
<h2 id="gh-sessions">{{sessionsHeading}}</h2>
{{sessions}}</section>
<section class="gh-account-section" aria-labelledby="gh-activity">
<h2 id="gh-activity">{{activityHeading}}</h2>
{{activity}}</section>
<form action="{{signOutAction}}" method="POST">
<input type="hidden" name="csrfToken" value="{{csrfToken}}">
<button type="submit" class="gh-button gh-secondary">{{signOut}}</button>
</form>
)";

constexpr QStringView NoticesTemplate = uR"(<section class="gh-account-section" aria-labelledby="gh-notices">
<h2 id="gh-notices">{{heading}}</h2>
<form action="{{action}}" method="POST">
<input type="hidden" name="csrfToken" value="{{csrfToken}}">
<input type="hidden" name="action" value="setNotices">
<div class="gh-field">
<label><input type="checkbox" name="newDevice" value="yes"{{checked}}> {{newDeviceLabel}}</label>
</div>
<p class="gh-account-note">{{note}}</p>
<button type="submit" class="gh-button gh-submit">{{button}}</button>
</form>
</section>
)";

constexpr QStringView PasswordTemplate = uR"(<section class="gh-account-section" aria-labelledby="gh-password">
<h2 id="gh-password">{{heading}}</h2>
<form action="{{action}}" method="POST">
<input type="hidden" name="csrfToken" value="{{csrfToken}}">
<input type="hidden" name="action" value="changePassword">
<div class="gh-field">
<label for="gh-current-password">{{currentLabel}}</label>
<input id="gh-current-password" type="password" name="currentPassword" required autocomplete="current-password">
</div>
<div class="gh-field">
<label for="gh-new-password">{{newLabel}}</label>
<input id="gh-new-password" type="password" name="newPassword" minlength="{{minimum}}" maxlength="{{maximum}}" required autocomplete="new-password">
</div>
<div class="gh-field">
<label for="gh-confirm-password">{{confirmLabel}}</label>
<input id="gh-confirm-password" type="password" name="confirmPassword" minlength="{{minimum}}" maxlength="{{maximum}}" required autocomplete="new-password">
</div>
<p class="gh-account-note">{{note}}</p>
<button type="submit" class="gh-button gh-submit">{{button}}</button>
</form>
</section>
)";

constexpr QStringView LinksTemplate = uR"(<section class="gh-account-section" aria-labelledby="gh-links">
<h2 id="gh-links">{{heading}}</h2>
{{list}}{{linkForms}}</section>
)";
// Linking is signing in with the provider while signed in here: the engine links the account
// to the signed-in person, and the callback URL brings them back to this page.
constexpr QStringView LinkFormTemplate = uR"(<form action="{{action}}" method="POST">
<input type="hidden" name="csrfToken" value="{{csrfToken}}">
<input type="hidden" name="callbackUrl" value="{{callbackUrl}}">
<button type="submit" class="gh-button gh-secondary">{{text}}</button>
</form>
)";
constexpr QStringView LinkTemplate = uR"(<li class="gh-link">
<p class="gh-link-provider">{{provider}}</p>
<p class="gh-session-detail">{{linked}}</p>
<form action="{{action}}" method="POST">
<input type="hidden" name="csrfToken" value="{{csrfToken}}">
<input type="hidden" name="action" value="unlinkAccount">
<input type="hidden" name="accountId" value="{{accountId}}">
<button type="submit" class="gh-button gh-secondary">{{text}}</button>
</form>
</li>
)";

// The OpenID Provider's clients the person allowed (oidcprovider/README.md, "Consent").
constexpr QStringView AppsTemplate = uR"(<section class="gh-account-section" aria-labelledby="gh-apps">
<h2 id="gh-apps">{{heading}}</h2>
{{list}}</section>
)";
constexpr QStringView AppTemplate = uR"(<li class="gh-link">
<p class="gh-link-provider">{{name}}</p>
<p class="gh-session-detail">{{scopes}}</p>
<p class="gh-session-detail">{{since}}</p>
<form action="{{action}}" method="POST">
<input type="hidden" name="csrfToken" value="{{csrfToken}}">
<input type="hidden" name="action" value="revokeApp">
<input type="hidden" name="clientId" value="{{clientId}}">
<button type="submit" class="gh-button gh-secondary">{{text}}</button>
</form>
</li>
)";

constexpr QStringView PasskeysTemplate = uR"(<section class="gh-account-section" aria-labelledby="gh-passkeys">
<h2 id="gh-passkeys">{{heading}}</h2>
{{list}}{{add}}</section>
)";
constexpr QStringView PasskeyTemplate = uR"(<li class="gh-passkey">
<p class="gh-passkey-name">{{name}}</p>
<p class="gh-session-detail">{{created}} · {{lastUsed}}</p>
<p class="gh-session-detail">{{kind}}</p>
<form action="{{action}}" method="POST" class="gh-inline-form">
<input type="hidden" name="csrfToken" value="{{csrfToken}}">
<input type="hidden" name="action" value="renamePasskey">
<input type="hidden" name="passkeyId" value="{{passkeyId}}">
<div class="gh-field">
<label for="gh-passkey-{{index}}">{{nameLabel}}</label>
<input id="gh-passkey-{{index}}" type="text" name="name" value="{{value}}" maxlength="255" required autocomplete="off">
</div>
<button type="submit" class="gh-button gh-secondary">{{rename}}</button>
</form>
<form action="{{action}}" method="POST">
<input type="hidden" name="csrfToken" value="{{csrfToken}}">
<input type="hidden" name="action" value="removePasskey">
<input type="hidden" name="passkeyId" value="{{passkeyId}}">
<button type="submit" class="gh-button gh-secondary">{{remove}}</button>
</form>
</li>
)";
// Adding is a WebAuthn registration while signed in (the engine adds the passkey to the
// signed-in person): the passkey script finds the form by data-webauthn-provider, runs the
// ceremony and posts the credential with the name and the callback URL back here. Without the
// script the button stays disabled and says that it needs JavaScript; the script enables it
// and gives it its label.
constexpr QStringView AddPasskeyTemplate = uR"(<form action="{{action}}" method="POST" id="gh-passkey-add" data-webauthn-provider="{{provider}}">
<input type="hidden" name="csrfToken" value="{{csrfToken}}">
<input type="hidden" name="callbackUrl" value="{{callbackUrl}}">
<div class="gh-field">
<label for="gh-passkey-new">{{nameLabel}}</label>
<input id="gh-passkey-new" type="text" name="passkeyName" maxlength="255" autocomplete="off">
</div>
<p class="gh-account-note">{{note}}</p>
<button type="submit" class="gh-button gh-submit" disabled data-webauthn-label="{{label}}">{{needsScript}}</button>
</form>
)";

constexpr QStringView AccountTwoFactorTemplate = uR"(<section class="gh-account-section" aria-labelledby="gh-two-factor">
<h2 id="gh-two-factor">{{heading}}</h2>
{{body}}</section>
)";
// After the shared QR code and key (twofactorparts.h): the form that confirms them.
constexpr QStringView TwoFactorEnrolTemplate = uR"(<form action="{{action}}" method="POST">
<input type="hidden" name="csrfToken" value="{{csrfToken}}">
<input type="hidden" name="action" value="twoFactorConfirm">
<input type="hidden" name="secret" value="{{rawSecret}}">
<div class="gh-field">
<label for="gh-two-factor-code">{{codeLabel}}</label>
<input id="gh-two-factor-code" type="text" name="code" inputmode="numeric" pattern="[0-9 ]*" maxlength="8" required autocomplete="one-time-code">
</div>
<button type="submit" class="gh-button gh-submit">{{confirm}}</button>
</form>
)";
constexpr QStringView TwoFactorRemoveTemplate = uR"(<form action="{{action}}" method="POST">
<input type="hidden" name="csrfToken" value="{{csrfToken}}">
<input type="hidden" name="action" value="twoFactorRemove">
<div class="gh-field">
<label><input type="checkbox" name="confirm" value="yes" required> {{confirm}}</label>
</div>
<button type="submit" class="gh-button gh-danger">{{text}}</button>
</form>
)";

constexpr QStringView NoticeTemplate = u"<div class=\"gh-notice\" role=\"status\"><p>{{text}}</p></div>\n";
constexpr QStringView AccountAlertTemplate = u"<div class=\"gh-alert\" role=\"alert\"><p>{{text}}</p></div>\n";
constexpr QStringView AccountNoteTemplate = u"<p class=\"gh-account-note\">{{text}}</p>\n";

constexpr QStringView SessionTemplate = uR"(<li class="gh-session">
<p class="gh-session-device">{{device}}{{current}}</p>
<p class="gh-session-detail">{{started}}{{from}}</p>
<p class="gh-session-detail">{{lastActive}}</p>
{{end}}</li>
)";
constexpr QStringView CurrentTemplate = u" <span class=\"gh-badge\">{{text}}</span>";
constexpr QStringView FromTemplate = u" · {{text}}";
constexpr QStringView EndSessionTemplate = uR"(<form action="{{action}}" method="POST">
<input type="hidden" name="csrfToken" value="{{csrfToken}}">
<input type="hidden" name="action" value="endSession">
<input type="hidden" name="sessionId" value="{{sessionId}}">
<button type="submit" class="gh-button gh-secondary">{{text}}</button>
</form>
)";
// A form of one button that posts one action (ending sessions, two-factor changes).
constexpr QStringView ActionButtonTemplate = uR"(<form action="{{action}}" method="POST">
<input type="hidden" name="csrfToken" value="{{csrfToken}}">
<input type="hidden" name="action" value="{{what}}">
<button type="submit" class="gh-button {{class}}">{{text}}</button>
</form>
)";

constexpr QStringView ActivityTableTemplate = uR"(<table class="gh-activity">
<thead><tr><th scope="col">{{time}}</th><th scope="col">{{event}}</th><th scope="col">{{method}}</th><th scope="col">{{address}}</th></tr></thead>
<tbody>
{{rows}}</tbody>
</table>
)";
constexpr QStringView ActivityRowTemplate =
    u"<tr class=\"gh-event-{{kind}}\"><td>{{time}}</td><td>{{event}}</td><td>{{method}}</td><td>{{address}}</td></tr>\n";

//! Dates as the page shows them: unambiguous in every language, in UTC.
QString shown(const QDateTime &time)
{
    return time.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"));
}

const char *noticeText(const QString &notice, bool *isError)
{
    *isError = false;
    if (notice == u"nameSaved")
        return Messages::NoticeNameSaved;
    if (notice == u"sessionEnded")
        return Messages::NoticeSessionEnded;
    if (notice == u"othersEnded")
        return Messages::NoticeOthersEnded;
    if (notice == u"passwordChanged")
        return Messages::NoticePasswordChanged;
    if (notice == u"accountUnlinked")
        return Messages::NoticeAccountUnlinked;
    if (notice == u"accountLinked")
        return Messages::NoticeAccountLinked;
    if (notice == u"passkeyAdded")
        return Messages::NoticePasskeyAdded;
    if (notice == u"passkeyRenamed")
        return Messages::NoticePasskeyRenamed;
    if (notice == u"passkeyRemoved")
        return Messages::NoticePasskeyRemoved;
    if (notice == u"twoFactorOn")
        return Messages::NoticeTwoFactorOn;
    if (notice == u"twoFactorNewCodes")
        return Messages::NoticeTwoFactorNewCodes;
    if (notice == u"twoFactorRemoved")
        return Messages::NoticeTwoFactorRemoved;
    if (notice == u"noticesSaved")
        return Messages::NoticeNoticesSaved;
    if (notice == u"appRevoked")
        return Messages::NoticeAppRevoked;
    *isError = true;
    if (notice == u"passwordIncorrect")
        return Messages::NoticePasswordIncorrect;
    if (notice == u"passwordsDiffer")
        return Messages::NoticePasswordsDiffer;
    if (notice == u"passwordTooShort")
        return Messages::NoticePasswordTooShort;
    if (notice == u"passwordTooLong")
        return Messages::NoticePasswordTooLong;
    if (notice == u"passwordIsEmail")
        return Messages::NoticePasswordIsEmail;
    if (notice == u"tooManyAttempts")
        return Messages::NoticeTooManyAttempts;
    if (notice == u"sessionNotFound")
        return Messages::NoticeSessionNotFound;
    if (notice == u"invalidName")
        return Messages::NoticeInvalidName;
    if (notice == u"accountNotFound")
        return Messages::NoticeAccountNotFound;
    if (notice == u"lastSignInMethod")
        return Messages::NoticeLastSignInMethod;
    if (notice == u"passkeyNotFound")
        return Messages::NoticePasskeyNotFound;
    if (notice == u"appNotFound")
        return Messages::NoticeAppNotFound;
    if (notice == u"invalidPasskeyName")
        return Messages::NoticeInvalidPasskeyName;
    if (notice == u"twoFactorWrongCode")
        return Messages::NoticeTwoFactorWrongCode;
    if (notice == u"twoFactorRemoveUnconfirmed")
        return Messages::NoticeTwoFactorRemoveUnconfirmed;
    if (notice == u"twoFactorNoEnrolment")
        return Messages::NoticeTwoFactorNoEnrolment;
    if (notice == u"twoFactorAlreadyOn")
        return Messages::NoticeTwoFactorAlreadyOn;
    return nullptr;
}

const char *eventText(const QString &type)
{
    static const std::pair<const char16_t *, const char *> names[] = {
        {u"signIn", Messages::EventSignIn},
        {u"signInFailed", Messages::EventSignInFailed},
        {u"signOut", Messages::EventSignOut},
        {u"createUser", Messages::EventCreateUser},
        {u"linkAccount", Messages::EventLinkAccount},
        {u"accountUpdate", Messages::EventAccountUpdate},
        {u"sessionEnd", Messages::EventSessionEnd},
        {u"sessionsEndOthers", Messages::EventSessionsEndOthers},
        {u"sessionsEndAll", Messages::EventSessionsEndAll},
        {u"passwordChange", Messages::EventPasswordChange},
        {u"passwordChangeFailed", Messages::EventPasswordChangeFailed},
        {u"passwordResetRequest", Messages::EventPasswordResetRequest},
        {u"passwordReset", Messages::EventPasswordReset},
        {u"passwordResetFailed", Messages::EventPasswordResetFailed},
        {u"unlinkAccount", Messages::EventUnlinkAccount},
        {u"passkeyAdd", Messages::EventPasskeyAdd},
        {u"passkeyRename", Messages::EventPasskeyRename},
        {u"passkeyRemove", Messages::EventPasskeyRemove},
        {u"twoFactorEnrolBegin", Messages::EventTwoFactorEnrolBegin},
        {u"twoFactorEnrol", Messages::EventTwoFactorEnrol},
        {u"twoFactorVerify", Messages::EventTwoFactorVerify},
        {u"twoFactorFailure", Messages::EventTwoFactorFailure},
        {u"twoFactorEnrolFailure", Messages::EventTwoFactorEnrolFailure},
        {u"twoFactorRecoveryCodes", Messages::EventTwoFactorRecoveryCodes},
        {u"twoFactorRemove", Messages::EventTwoFactorRemove},
        {u"noticeChoice", Messages::EventNoticeChoice},
        {u"oidcAuthorize", Messages::EventOidcAuthorize},
        {u"oidcConsent", Messages::EventOidcConsent},
        {u"oidcConsentRevoked", Messages::EventOidcConsentRevoked},
        {u"lockoutLift", Messages::EventLockoutLift},
        {u"userUpdate", Messages::EventUserUpdate},
        {u"userDisable", Messages::EventUserDisable},
        {u"userEnable", Messages::EventUserEnable},
        {u"groupAdd", Messages::EventGroupAdd},
        {u"groupRemove", Messages::EventGroupRemove},
    };
    for (const auto &[name, text] : names) {
        if (type == QStringView(name))
            return text;
    }
    return nullptr;
}

//! The account page, one section each: what each shows depends on its part of the content alone.
class AccountSections
{
public:
    AccountSections(Document &document, const PageContext &context, const AccountContent &content)
        : document(document)
        , context(context)
        , content(content)
        , action(context.baseUrl + QStringLiteral("/account"))
    {
    }

    //! The notice of the last change (an alert for a refusal).
    Html notice() const
    {
        Html notice;
        bool isError = false;
        if (const char *text = noticeText(content.notice, &isError)) {
            QString shownText = document.text(text);
            if (content.notice == u"passwordTooShort")
                shownText = shownText.arg(content.passwordMinimum);
            else if (content.notice == u"passwordTooLong")
                shownText = shownText.arg(content.passwordMaximum);
            notice = fill(isError ? AccountAlertTemplate : NoticeTemplate, {{u"text", shownText}});
        }
        return notice;
    }

    //! The notices a person may turn off, where they are mailed and the choice is kept.
    Html notices() const
    {
        Html notices;
        if (content.notices.offered) {
            notices = fill(NoticesTemplate, {
                {u"heading", document.text(Messages::NoticesHeading)},
                {u"action", action},
                {u"csrfToken", context.csrfToken},
                {u"checked", content.notices.newDevice ? QStringLiteral(" checked") : QString()},
                {u"newDeviceLabel", document.text(Messages::NoticeNewDeviceLabel)},
                {u"note", document.text(Messages::NoticesNote)},
                {u"button", document.text(Messages::SaveNotices)},
            });
        }
        return notices;
    }

    //! The password form, for a person with a built-in password.
    Html password() const
    {
        Html password;
        if (content.password) {
            password = fill(PasswordTemplate, {
                {u"heading", document.text(Messages::PasswordHeading)},
                {u"action", action},
                {u"csrfToken", context.csrfToken},
                {u"currentLabel", document.text(Messages::CurrentPasswordLabel)},
                {u"newLabel", document.text(Messages::NewPasswordLabel)},
                {u"confirmLabel", document.text(Messages::ConfirmPasswordLabel)},
                {u"minimum", QString::number(content.passwordMinimum)},
                {u"maximum", QString::number(content.passwordMaximum)},
                {u"note", document.text(Messages::PasswordNote).arg(content.passwordMinimum)},
                {u"button", document.text(Messages::ChangePassword)},
            });
        }
        return password;
    }

    //! Two-factor sign-in: only with an adapter that keeps its records.
    Html twoFactor() const
    {
        Html twoFactor;
        if (content.twoFactor.offered) {
            const AccountContent::TwoFactor &tf = content.twoFactor;
            QList<Html> parts;
            if (!tf.newRecoveryCodes.isEmpty())
                parts.append(TwoFactorParts::recoveryCodes(document, tf.newRecoveryCodes));
            if (tf.enrolled) {
                parts.append(fill(AccountNoteTemplate, {{u"text", document.text(Messages::TwoFactorOnSince).arg(
                                                           tf.enrolledAt.isValid() ? shown(tf.enrolledAt) : QStringLiteral("?"))}}));
                parts.append(fill(AccountNoteTemplate, {{u"text", document.text(Messages::TwoFactorCodesLeft).arg(tf.recoveryCodesLeft)}}));
                parts.append(paragraph(Messages::TwoFactorNewCodesNote));
                parts.append(actionButton(u"twoFactorNewCodes", Messages::TwoFactorNewCodes, u"gh-secondary"));
                parts.append(fill(TwoFactorRemoveTemplate, {{u"action", action}, {u"csrfToken", context.csrfToken},
                                                            {u"confirm", document.text(Messages::TwoFactorRemoveConfirm)},
                                                            {u"text", document.text(Messages::TwoFactorRemove)}}));
            } else if (!tf.enrolment.secret.isEmpty()) {
                parts.append(TwoFactorParts::enrolment(document, tf.enrolment));
                parts.append(fill(TwoFactorEnrolTemplate, {
                    {u"action", action},
                    {u"csrfToken", context.csrfToken},
                    {u"rawSecret", tf.enrolment.secret},
                    {u"codeLabel", document.text(Messages::AccountTwoFactorCodeLabel)},
                    {u"confirm", document.text(Messages::TwoFactorConfirm)},
                }));
                parts.append(actionButton(u"twoFactorBegin", Messages::TwoFactorBegin, u"gh-secondary"));
            } else {
                parts.append(paragraph(Messages::TwoFactorOff));
                parts.append(actionButton(u"twoFactorBegin", Messages::TwoFactorBegin, u"gh-submit"));
            }
            twoFactor = fill(AccountTwoFactorTemplate, {{u"heading", document.text(Messages::TwoFactorHeading)}, {u"body", join(parts)}});
        }
        return twoFactor;
    }

    //! Linked accounts: only where a provider to link is configured, or one is linked.
    Html links() const
    {
        Html links;
        if (content.linksOffered || !content.links.isEmpty()) {
            QList<Html> items;
            for (const AccountContent::Link &link : content.links) {
                items.append(fill(LinkTemplate, {
                    {u"provider", link.providerName},
                    {u"linked", link.linkedAt.isValid() ? document.text(Messages::LinkedAt).arg(shown(link.linkedAt))
                                                        : document.text(Messages::LinkedAtUnknown)},
                    {u"action", action},
                    {u"csrfToken", context.csrfToken},
                    {u"accountId", link.id},
                    {u"text", document.text(Messages::UnlinkAccount)},
                }));
            }
            QList<Html> linkForms;
            for (const AccountContent::LinkableProvider &provider : content.linkable) {
                linkForms.append(fill(LinkFormTemplate, {
                    {u"action", provider.signInUrl},
                    {u"csrfToken", context.csrfToken},
                    {u"callbackUrl", action + QStringLiteral("?notice=accountLinked")},
                    {u"text", document.text(Messages::LinkAccount).arg(provider.name)},
                }));
            }
            links = fill(LinksTemplate, {
                {u"heading", document.text(Messages::LinkedAccountsHeading)},
                {u"linkForms", join(linkForms)},
                {u"list", items.isEmpty() ? paragraph(Messages::NoLinkedAccounts)
                                          : fill(u"<ul class=\"gh-links\">\n{{items}}</ul>\n", {{u"items", join(items)}})},
            });
        }
        return links;
    }

    //! Apps with access: only where the OpenID Provider keeps consents.
    Html apps() const
    {
        Html apps;
        if (content.appsOffered) {
            QList<Html> items;
            for (const AccountContent::App &app : content.apps) {
                items.append(fill(AppTemplate, {
                    {u"name", app.name},
                    {u"scopes", document.text(Messages::AppScopes).arg(app.scopes.join(QStringLiteral(", ")))},
                    {u"since", document.text(Messages::AppSince).arg(shown(app.since))},
                    {u"action", action},
                    {u"csrfToken", context.csrfToken},
                    {u"clientId", app.clientId},
                    {u"text", document.text(Messages::RevokeApp)},
                }));
            }
            apps = fill(AppsTemplate, {
                {u"heading", document.text(Messages::AppsHeading)},
                {u"list", items.isEmpty() ? paragraph(Messages::NoApps)
                                          : fill(u"<ul class=\"gh-links\">\n{{items}}</ul>\n", {{u"items", join(items)}})},
            });
        }
        return apps;
    }

    //! Passkeys: only where a WebAuthn provider is configured (its script is added to the page).
    Html passkeys() const
    {
        Html passkeys;
        if (!content.passkeyProvider.isEmpty()) {
            for (const QUrl &script : content.scripts)
                document.addScript(script);
            QList<Html> items;
            int index = 0;
            for (const AccountContent::Passkey &key : content.passkeys) {
                QStringList kind{document.text(key.backedUp ? Messages::PasskeySynced : Messages::PasskeyThisDevice)};
                if (!key.transports.isEmpty())
                    kind.append(document.text(Messages::PasskeyTransports).arg(key.transports.join(QStringLiteral(", "))));
                items.append(fill(PasskeyTemplate, {
                    {u"name", key.name.isEmpty() ? document.text(Messages::PasskeyUnnamed) : key.name},
                    {u"created", key.createdAt.isValid() ? document.text(Messages::PasskeyCreated).arg(shown(key.createdAt))
                                                         : document.text(Messages::PasskeyCreatedUnknown)},
                    {u"lastUsed", key.lastUsedAt.isValid() ? document.text(Messages::PasskeyLastUsed).arg(shown(key.lastUsedAt))
                                                           : document.text(Messages::PasskeyNeverUsed)},
                    {u"kind", kind.join(QStringLiteral(" · "))},
                    {u"action", action},
                    {u"csrfToken", context.csrfToken},
                    {u"passkeyId", key.id},
                    {u"index", QString::number(++index)},
                    {u"nameLabel", document.text(Messages::PasskeyNameLabel)},
                    {u"value", key.name},
                    {u"rename", document.text(Messages::RenamePasskey)},
                    {u"remove", document.text(Messages::RemovePasskey)},
                }));
            }
            const Html add = fill(AddPasskeyTemplate, {
                {u"action", context.baseUrl + QStringLiteral("/callback/") + QString::fromLatin1(QUrl::toPercentEncoding(content.passkeyProvider))},
                {u"provider", content.passkeyProvider},
                {u"csrfToken", context.csrfToken},
                {u"callbackUrl", action + QStringLiteral("?notice=passkeyAdded")},
                {u"nameLabel", document.text(Messages::PasskeyNameLabel)},
                {u"note", document.text(Messages::AddPasskeyNote)},
                {u"label", document.text(Messages::AddPasskey)},
                {u"needsScript", document.text(Messages::AddPasskeyNeedsScript)},
            });
            passkeys = fill(PasskeysTemplate, {
                {u"heading", document.text(Messages::PasskeysHeading)},
                {u"list", items.isEmpty() ? paragraph(Messages::NoPasskeys)
                                          : fill(u"<ul class=\"gh-passkeys\">\n{{items}}</ul>\n", {{u"items", join(items)}})},
                {u"add", add},
            });
        }
        return passkeys;
    }

    //! The profile picture, when there is one.
    Html picture() const
    {
        Html picture;
        if (!content.image.isEmpty())
            picture = document.image(content.image, document.text(Messages::ProfilePicture), u"gh-account-picture");
        return picture;
    }

    //! Sessions: the database's list, or what JWT sessions allow.
    Html sessions() const
    {
        Html sessions;
        if (content.sessionKind == AccountContent::SessionKind::Database) {
            QList<Html> items;
            bool others = false;
            for (const AccountContent::Session &session : content.sessions) {
                QString device = document.text(Messages::UnknownDevice);
                if (!session.browser.isEmpty() && !session.operatingSystem.isEmpty())
                    device = document.text(Messages::SessionDevice).arg(session.browser, session.operatingSystem);
                else if (!session.browser.isEmpty() || !session.operatingSystem.isEmpty())
                    device = session.browser + session.operatingSystem;
                const QString started = session.createdAt.isValid()
                    ? document.text(Messages::SessionStarted).arg(shown(session.createdAt))
                    : document.text(Messages::SessionStartedUnknown);
                Html from;
                if (!session.clientAddress.isEmpty())
                    from = fill(FromTemplate, {{u"text", document.text(Messages::SessionFrom).arg(session.clientAddress)}});
                Html current;
                Html end;
                if (session.current) {
                    current = fill(CurrentTemplate, {{u"text", document.text(Messages::ThisSession)}});
                } else {
                    others = true;
                    end = fill(EndSessionTemplate, {{u"action", action}, {u"csrfToken", context.csrfToken},
                                                    {u"sessionId", session.id}, {u"text", document.text(Messages::EndSession)}});
                }
                items.append(fill(SessionTemplate, {
                    {u"device", device},
                    {u"current", current},
                    {u"started", started},
                    {u"from", from},
                    {u"lastActive", document.text(Messages::SessionLastActive).arg(shown(session.lastActive))},
                    {u"end", end},
                }));
            }
            Html list = fill(u"<ul class=\"gh-sessions\">\n{{items}}</ul>\n", {{u"items", join(items)}});
            sessions = join({list, others ? actionButton(u"endOthers", Messages::EndOtherSessions, u"gh-secondary")
                                          : paragraph(Messages::NoOtherSessions),
                             actionButton(u"endAll", Messages::EndAllSessions, u"gh-danger")});
        } else if (content.sessionKind == AccountContent::SessionKind::JwtRevocable) {
            sessions = join({paragraph(Messages::JwtSessionsRevocable),
                             actionButton(u"endOthers", Messages::EndOtherSessions, u"gh-secondary"),
                             actionButton(u"endAll", Messages::EndAllSessions, u"gh-danger")});
        } else {
            sessions = paragraph(Messages::JwtSessionsNotRevocable);
        }
        return sessions;
    }

    //! The recent activity from the audit log.
    Html activity() const
    {
        Html activity;
        if (content.activity.isEmpty()) {
            activity = paragraph(Messages::ActivityEmpty);
        } else {
            QList<Html> rows;
            for (const AccountContent::Activity &event : content.activity) {
                const char *text = eventText(event.type);
                rows.append(fill(ActivityRowTemplate, {
                    {u"kind", event.type == u"signInFailed" || event.type == u"passwordChangeFailed" || event.type == u"twoFactorFailure"
                                      || event.type == u"twoFactorEnrolFailure" ? QStringView(u"failure")
                                                                                                   : QStringView(u"info")},
                    {u"time", shown(event.time)},
                    {u"event", text ? document.text(text) : event.type},
                    {u"method", event.provider},
                    {u"address", event.clientAddress},
                }));
            }
            activity = fill(ActivityTableTemplate, {
                {u"time", document.text(Messages::ActivityTime)},
                {u"event", document.text(Messages::ActivityEvent)},
                {u"method", document.text(Messages::ActivityMethod)},
                {u"address", document.text(Messages::ActivityAddress)},
                {u"rows", join(rows)},
            });
        }
        return activity;
    }

    // What every section draws on; action is the page's own URL, where its forms post.
    Document &document;
    const PageContext &context;
    const AccountContent &content;
    const QString action;

private:
    Html paragraph(const char *message) const
    {
        return fill(AccountNoteTemplate, {{u"text", document.text(message)}});
    }

    Html actionButton(QStringView what, const char *text, QStringView cssClass) const
    {
        return fill(ActionButtonTemplate, {{u"action", action}, {u"csrfToken", context.csrfToken}, {u"what", what},
                                           {u"class", cssClass}, {u"text", document.text(text)}});
    }
};

} // namespace

Page account(const PageContext &context, const AccountContent &content, const PageTranslator &translator)
{
    Document document(context, translator);
    const AccountSections sections(document, context, content);
    const QString &action = sections.action;
    const Html body = fill(AccountTemplate, {
        {u"heading", document.text(Messages::AccountHeading)},
        {u"notice", sections.notice()},
        {u"profileHeading", document.text(Messages::ProfileHeading)},
        {u"picture", sections.picture()},
        {u"email", content.email},
        {u"verified", document.text(content.emailVerified ? Messages::EmailVerified : Messages::EmailNotVerified)},
        {u"action", action},
        {u"csrfToken", context.csrfToken},
        {u"nameLabel", document.text(Messages::NameLabel)},
        {u"name", content.name},
        {u"saveName", document.text(Messages::SaveName)},
        {u"password", sections.password()},
        {u"twoFactor", sections.twoFactor()},
        {u"passkeys", sections.passkeys()},
        {u"links", sections.links()},
        {u"apps", sections.apps()},
        {u"notices", sections.notices()},
        {u"sessionsHeading", document.text(Messages::SessionsHeading)},
        {u"sessions", sections.sessions()},
        {u"activityHeading", document.text(Messages::ActivityHeading)},
        {u"activity", sections.activity()},
        {u"signOutAction", context.baseUrl + QStringLiteral("/signout")},
        {u"signOut", document.text(Messages::SignOutButton)},
    });
    return document.render(200, document.text(Messages::AccountTitle), u"account", body);
}

} // namespace Gatehouse::Pages
