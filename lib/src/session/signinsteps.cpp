#include "session/signinsteps.h"

#include <QJsonArray>

namespace Gatehouse::SignInRecord {

namespace {

struct Named
{
    SignInStep step;
    QLatin1String amr;
};

//! Each step's amr value, in the order toAmr() writes them.
constexpr Named kNames[] = {
    {SignInStep::Password, QLatin1String("pwd")},     {SignInStep::EmailLink, QLatin1String("email")},
    {SignInStep::OAuth, QLatin1String("fed")},        {SignInStep::Passkey, QLatin1String("hwk")},
    {SignInStep::Totp, QLatin1String("otp")},         {SignInStep::RecoveryCode, QLatin1String("recovery")},
};

constexpr QLatin1String kMultiFactor{"mfa"};
const SignInSteps kCodes = SignInStep::Totp | SignInStep::RecoveryCode;

} // namespace

SignInSteps firstStepOf(const QString &accountType)
{
    if (accountType == u"credentials")
        return SignInStep::Password;
    if (accountType == u"email")
        return SignInStep::EmailLink;
    if (accountType == u"oauth" || accountType == u"oidc")
        return SignInStep::OAuth;
    if (accountType == u"webauthn")
        return SignInStep::Passkey;
    return {};
}

QStringList toAmr(SignInSteps steps)
{
    QStringList amr;
    for (const Named &named : kNames) {
        if (steps.testFlag(named.step))
            amr.append(named.amr);
    }
    if (levelOf(steps) == SecondFactorLevel::TwoFactors)
        amr.append(kMultiFactor);
    return amr;
}

SignInSteps fromAmr(const QStringList &amr)
{
    SignInSteps steps;
    for (const QString &value : amr) {
        for (const Named &named : kNames) {
            if (value == named.amr)
                steps |= named.step;
        }
    }
    return steps;
}

SecondFactorLevel levelOf(SignInSteps steps)
{
    if (!steps)
        return SecondFactorLevel::NotRecorded;
    // A code alone is no sign-in: two factors need a first step besides it.
    const bool code = bool(steps & kCodes);
    const bool first = bool(steps & ~kCodes);
    return code && first ? SecondFactorLevel::TwoFactors : SecondFactorLevel::OneFactor;
}

QJsonObject stamp(const Stores &stores, QJsonObject token, SignInSteps steps)
{
    if (stores.account && steps)
        token.insert(kClaim, QJsonArray::fromStringList(toAmr(steps)));
    return token;
}

QJsonObject carry(const Stores &stores, QJsonObject reissued, const QJsonObject &previous)
{
    if (!stores.account)
        return reissued;
    const QJsonValue amr = previous.value(kClaim);
    if (!amr.isArray())
        reissued.remove(kClaim);  // a token from before the claim, or a callback's own: no record
    else if (reissued.value(kClaim) != amr)  // the usual token kept it: no copy of the claims
        reissued.insert(kClaim, amr);
    return reissued;
}

SignInSteps of(const QJsonObject &claims)
{
    const QJsonValue amr = claims.value(kClaim);
    if (!amr.isArray())
        return {};
    QStringList values;
    for (const QJsonValue &value : amr.toArray()) {
        if (value.isString())
            values.append(value.toString());
    }
    return fromAmr(values);
}

} // namespace Gatehouse::SignInRecord
