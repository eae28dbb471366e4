#include "actions/resolveuser.h"

#include "actions/audit.h"
#include "actions/callbacks.h"
#include "session/databasesession.h"
#include "session/jwtsession.h"

#include <gatehouse/adapter.h>

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

//! The id of the user already signed in on this request, if any.
QFuture<std::optional<QString>> signedInUserId(const RequestState &s)
{
    if (s.config.sessionStrategy() == SessionOptions::Strategy::Database) {
        const DatabaseSession db(*s.config.adapter, s.config.session, s.cookies.sessionToken);
        const QString token = db.token(s.requestCookies);
        if (token.isEmpty())
            return QtFuture::makeReadyFuture(std::optional<QString>());
        return db.read(token).then(QtFuture::Launch::Sync, [](const std::optional<SessionAndUser> &found) {
            return found ? std::optional<QString>(found->user.id) : std::optional<QString>();
        });
    }
    const auto codec = s.engine.jwe(s.config.secret);
    const JwtSession jwt(*codec, s.config.jwt, s.cookies.sessionToken);
    const std::optional<QJsonObject> token = jwt.read(s.requestCookies);
    const QString sub = token ? token->value(QStringLiteral("sub")).toString() : QString();
    return QtFuture::makeReadyFuture(sub.isEmpty() ? std::optional<QString>() : std::optional<QString>(sub));
}

QFuture<SignInResult> createAndLink(const State &state, SignInResult result)
{
    Adapter &adapter = *state->config.adapter;
    const AdapterAccount account = accountFromJson(result.account, QString());
    return adapter.createUserAndLinkAccount(newUserFrom(result.user), account)
        .then(QtFuture::Launch::Sync, [state, result](const UserAndAccount &created) mutable {
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
        });
}

QFuture<SignInResult> linkTo(const State &state, SignInResult result, const AdapterUser &user)
{
    Adapter &adapter = *state->config.adapter;
    return adapter.linkAccount(accountFromJson(result.account, user.id))
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

AuthError notLinked()
{
    return AuthError(QStringLiteral("OAuthAccountNotLinked"),
                     QStringLiteral("another account already uses this email address"));
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
    if (!s.config.adapter || result.stored)
        return QtFuture::makeReadyFuture(result);
    Adapter &adapter = *s.config.adapter;
    const QString provider = result.account.value(QStringLiteral("provider")).toString();
    const QString providerAccountId = result.account.value(QStringLiteral("providerAccountId")).toString();
    const bool dangerousLinking = s.provider && s.provider->option(QStringLiteral("allowDangerousEmailAccountLinking")).toBool();

    return signedInUserId(s).then(QtFuture::Launch::Sync,
        [state, result, provider, providerAccountId, dangerousLinking](const std::optional<QString> &current) {
            Adapter &adapter = *state->config.adapter;
            return adapter.getUserByAccount(provider, providerAccountId).then(QtFuture::Launch::Sync,
                [state, result, current, dangerousLinking](const std::optional<AdapterUser> &byAccount) -> QFuture<SignInResult> {
                    Adapter &adapter = *state->config.adapter;
                    if (byAccount) {
                        // The account is known: its user signs in, unless someone else is signed in.
                        if (current && *current != byAccount->id)
                            throw notLinked();
                        SignInResult known = result;
                        known.user = userJson(*byAccount);
                        return QtFuture::makeReadyFuture(known);
                    }
                    if (current) {
                        // A signed-in user adds another account.
                        return adapter.getUser(*current).then(QtFuture::Launch::Sync,
                            [state, result](const std::optional<AdapterUser> &user) -> QFuture<SignInResult> {
                                if (!user)
                                    return createAndLink(state, result);
                                return linkTo(state, result, *user);
                            }).unwrap();
                    }
                    const QString email = result.user.value(QStringLiteral("email")).toString();
                    if (email.isEmpty())
                        return createAndLink(state, result);
                    return adapter.getUserByEmail(email).then(QtFuture::Launch::Sync,
                        [state, result, dangerousLinking](const std::optional<AdapterUser> &byEmail) -> QFuture<SignInResult> {
                            if (!byEmail)
                                return createAndLink(state, result);
                            if (!dangerousLinking)
                                throw notLinked();
                            return linkTo(state, result, *byEmail);
                        }).unwrap();
                }).unwrap();
        }).unwrap();
}

} // namespace Gatehouse
