#pragma once
/*! \file noticepreferencestore.h  Each person's own choices among the security notices
 *  (securitynotices.h) that the configuration lets them choose: set on the account page, read
 *  by the notifier before it mails. */
#include <gatehouse/global.h>

#include <QDateTime>
#include <QFuture>
#include <QList>
#include <QString>

namespace Gatehouse {

//! One person's choice for one kind of notice.
struct GATEHOUSE_EXPORT NoticePreference
{
    QString kind;         //!< the notice's key in \c account.notices, e.g. "newDevice"
    bool enabled = true;  //!< false: the person asked not to get it
    /*!
     * When the person chose so. The notifier mails an event that happened before a notice was
     * turned off, so whoever turns it off cannot hide the sign-in they did it from.
     */
    QDateTime updatedAt;
};

/*!
 * The people's notice choices, one row per person and kind, removed with the person. Kinds are
 * short names of letters and digits (at most 64). Futures fail with AdapterError like the
 * adapter's: NotFound for an unknown user, InvalidArgument for a bad kind.
 */
class GATEHOUSE_EXPORT NoticePreferenceStore
{
public:
    virtual ~NoticePreferenceStore();

    //! The choices \a userId has made, by kind; empty when none (every notice as configured).
    virtual QFuture<QList<NoticePreference>> noticePreferences(const QString &userId) = 0;

    //! Records \a preference for \a userId, replacing the earlier choice of that kind.
    virtual QFuture<void> setNoticePreference(const QString &userId, const NoticePreference &preference) = 0;

protected:
    NoticePreferenceStore() = default;
    Q_DISABLE_COPY(NoticePreferenceStore)
};

} // namespace Gatehouse
