#include "signin/resolveuser.h"

#include "request/audit.h"
#include "request/hooks.h"
#include "signin/currentuser.h"

#include "request/errorresponse.h"

#include <gatehouse/adapter.h>
#include <gatehouse/tokens.h>
#include <gatehouse/adaptererror.h>
#include <gatehouse/errors.h>

#include <functional>

namespace Gatehouse {

namespace {

QJsonObject userJson(const AdapterUser &user)
{
    return user.toJson();
}

AdapterUser newUserFrom(const QJsonObject &user)
{
    AdapterUser u;
    const QJsonValue name = user.value(QStringLiteral("name"));
    if (name.isString())
        u.name = name.toString();
    u.email = user.value(QStringLiteral("email")).toString();
    const QJsonValue image = user.value(QStringLiteral("image"));
    if (image.isString())
        u.image = image.toString();
    const QJsonValue verified = user.value(QStringLiteral("emailVerified"));
    if (verified.isString())
        u.emailVerified = QDateTime::fromString(verified.toString(), Qt::ISODateWithMs);
    return u;
}

/*!
 * \a stored, with a storage failure of an OAuth or OIDC sign-in reported as OAuthCreateAccount,
 * except a store that cannot answer now: that is no problem of the account (the error page
 * says to try again).
 */
template<typename T>
QFuture<T> storing(const QJsonObject &account, QFuture<T> stored)
{
    if (!Provider::isOAuthType(account.value(QStringLiteral("type")).toString()))
        return stored;
    return stored.onFailed([](const AdapterError &error) -> T {
        if (error.reason() == AdapterError::Reason::Unavailable)
            throw error;
        throw OAuthCreateAccount(QStringLiteral("the user or account could not be stored: ") + error.message(), error.cause());
    });
}

//! What createAndLink() stored, and the events and audit records that announce it.
SignInResult announceCreated(const State &state, SignInResult result, const UserAndAccount &created)
{
    result.user = userJson(created.user);
    result.account = created.account.toJson();
    result.isNewUser = true;
    Hooks::emitEvent(state->config.events.createUser, "createUser", QJsonObject{{QStringLiteral("user"), result.user}});
    Audit::record(*state, QStringLiteral("createUser"), created.user.id, created.account.provider);
    Audit::record(*state, QStringLiteral("linkAccount"), created.user.id, created.account.provider);
    Hooks::emitEvent(state->config.events.linkAccount, "linkAccount",
                     QJsonObject{{QStringLiteral("user"), result.user}, {QStringLiteral("account"), result.account},
                                 {QStringLiteral("profile"), result.profile}});
    return result;
}

/*!
 * Stores a new user with the sign-in's account. When the store refuses it as a duplicate and
 * \a lookAgain is given, another sign-in stored this user or account since they were looked up
 * (the same person signing in twice at once): \a lookAgain decides instead.
 */
QFuture<SignInResult> createAndLink(const State &state, const SignInResult &result,
                                    std::function<QFuture<SignInResult>()> lookAgain = {})
{
    Adapter &adapter = *state->config.adapter;
    const AdapterAccount account = accountFromJson(result.account, QString());
    QFuture<UserAndAccount> stored = adapter.createUserAndLinkAccount(newUserFrom(result.user), account);
    if (!lookAgain) {
        return storing(result.account, stored).then(QtFuture::Launch::Sync, [state, result](const UserAndAccount &created) {
            return announceCreated(state, result, created);
        });
    }
    return stored
        .then(QtFuture::Launch::Sync, [state, result, lookAgain](QFuture<UserAndAccount> attempt) -> QFuture<SignInResult> {
            try {
                return QtFuture::makeReadyFuture(announceCreated(state, result, attempt.result()));
            } catch (const AdapterError &error) {
                if (error.reason() != AdapterError::Reason::Conflict)
                    return storing(result.account, QtFuture::makeExceptionalFuture<SignInResult>(std::current_exception()));
            }
            return lookAgain();
        })
        .unwrap();
}

QFuture<SignInResult> linkTo(const State &state, SignInResult result, const AdapterUser &user)
{
    Adapter &adapter = *state->config.adapter;
    return storing(result.account, adapter.linkAccount(accountFromJson(result.account, user.id)))
        .then(QtFuture::Launch::Sync, [state, result, user](const AdapterAccount &linked) mutable {
            result.user = userJson(user);
            result.account = linked.toJson();
            Audit::record(*state, QStringLiteral("linkAccount"), user.id, linked.provider);
            Hooks::emitEvent(state->config.events.linkAccount, "linkAccount",
                             QJsonObject{{QStringLiteral("user"), result.user}, {QStringLiteral("account"), result.account},
                                         {QStringLiteral("profile"), result.profile}});
            return result;
        });
}

/*!
 * A returning user's OAuth sign-in brought a new token set: it replaces the stored one (unless a
 * refresh rotated that meanwhile), so that a refresh token the provider has revoked is not used
 * again. Auth.js keeps the tokens of the first sign-in. Storage failures are only logged.
 */
QFuture<SignInResult> renewTokens(const State &state, const SignInResult &known)
{
    AccountTokenStore *store = state->stores().accountTokens.get();
    if (!store || !Provider::isOAuthType(known.account.value(QStringLiteral("type")).toString())
        || !known.account.value(QStringLiteral("access_token")).isString())
        return QtFuture::makeReadyFuture(known);
    // The sign-in's account has expires_at and a lower-case token_type already (profile.h).
    const AdapterAccount fresh = accountFromJson(known.account, known.user.value(QStringLiteral("id")).toString());
    Adapter &adapter = *state->config.adapter;
    QFuture<SignInResult> renewed = adapter.getAccount(fresh.providerAccountId, fresh.provider)
        .then(QtFuture::Launch::Sync, [store, fresh](const std::optional<AdapterAccount> &stored) {
            AdapterAccount update = fresh;
            if (stored && !update.refreshToken)
                update.refreshToken = stored->refreshToken;  // a provider that sends it only once
            return store->updateAccountTokens(update, stored ? stored->refreshToken.value_or(QString()) : QString());
        })
        .unwrap()
        .then(QtFuture::Launch::Sync, [known](const std::optional<AdapterAccount> &) { return known; });
    return renewed.then(QtFuture::Launch::Sync, [state, known](QFuture<SignInResult> done) {
        try {
            return done.result();
        } catch (...) {
            logFailure(state->config, std::current_exception());
            return known;
        }
    });
}

/*!
 * Runs \a next when the stored user \a userId may sign in. A disabled user (UserStateStore) is
 * refused the way a signIn callback returning false refuses it, with an audit event; nothing
 * about the user is stored first (no account linked, no token renewed).
 */
template<typename Next>
QFuture<SignInResult> whenEnabled(const State &state, const QString &userId, const QString &provider, Next next)
{
    UserStateStore *store = state->stores().userState.get();
    if (!store)
        return next();
    return store->isUserDisabled(userId)
        .then(QtFuture::Launch::Sync, [state, userId, provider, next](bool disabled) -> QFuture<SignInResult> {
            if (disabled) {
                Audit::record(*state, QStringLiteral("signInFailed"), userId, provider,
                              QJsonObject{{QStringLiteral("code"), QStringLiteral("disabled")}});
                throw AccessDenied(QStringLiteral("user %1 is disabled").arg(userId));
            }
            return next();
        })
        .unwrap();
}

OAuthAccountNotLinked notLinked()
{
    return OAuthAccountNotLinked(QStringLiteral("another account already uses this email address"));
}

/*!
 * The stored user of a sign-in (\a current: who is signed in): by its provider account, else a
 * new one when its email address is free. Two first sign-ins of one person can race here (both
 * find no account, one stores the user first); the other finds the address taken or its insert
 * refused, and looks once more (\a secondLook) before it refuses anything.
 */
QFuture<SignInResult> findUser(const State &state, const SignInResult &result, const std::optional<AdapterUser> &current,
                               bool secondLook)
{
    Adapter &adapter = *state->config.adapter;
    const QString provider = result.account.value(QStringLiteral("provider")).toString();
    const QString providerAccountId = result.account.value(QStringLiteral("providerAccountId")).toString();
    const bool dangerousLinking =
        state->provider && state->provider->option(QStringLiteral("allowDangerousEmailAccountLinking")).toBool();
    const auto lookAgain = [state, result, current, secondLook]() -> std::function<QFuture<SignInResult>()> {
        if (secondLook)
            return {};
        return [state, result, current] { return findUser(state, result, current, true); };
    };
    return adapter.getUserByAccount(provider, providerAccountId).then(QtFuture::Launch::Sync,
        [state, result, provider, current, dangerousLinking, lookAgain](const std::optional<AdapterUser> &byAccount) -> QFuture<SignInResult> {
            Adapter &adapter = *state->config.adapter;
            if (byAccount) {
                // The account is known: its user signs in, unless someone else is signed in.
                if (current && current->id != byAccount->id)
                    throw notLinked();
                SignInResult known = result;
                known.user = userJson(*byAccount);
                return whenEnabled(state, byAccount->id, provider, [state, known] { return renewTokens(state, known); });
            }
            if (current) {  // a signed-in user adds another account
                const AdapterUser user = *current;
                SignInResult linking = result;
                linking.linkedWhileSignedIn = true;
                return whenEnabled(state, user.id, provider, [state, linking, user] { return linkTo(state, linking, user); });
            }
            const QString email = result.user.value(QStringLiteral("email")).toString();
            if (email.isEmpty())
                return createAndLink(state, result, lookAgain());
            return adapter.getUserByEmail(email).then(QtFuture::Launch::Sync,
                [state, result, provider, dangerousLinking, lookAgain](const std::optional<AdapterUser> &byEmail) -> QFuture<SignInResult> {
                    if (!byEmail)
                        return createAndLink(state, result, lookAgain());
                    if (!dangerousLinking) {
                        if (const auto again = lookAgain())
                            return again();
                        throw notLinked();
                    }
                    const AdapterUser user = *byEmail;
                    return whenEnabled(state, user.id, provider, [state, result, user] { return linkTo(state, result, user); });
                }).unwrap();
        }).unwrap();
}

} // namespace

AdapterAccount accountFromJson(const QJsonObject &account, const QString &userId)
{
    AdapterAccount a = AdapterAccount::fromJson(account);
    if (!userId.isEmpty())
        a.userId = userId;
    return a;
}

QFuture<SignInResult> resolveUser(const State &state, const SignInResult &result)
{
    const RequestState &s = *state;
    if (!s.config.adapter)
        return QtFuture::makeReadyFuture(result);
    if (result.provisional)
        return QtFuture::makeReadyFuture(result);  // no stored user yet, so none that is disabled
    const QString provider = result.account.value(QStringLiteral("provider")).toString();
    if (result.stored)
        return whenEnabled(state, result.user.value(QStringLiteral("id")).toString(), provider,
                           [result] { return QtFuture::makeReadyFuture(result); });
    return currentUser(state)
        .then(QtFuture::Launch::Sync,
              [state, result](const std::optional<AdapterUser> &current) { return findUser(state, result, current, false); })
        .unwrap();
}

} // namespace Gatehouse
