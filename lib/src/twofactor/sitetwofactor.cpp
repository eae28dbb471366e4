#include "twofactor/sitetwofactor.h"

#include "twofactor/base32.h"
#include "twofactor/otpauthuri.h"
#include "twofactor/qrcode.h"

#include <QUrl>

namespace Gatehouse::SiteTwoFactor {

QString issuer(const RequestState &state)
{
    const QString host = QUrl(state.origin.origin).host();
    return host.isEmpty() ? QStringLiteral("Gatehouse") : host;
}

TwoFactor of(const RequestState &state)
{
    TwoFactorOptions options;
    options.issuer = issuer(state);
    options.clock = state.config.twoFactor.clock;  // the step's codes and its age on one clock
    return TwoFactor(state.config.adapter, state.config.secret, options);
}

TwoFactorChange changeOf(const RequestState &state)
{
    TwoFactorChange change;
    change.clientAddress = state.clientAddress.isNull() ? QString() : state.clientAddress.toString();
    return change;
}

std::optional<Enrolment> enrolment(const RequestState &state, const QString &secret, const QString &accountName)
{
    const std::optional<QByteArray> raw = Base32::decode(secret);
    if (!raw || raw->isEmpty())
        return std::nullopt;
    Enrolment shown;
    shown.secret = Base32::encode(*raw);
    shown.issuer = issuer(state);
    shown.accountName = accountName;
    shown.uri = Totp::otpauthUri(shown.issuer, accountName, *raw);
    shown.qrCodeSvg = QrCode::svg(shown.uri.toUtf8());
    return shown;
}

} // namespace Gatehouse::SiteTwoFactor
