#include <gatehouse/adapter.h>

#include <gatehouse/adaptererror.h>

#include "core/futures.h"

#include <memory>

namespace Gatehouse {

Adapter::~Adapter() = default;

QStringList Adapter::contractMethods()
{
    return {
        QStringLiteral("createUser"),
        QStringLiteral("getUser"),
        QStringLiteral("getUserByEmail"),
        QStringLiteral("getUserByAccount"),
        QStringLiteral("updateUser"),
        QStringLiteral("deleteUser"),
        QStringLiteral("linkAccount"),
        QStringLiteral("unlinkAccount"),
        QStringLiteral("getAccount"),
        QStringLiteral("createSession"),
        QStringLiteral("getSessionAndUser"),
        QStringLiteral("updateSession"),
        QStringLiteral("deleteSession"),
        QStringLiteral("createVerificationToken"),
        QStringLiteral("useVerificationToken"),
        QStringLiteral("createAuthenticator"),
        QStringLiteral("getAuthenticator"),
        QStringLiteral("listAuthenticatorsByUserId"),
        QStringLiteral("updateAuthenticatorCounter"),
        QStringLiteral("deleteAuthenticator"),
    };
}

QStringList Adapter::missingMethods(const QStringList &needed) const
{
    const QStringList implemented = implementedMethods();
    QStringList missing;
    for (const QString &method : needed) {
        if (!implemented.contains(method))
            missing.append(method);
    }
    return missing;
}

#define GATEHOUSE_NOT_IMPLEMENTED(Type, method) \
    return failedFuture<Type>(AdapterError::notImplemented(QStringLiteral(method)))

QFuture<AdapterUser> Adapter::createUser(const AdapterUser &)
{
    GATEHOUSE_NOT_IMPLEMENTED(AdapterUser, "createUser");
}

QFuture<std::optional<AdapterUser>> Adapter::getUser(const QString &)
{
    GATEHOUSE_NOT_IMPLEMENTED(std::optional<AdapterUser>, "getUser");
}

QFuture<std::optional<AdapterUser>> Adapter::getUserByEmail(const QString &)
{
    GATEHOUSE_NOT_IMPLEMENTED(std::optional<AdapterUser>, "getUserByEmail");
}

QFuture<std::optional<AdapterUser>> Adapter::getUserByAccount(const QString &, const QString &)
{
    GATEHOUSE_NOT_IMPLEMENTED(std::optional<AdapterUser>, "getUserByAccount");
}

QFuture<AdapterUser> Adapter::updateUser(const AdapterUserUpdate &)
{
    GATEHOUSE_NOT_IMPLEMENTED(AdapterUser, "updateUser");
}

QFuture<std::optional<AdapterUser>> Adapter::deleteUser(const QString &)
{
    GATEHOUSE_NOT_IMPLEMENTED(std::optional<AdapterUser>, "deleteUser");
}

QFuture<AdapterAccount> Adapter::linkAccount(const AdapterAccount &)
{
    GATEHOUSE_NOT_IMPLEMENTED(AdapterAccount, "linkAccount");
}

QFuture<std::optional<AdapterAccount>> Adapter::unlinkAccount(const QString &, const QString &)
{
    GATEHOUSE_NOT_IMPLEMENTED(std::optional<AdapterAccount>, "unlinkAccount");
}

QFuture<std::optional<AdapterAccount>> Adapter::getAccount(const QString &, const QString &)
{
    GATEHOUSE_NOT_IMPLEMENTED(std::optional<AdapterAccount>, "getAccount");
}

QFuture<AdapterSession> Adapter::createSession(const AdapterSession &)
{
    GATEHOUSE_NOT_IMPLEMENTED(AdapterSession, "createSession");
}

QFuture<std::optional<SessionAndUser>> Adapter::getSessionAndUser(const QString &)
{
    GATEHOUSE_NOT_IMPLEMENTED(std::optional<SessionAndUser>, "getSessionAndUser");
}

QFuture<std::optional<AdapterSession>> Adapter::updateSession(const AdapterSessionUpdate &)
{
    GATEHOUSE_NOT_IMPLEMENTED(std::optional<AdapterSession>, "updateSession");
}

QFuture<std::optional<AdapterSession>> Adapter::deleteSession(const QString &)
{
    GATEHOUSE_NOT_IMPLEMENTED(std::optional<AdapterSession>, "deleteSession");
}

QFuture<std::optional<VerificationToken>> Adapter::createVerificationToken(const VerificationToken &)
{
    GATEHOUSE_NOT_IMPLEMENTED(std::optional<VerificationToken>, "createVerificationToken");
}

QFuture<std::optional<VerificationToken>> Adapter::useVerificationToken(const QString &, const QString &)
{
    GATEHOUSE_NOT_IMPLEMENTED(std::optional<VerificationToken>, "useVerificationToken");
}

QFuture<AdapterAuthenticator> Adapter::createAuthenticator(const AdapterAuthenticator &)
{
    GATEHOUSE_NOT_IMPLEMENTED(AdapterAuthenticator, "createAuthenticator");
}

QFuture<std::optional<AdapterAuthenticator>> Adapter::getAuthenticator(const QString &)
{
    GATEHOUSE_NOT_IMPLEMENTED(std::optional<AdapterAuthenticator>, "getAuthenticator");
}

QFuture<QList<AdapterAuthenticator>> Adapter::listAuthenticatorsByUserId(const QString &)
{
    GATEHOUSE_NOT_IMPLEMENTED(QList<AdapterAuthenticator>, "listAuthenticatorsByUserId");
}

QFuture<AdapterAuthenticator> Adapter::updateAuthenticatorCounter(const QString &, qint64)
{
    GATEHOUSE_NOT_IMPLEMENTED(AdapterAuthenticator, "updateAuthenticatorCounter");
}

QFuture<std::optional<AdapterAuthenticator>> Adapter::deleteAuthenticator(const QString &)
{
    GATEHOUSE_NOT_IMPLEMENTED(std::optional<AdapterAuthenticator>, "deleteAuthenticator");
}

#undef GATEHOUSE_NOT_IMPLEMENTED

QFuture<UserAndAccount> Adapter::createUserAndLinkAccount(const AdapterUser &user, const AdapterAccount &account)
{
    // Chained without blocking: continuations run on whichever thread finishes each step.
    auto promise = std::make_shared<QPromise<UserAndAccount>>();
    promise->start();
    const auto fail = [promise](const QException &error) {
        promise->setException(error);
        promise->finish();
    };
    createUser(user)
        .then([this, account, promise, fail](const AdapterUser &created) {
            AdapterAccount link = account;
            link.userId = created.id;
            linkAccount(link)
                .then([promise, created](const AdapterAccount &linked) {
                    promise->addResult(UserAndAccount{created, linked});
                    promise->finish();
                })
                .onFailed([this, created, fail](const QException &error) {
                    // Take the new user back; the link error is the one to report.
                    const std::shared_ptr<QException> linkError(error.clone());
                    deleteUser(created.id)
                        .then([linkError, fail](const std::optional<AdapterUser> &) { fail(*linkError); })
                        .onFailed([linkError, fail](const QException &) { fail(*linkError); });
                });
        })
        .onFailed(fail);
    return promise->future();
}

} // namespace Gatehouse
