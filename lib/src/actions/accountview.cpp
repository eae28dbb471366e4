#include "actions/accountendpoint.h"

#include "core/futures.h"
#include "core/urls.h"
#include "twofactor/sitetwofactor.h"

#include <gatehouse/errors.h>
#include <gatehouse/passwordcredentials.h>
#include <gatehouse/twofactor.h>

namespace Gatehouse::Actions::AccountEndpoint {

namespace {

//! The WebAuthn provider whose registration adds a passkey on this page; null when none is usable.
const Provider *passkeyProvider(const RequestState &s)
{
    if (PageResponses::passkeyScriptUrl(s).isEmpty())
        return nullptr;
    for (const Provider &provider : s.config.providers) {
        if (provider.isWebAuthn())
            return &provider;
    }
    return nullptr;
}

//! The name a provider is shown with: its configured name, else its id (one no longer configured).
QString providerName(const RequestState &s, const QString &id)
{
    for (const Provider &provider : s.config.providers) {
        if (provider.id == id)
            return provider.name.isEmpty() ? id : provider.name;
    }
    return id;
}

//! The name an OpenID Provider client is shown with: its display name, else (no longer configured) its id.
QString appName(const RequestState &s, const QString &clientId)
{
    if (s.config.oidcProvider) {
        for (const OidcClient &client : s.config.oidcProvider->clients) {
            if (client.clientId == clientId)
                return client.displayName();
        }
    }
    return clientId;
}

QFuture<AuthResponse> showSessions(const State &state, const Account &account, Pages::AccountContent content,
                                   const QFuture<bool> &password, const QString &userId, const QList<AccountSession> &list);

} // namespace

QFuture<AuthResponse> showPage(const State &state, const AdapterUser &user, const Pages::AccountContent::TwoFactor &twoFactor,
                               const QString &notice)
{
    const RequestState &s = *state;
    const Account account(s.config.adapter, s.config.session);
    Pages::AccountContent content;
    content.twoFactor = twoFactor;
    content.name = user.name.value_or(QString());
    content.email = user.email;
    content.emailVerified = user.emailVerified.has_value();
    content.image = user.image.value_or(QString());
    content.notice = notice.isEmpty() ? s.query.queryItemValue(QStringLiteral("notice")) : notice;
    // Two-factor sign-in only where the adapter keeps its records and the policy allows it.
    const TwoFactor tf = SiteTwoFactor::of(s);
    content.twoFactor.offered = tf.isAvailable() && s.config.twoFactor.required != TwoFactorSignInOptions::Required::Never;
    const QFuture<TwoFactorStatus> twoFactorStatus = content.twoFactor.offered ? tf.status(user.id)
                                                                               : QtFuture::makeReadyFuture(TwoFactorStatus());
    const bool database = s.config.sessionStrategy() == SessionOptions::Strategy::Database;
    content.sessionKind = database ? Pages::AccountContent::SessionKind::Database
        : account.canRevokeJwtSessions() ? Pages::AccountContent::SessionKind::JwtRevocable
                                         : Pages::AccountContent::SessionKind::JwtOnly;
    const QFuture<QList<AccountSession>> sessions = database ? account.sessions(user.id, databaseToken(s))
                                                             : QtFuture::makeReadyFuture(QList<AccountSession>());
    // The password section only for a person with a built-in password, where one is configured.
    const QFuture<bool> password = builtinPasswords(s) ? account.hasPassword(user.id) : QtFuture::makeReadyFuture(false);
    // The linked accounts only where an OAuth/OIDC provider is configured (or one is linked).
    content.linksOffered = !SignInMethods::of(s.config.providers).linkProviders.isEmpty();
    // An adapter without AdminStore cannot list them: the section stays empty, the page works.
    const QFuture<QList<AccountLink>> links = account.linkedAccounts(user.id).onFailed(
        [](const MissingAdapterMethods &) { return QList<AccountLink>(); });
    // The passkeys only where a WebAuthn provider is configured; without an AccountStore they
    // cannot be listed, and the section offers adding one only.
    QFuture<QList<AccountPasskey>> passkeys = QtFuture::makeReadyFuture(QList<AccountPasskey>());
    if (const Provider *provider = passkeyProvider(s)) {
        content.passkeyProvider = provider->id;
        content.scripts.append(PageResponses::passkeyScriptUrl(s));
        passkeys = account.passkeys(user.id).onFailed([](const MissingAdapterMethods &) { return QList<AccountPasskey>(); });
    }
    passkeys = continueWith(twoFactorStatus, [passkeys](const TwoFactorStatus &) { return passkeys; });
    content.notices.offered = offersNoticeChoices(s, account);
    const QFuture<bool> newDevice = content.notices.offered ? account.noticeEnabled(user.id, QStringLiteral("newDevice"))
                                                            : QtFuture::makeReadyFuture(true);
    passkeys = continueWith(newDevice, [passkeys](bool) { return passkeys; });
    // Apps with access: the OpenID Provider's clients the person allowed (the consent page).
    content.appsOffered = s.config.oidcProvider.has_value() && s.stores().oidcConsents;
    const QFuture<QList<OidcConsent>> consents = content.appsOffered ? s.stores().oidcConsents->oidcConsentsOfUser(user.id)
                                                                     : QtFuture::makeReadyFuture(QList<OidcConsent>());
    passkeys = continueWith(consents, [passkeys](const QList<OidcConsent> &) { return passkeys; });
    return continueWith(passkeys, [state, account, content, sessions, password, links, twoFactorStatus, newDevice, consents, userId = user.id](const QList<AccountPasskey> &keys) mutable {
        for (const OidcConsent &consent : consents.result())
            content.apps.append({consent.clientId, appName(*state, consent.clientId), consent.scopes, consent.grantedAt});
        const TwoFactorStatus status = twoFactorStatus.result();
        content.notices.newDevice = newDevice.result();
        content.twoFactor.enrolled = status.enrolled;
        content.twoFactor.enrolledAt = status.enrolledAt.value_or(QDateTime());
        content.twoFactor.recoveryCodesLeft = status.recoveryCodesLeft;
        for (const AccountPasskey &key : keys)
            content.passkeys.append({key.id, key.name, key.createdAt, key.lastUsedAt, key.backedUp, key.transports});
        return continueWith(links, [state, account, content, sessions, password, userId](const QList<AccountLink> &linked) mutable {
            QStringList linkedProviders;
            for (const AccountLink &link : linked) {
                content.links.append({link.id, providerName(*state, link.provider), link.linkedAt});
                linkedProviders.append(link.provider);
            }
            for (const Provider &provider : state->config.providers) {
                if ((provider.type == u"oauth" || provider.type == u"oidc") && !linkedProviders.contains(provider.id))
                    content.linkable.append({provider.id, provider.name.isEmpty() ? provider.id : provider.name,
                                             Urls::providerSignIn(state->baseUrl, provider.id)});
            }
            return continueWith(sessions, [state, account, content, password, userId](const QList<AccountSession> &list) mutable {
                return showSessions(state, account, content, password, userId, list);
            });
        });
    });
}

namespace {

QFuture<AuthResponse> showSessions(const State &state, const Account &account, Pages::AccountContent content,
                                   const QFuture<bool> &password, const QString &userId, const QList<AccountSession> &list)
{
    for (const AccountSession &session : list) {
        content.sessions.append({session.id, session.current, session.createdAt, session.lastActive,
                                 session.clientAddress, session.browser, session.operatingSystem});
    }
    return continueWith(password, [state, account, content, userId](bool hasPassword) mutable {
        content.password = hasPassword;
        content.passwordMinimum = kMinimumPasswordLength;
        content.passwordMaximum = kMaximumPasswordLength;
        // Applications fetch tokens in the background (each refresh an oidcToken event): the
        // page shows when the person signed in to one, not each of those.
        return continueWith(account.recentActivity(userId, 100), [state, content](const QList<AuditEvent> &events) mutable {
            for (const AuditEvent &event : events) {
                if (event.type == u"oidcToken" || event.type == u"oidcTokenRefused")
                    continue;
                const bool app = event.type == u"oidcAuthorize" || event.type == u"oidcConsent" || event.type == u"oidcConsentRevoked";
                const QString what = app ? event.detail.value(QStringLiteral("clientId")).toString() : event.provider;
                content.activity.append({event.time, event.type, what, event.clientAddress});
                if (content.activity.size() == 20)
                    break;
            }
            return PageResponses::account(*state, content);
        });
    });
}

} // namespace

} // namespace Gatehouse::Actions::AccountEndpoint
