#include "notices/noticerules.h"

#include "account/useragent.h"

namespace Gatehouse::Notices {

using Mail::NoticeMailKind;

QString deviceOf(const QString &userAgent)
{
    if (userAgent.isEmpty())
        return {};
    const AccountDetail::UserAgentSummary summary = AccountDetail::summarizeUserAgent(userAgent);
    if (summary.operatingSystem.isEmpty())
        return summary.browser;
    if (summary.browser.isEmpty())
        return summary.operatingSystem;
    return QStringLiteral("%1 on %2").arg(summary.browser, summary.operatingSystem);
}

std::optional<Notice> noticeFor(const AuditEvent &event, const NoticeOptions &options)
{
    if (event.userId.isEmpty())
        return std::nullopt;
    const QString type = event.type;
    Notice notice;
    const auto kind = [&]() -> std::optional<NoticeMailKind> {
        if (type == u"signIn" && options.newDevice) {
            notice.check = HistoryCheck::NewDevice;
            notice.personalSwitch = QStringLiteral("newDevice");
            return NoticeMailKind::NewDevice;
        }
        if (type == u"passwordChange" && options.passwordChange)
            return NoticeMailKind::PasswordChanged;
        if (type == u"passwordReset" && options.passwordReset)
            return NoticeMailKind::PasswordReset;
        if (type == u"twoFactorEnrol" && options.twoFactor)
            return NoticeMailKind::TwoFactorOn;
        if (type == u"twoFactorRemove" && options.twoFactor)
            return NoticeMailKind::TwoFactorOff;
        if (type == u"twoFactorVerify" && options.recoveryCode
            && event.detail.value(QStringLiteral("method")).toString() == u"recoveryCode")
            return NoticeMailKind::RecoveryCodeUsed;
        if (type == u"linkAccount" && options.linkedAccounts) {
            notice.check = HistoryCheck::NotAtSignUp;
            return NoticeMailKind::AccountLinked;
        }
        if (type == u"unlinkAccount" && options.linkedAccounts)
            return NoticeMailKind::AccountUnlinked;
        if (type == u"passkeyAdd" && options.passkeys) {
            notice.check = HistoryCheck::NotAtSignUp;
            return NoticeMailKind::PasskeyAdded;
        }
        return std::nullopt;
    }();
    if (!kind)
        return std::nullopt;
    notice.kind = *kind;
    Mail::NoticeMailFacts &facts = notice.facts;
    facts.when = event.time;
    facts.clientAddress = event.clientAddress;
    facts.device = deviceOf(event.detail.value(QStringLiteral("userAgent")).toString());
    if (*kind == NoticeMailKind::AccountLinked || *kind == NoticeMailKind::AccountUnlinked)
        facts.provider = event.provider;
    if (*kind == NoticeMailKind::PasskeyAdded)
        facts.passkey = event.detail.value(QStringLiteral("name")).toString();
    if (*kind == NoticeMailKind::RecoveryCodeUsed) {
        const QJsonValue left = event.detail.value(QStringLiteral("recoveryCodesLeft"));
        facts.codesLeft = left.isDouble() ? left.toInt() : -1;
    }
    return notice;
}

} // namespace Gatehouse::Notices
