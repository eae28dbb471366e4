#pragma once
/*
 * When a person's choice keeps a security notice from going out (Account::setNoticeEnabled()):
 * the one rule the account page and the notifier share.
 */
#include <gatehouse/noticepreferencestore.h>

namespace Gatehouse::AccountDetail {

/*!
 * Whether \a choices say the notice \a kind is off for an event at \a when: turned off before
 * it. Turned off later (or within the same instant, as a database keeping whole seconds sees
 * it), it still goes out, so that whoever signs in and turns it off at once cannot hide that.
 */
bool noticeTurnedOff(const QList<NoticePreference> &choices, QStringView kind, const QDateTime &when);

} // namespace Gatehouse::AccountDetail
