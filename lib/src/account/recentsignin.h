#pragma once
/*
 * The re-authentication rule (lib/src/account/README.md): a change that could lock the person
 * out or hand the account to someone else needs a recent sign-in.
 */
#include <QDateTime>

namespace Gatehouse::AccountDetail {

//! The default age after which a sign-in no longer counts as recent: 10 minutes.
inline constexpr qint64 kDefaultReauthenticateAfter = 600;

/*!
 * Whether a sign-in at \a signedInAt is recent at \a now: no older than \a maxAgeSeconds. An
 * unknown time (invalid) is never recent, nor is one in the future by more than a minute
 * (a clock that jumped, or a forged value).
 */
bool isRecentSignIn(const QDateTime &signedInAt, const QDateTime &now,
                    qint64 maxAgeSeconds = kDefaultReauthenticateAfter);

} // namespace Gatehouse::AccountDetail
