#pragma once
/*
 * Which audit event calls for which security notice (README.md), as data: the notifier asks
 * here, and asks the person's history only where a rule needs it.
 */
#include "mail/noticemail.h"

#include <gatehouse/auditstore.h>
#include <gatehouse/config.h>

#include <optional>

namespace Gatehouse::Notices {

//! What the person's history must say before the notice goes out.
enum class HistoryCheck {
    None,
    NewDevice,    //!< an earlier sign-in of theirs, none of them with this browser and system
    NotAtSignUp,  //!< no createUser of theirs just before: an account or passkey made with the user is no news
};

struct Notice
{
    Mail::NoticeMailKind kind = Mail::NoticeMailKind::PasswordChanged;
    Mail::NoticeMailFacts facts;
    HistoryCheck check = HistoryCheck::None;
    //! The key the person may turn it off with (Account::personalNotices()); empty: they cannot.
    QString personalSwitch;
};

//! The notice \a event calls for under \a options; nullopt for none (or no user to tell).
std::optional<Notice> noticeFor(const AuditEvent &event, const NoticeOptions &options);

//! "Firefox on Linux", "Safari", or empty, from a User-Agent header: what the account page shows.
QString deviceOf(const QString &userAgent);

//! How long after its createUser event an account link or a passkey counts as part of the sign-up.
inline constexpr qint64 SignUpSeconds = 120;

} // namespace Gatehouse::Notices
