#include "twofactor/pendingstep.h"

#include "crypto/base64url.h"
#include "crypto/hash.h"
#include "core/futures.h"
#include "crypto/random.h"
#include "request/hooks.h"
#include "storage/stores.h"

#include <gatehouse/errors.h>
#include <gatehouse/ratelimitstore.h>
#include <gatehouse/twofactorstore.h>

#include <QDateTime>
#include <QJsonDocument>

#include <algorithm>
#include <chrono>

namespace Gatehouse {

namespace {

// Its own salt: a pending step never opens as a session token or another cookie, nor they as it.
const QString kSalt = QStringLiteral("gatehouse.two-factor-pending");

QString spentKey(const QString &id)
{
    return QStringLiteral("once:two-factor:%1").arg(QString::fromLatin1(Crypto::base64UrlEncode(Crypto::sha256(id.toUtf8()))));
}

//! The window a spent id is remembered: longer than any step can live.
std::chrono::milliseconds spentWindow(const RequestState &state)
{
    return std::chrono::seconds(state.config.twoFactor.maxAge + 60);
}

//! Whether \a policy asks \a userId, who has no authenticator, to enrol one.
QFuture<bool> mustEnrol(const TwoFactorSignInOptions &policy, const std::shared_ptr<GroupStore> &groups,
                        const QString &userId)
{
    if (policy.required == TwoFactorSignInOptions::Required::Always)
        return QtFuture::makeReadyFuture(true);
    if (policy.requiredGroups.isEmpty() || !groups)
        return QtFuture::makeReadyFuture(false);
    return groups->userGroups(userId).then(QtFuture::Launch::Sync, [required = policy.requiredGroups](const QStringList &memberOf) {
        return std::any_of(memberOf.begin(), memberOf.end(), [&](const QString &group) { return required.contains(group); });
    });
}

//! Now, in seconds since the epoch, by the step's clock.
qint64 nowSecs(const RequestState &state)
{
    const auto &clock = state.config.twoFactor.clock;
    return clock ? clock().toSecsSinceEpoch() : QDateTime::currentSecsSinceEpoch();
}

} // namespace

QFuture<SecondStep> PendingStep::need(const State &shared, const QJsonObject &user, const QJsonObject &account,
                                      const Provider *provider)
{
    const RequestState &state = *shared;
    const QString userId = user.value(QStringLiteral("id")).toString();
    if (state.config.twoFactor.required == TwoFactorSignInOptions::Required::Never || userId.isEmpty()
        || (provider && provider->isWebAuthn()))
        return QtFuture::makeReadyFuture(SecondStep::None);
    TwoFactorStore *store = state.stores().twoFactor.get();
    if (!store) {
        // Closed, not open: "always" promises a second factor that cannot be kept here.
        if (state.config.twoFactor.required == TwoFactorSignInOptions::Required::Always)
            return failedFuture<SecondStep>(std::make_exception_ptr(MissingAdapterMethods(
                QStringLiteral("twoFactor.required \"always\" needs an adapter that keeps two-factor records"))));
        return QtFuture::makeReadyFuture(SecondStep::None);
    }
    TwoFactorParams params;
    params.user = user;
    params.account = account;
    return continueWith(store->totpEnrolment(userId), [shared, params, policy = state.config.twoFactor,
                                                       groups = state.stores().groups](const std::optional<TotpEnrolment> &enrolment) mutable {
        params.enrolled = enrolment && enrolment->confirmedAt.has_value();
        QFuture<SecondStep> proposed = params.enrolled
            ? QtFuture::makeReadyFuture(SecondStep::Code)
            : mustEnrol(policy, groups, params.user.value(QStringLiteral("id")).toString())
                  .then(QtFuture::Launch::Sync, [](bool enrol) { return enrol ? SecondStep::Enrolment : SecondStep::None; });
        return continueWith(proposed, [shared, params](SecondStep policyStep) mutable {
            params.proposed = policyStep;
            return Hooks::twoFactor(*shared, params).then(QtFuture::Launch::Sync, [enrolled = params.enrolled](SecondStep step) {
                // A step asks what the person can answer: a code of an app they have, else an enrolment.
                if (step == SecondStep::None)
                    return step;
                return enrolled ? SecondStep::Code : SecondStep::Enrolment;
            });
        });
    });
}

PendingStep PendingStep::create(const RequestState &state, const QJsonObject &user, const QJsonObject &account,
                                const QJsonObject &profile, bool isNewUser)
{
    PendingStep step;
    step.id = QString::fromLatin1(Crypto::base64UrlEncode(Crypto::randomBytes(16)));
    step.userId = user.value(QStringLiteral("id")).toString();
    step.provider = account.value(QStringLiteral("provider")).toString();
    step.user = user;
    step.account = account;
    step.profile = profile;
    step.isNewUser = isNewUser;
    step.callbackUrl = state.callbackUrl;
    step.expires = nowSecs(state) + state.config.twoFactor.maxAge;
    return step;
}

QList<SetCookie> PendingStep::toCookies(const RequestState &state) const
{
    QJsonObject payload{
        {QStringLiteral("jti"), id},
        {QStringLiteral("sub"), userId},
        {QStringLiteral("provider"), provider},
        {QStringLiteral("user"), user},
        {QStringLiteral("account"), account},
        {QStringLiteral("profile"), profile},
        {QStringLiteral("isNewUser"), isNewUser},
        {QStringLiteral("callbackUrl"), callbackUrl},
        {QStringLiteral("exp"), expires},
    };
    if (enrols())
        payload.insert(QStringLiteral("enrol"), enrolmentSecret);
    const auto codec = state.engine.jwe(state.config.secret);
    CookieOption cookie = state.cookies.twoFactor;
    cookie.options.maxAge = state.config.twoFactor.maxAge;
    return Cookies::write(cookie, codec->encryptRaw(QJsonDocument(payload).toJson(QJsonDocument::Compact), kSalt),
                          state.requestCookies);
}

std::optional<PendingStep> PendingStep::fromCookie(const RequestState &state)
{
    const QString value = Cookies::read(state.cookies.twoFactor.name, state.requestCookies);
    if (value.isEmpty())
        return std::nullopt;
    const auto codec = state.engine.jwe(state.config.secret);
    const std::optional<QByteArray> payload = codec->decryptRaw(value, kSalt);
    if (!payload)
        return std::nullopt;
    const QJsonObject object = QJsonDocument::fromJson(*payload).object();
    PendingStep step;
    step.id = object.value(QStringLiteral("jti")).toString();
    step.userId = object.value(QStringLiteral("sub")).toString();
    step.provider = object.value(QStringLiteral("provider")).toString();
    step.user = object.value(QStringLiteral("user")).toObject();
    step.account = object.value(QStringLiteral("account")).toObject();
    step.profile = object.value(QStringLiteral("profile")).toObject();
    step.isNewUser = object.value(QStringLiteral("isNewUser")).toBool();
    step.callbackUrl = object.value(QStringLiteral("callbackUrl")).toString();
    step.expires = object.value(QStringLiteral("exp")).toInteger();
    step.enrolmentSecret = object.value(QStringLiteral("enrol")).toString();
    if (step.id.isEmpty() || step.userId.isEmpty() || step.user.value(QStringLiteral("id")).toString() != step.userId
        || step.expires <= nowSecs(state))
        return std::nullopt;
    return step;
}

bool PendingStep::present(const RequestState &state)
{
    return Cookies::present(state.cookies.twoFactor.name, state.requestCookies);
}

QList<SetCookie> PendingStep::remove(const RequestState &state)
{
    return Cookies::remove(state.cookies.twoFactor, state.requestCookies);
}

QFuture<bool> PendingStep::isSpent(const RequestState &state) const
{
    RateLimitStore *store = state.stores().rateLimits.get();
    if (!store)
        return QtFuture::makeReadyFuture(false);
    return store->rateLimitAllows(spentKey(id), spentWindow(state), 1).then(QtFuture::Launch::Sync, [](bool allows) {
        return !allows;
    });
}

QFuture<bool> PendingStep::spend(const RequestState &state) const
{
    RateLimitStore *store = state.stores().rateLimits.get();
    if (!store)
        return QtFuture::makeReadyFuture(true);
    return store->hitRateLimit(spentKey(id), spentWindow(state), 1);
}

} // namespace Gatehouse
