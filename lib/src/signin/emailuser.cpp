#include "signin/emailuser.h"

#include "request/audit.h"
#include "request/hooks.h"
#include "signin/resolveuser.h"
#include "crypto/random.h"

#include <gatehouse/errors.h>
#include <gatehouse/adapter.h>
#include <gatehouse/adaptererror.h>

namespace Gatehouse::EmailFlow {

namespace {

SignInResult resultOf(const RequestState &s, const AdapterUser &user, bool isNewUser)
{
    SignInResult result;
    result.user = user.toJson();
    result.account = emailAccount(s, user.id, user.email);
    result.isNewUser = isNewUser;
    result.stored = true;
    return result;
}

//! A stored user signs in; its address is marked verified only once the sign-in is allowed.
SignInResult signInExisting(const State &state, const AdapterUser &user)
{
    SignInResult result = resultOf(*state, user, false);
    if (user.emailVerified)
        return result;
    result.whenAllowed = [state, userId = user.id](const SignInResult &allowed) {
        AdapterUserUpdate update(userId);
        update.setEmailVerified(QDateTime::currentDateTimeUtc());
        return state->config.adapter->updateUser(update).then(QtFuture::Launch::Sync,
            [state, allowed](const AdapterUser &updated) {
                Hooks::emitEvent(state->config.events.updateUser, "updateUser", {{QStringLiteral("user"), updated.toJson()}});
                SignInResult verified = allowed;
                verified.user = updated.toJson();
                return verified;
            });
    };
    return result;
}

/*!
 * The user another request created for \a user's address a moment earlier signs in: the signIn
 * callback has agreed already, so it is only refused when disabled (resolveUser()); then its
 * address is marked verified if it was not.
 */
QFuture<SignInResult> signInCreatedMeanwhile(const State &state, const AdapterUser &user)
{
    return resolveUser(state, signInExisting(state, user))
        .then(QtFuture::Launch::Sync,
              [](const SignInResult &resolved) {
                  return resolved.whenAllowed ? resolved.whenAllowed(resolved) : QtFuture::makeReadyFuture(resolved);
              })
        .unwrap();
}

//! Creates the user of \a email and its email account; runs once the sign-in is allowed.
QFuture<SignInResult> signUp(const State &state, const QString &email)
{
    AdapterUser user;
    user.email = email;
    user.emailVerified = QDateTime::currentDateTimeUtc();
    AdapterAccount account;
    account.type = QStringLiteral("email");
    account.provider = state->provider->id;
    account.providerAccountId = email;
    return state->config.adapter->createUserAndLinkAccount(user, account)
        .then(QtFuture::Launch::Sync, [state, email](QFuture<UserAndAccount> created) -> QFuture<SignInResult> {
            try {
                const UserAndAccount stored = created.result();
                const QJsonObject userJson = stored.user.toJson();
                Audit::record(*state, QStringLiteral("createUser"), stored.user.id, stored.account.provider);
                Audit::record(*state, QStringLiteral("linkAccount"), stored.user.id, stored.account.provider);
                Hooks::emitEvent(state->config.events.createUser, "createUser", {{QStringLiteral("user"), userJson}});
                Hooks::emitEvent(state->config.events.linkAccount, "linkAccount",
                                 {{QStringLiteral("user"), userJson},
                                  {QStringLiteral("account"), stored.account.toJson()},
                                  {QStringLiteral("profile"), QJsonObject{{QStringLiteral("email"), email}}}});
                return QtFuture::makeReadyFuture(resultOf(*state, stored.user, true));
            } catch (const AdapterError &error) {
                if (error.reason() != AdapterError::Reason::Conflict)
                    throw;
            }
            // Created by a concurrent sign-in (another link for the same address): use that user.
            return state->config.adapter->getUserByEmail(email)
                .then(QtFuture::Launch::Sync, [state, email](const std::optional<AdapterUser> &user) {
                    if (!user)
                        throw EmailCreateAccount(QStringLiteral("the user for the signed-in address could not be created"));
                    return signInCreatedMeanwhile(state, *user);
                })
                .unwrap();
        })
        .unwrap();
}

/*!
 * An address without a user: the signIn callback sees a provisional user, as in Auth.js
 * ({id: random UUID, email, emailVerified: null}, its account's userId that id). The user is
 * created (signUp()) only when the sign-in is allowed, so a refusal stores nothing.
 */
SignInResult provisionalUser(const State &state, const QString &email)
{
    AdapterUser user;
    user.id = Crypto::randomUuid();
    user.email = email;
    SignInResult result = resultOf(*state, user, false);
    result.stored = false;
    result.provisional = true;
    result.whenAllowed = [state, email](const SignInResult &) { return signUp(state, email); };
    return result;
}

} // namespace

QJsonObject emailAccount(const RequestState &state, const QString &userId, const QString &email)
{
    return QJsonObject{
        {QStringLiteral("providerAccountId"), email},
        {QStringLiteral("userId"), userId},
        {QStringLiteral("type"), QStringLiteral("email")},
        {QStringLiteral("provider"), state.provider->id},
    };
}

QFuture<SignInResult> signInUser(const State &state, const QString &email)
{
    return state->config.adapter->getUserByEmail(email)
        .then(QtFuture::Launch::Sync, [state, email](const std::optional<AdapterUser> &user) {
            return user ? signInExisting(state, *user) : provisionalUser(state, email);
        });
}

} // namespace Gatehouse::EmailFlow
