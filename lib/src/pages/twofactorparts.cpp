#include "pages/twofactorparts.h"

#include "pages/messages.h"

namespace Gatehouse::Pages::TwoFactorParts {

namespace {

constexpr QStringView EnrolmentTemplate = uR"(<p class="gh-account-note">{{scan}}</p>
<p class="gh-two-factor-qr"><img src="data:image/svg+xml;base64,{{qr}}" alt="{{qrAlt}}" width="{{size}}" height="{{size}}"></p>
<p class="gh-account-note">{{keyLabel}}: <code id="gh-two-factor-secret">{{secret}}</code></p>
<p class="gh-account-note">{{appShows}}</p>
)";

constexpr QStringView CodesTemplate = uR"(<div class="gh-notice" role="status">
<h3>{{heading}}</h3>
<p>{{note}}</p>
<ul class="gh-recovery-codes">
{{codes}}</ul>
</div>
)";

} // namespace

Html enrolment(const Document &document, const TotpEnrolment &enrolment)
{
    QStringList groups;
    for (qsizetype i = 0; i < enrolment.secret.size(); i += 4)
        groups.append(enrolment.secret.mid(i, 4));
    return fill(EnrolmentTemplate, {
        {u"scan", document.text(Messages::TwoFactorScan)},
        {u"qr", QString::fromLatin1(enrolment.qrCodeSvg.toUtf8().toBase64())},
        {u"qrAlt", document.text(Messages::TwoFactorQrCode)},
        {u"size", QStringLiteral("240")},
        {u"keyLabel", document.text(Messages::TwoFactorKey)},
        {u"secret", groups.join(u' ')},
        {u"appShows", document.text(Messages::TwoFactorAppShows).arg(enrolment.issuer, enrolment.accountName)},
    });
}

Html recoveryCodes(const Document &document, const QStringList &codes)
{
    QList<Html> items;
    for (const QString &code : codes)
        items.append(fill(u"<li><code>{{code}}</code></li>\n", {{u"code", code}}));
    return fill(CodesTemplate, {{u"heading", document.text(Messages::TwoFactorCodesHeading)},
                                {u"note", document.text(Messages::TwoFactorCodesNote)},
                                {u"codes", join(items)}});
}

} // namespace Gatehouse::Pages::TwoFactorParts
