#pragma once
/*
 * The identity headers of an allowed request (Remote-User, X-Auth-Request-Email, ...): who the
 * app behind the proxy serves. Values are safe header values whatever the claims hold.
 */
#include <gatehouse/access.h>

#include <QByteArray>
#include <QList>
#include <QPair>

namespace Gatehouse::ForwardAuth {

//! Who is signed in, as the headers tell it.
struct Identity
{
    AccessSubject subject;  //!< user id, email, groups
    QString name;
};

//! \a value without control characters (CR, LF, NUL, ...), trimmed, as UTF-8.
QByteArray safeHeaderValue(const QString &value);
/*!
 * \a groups joined with commas; a group whose name holds a comma or a control character, or is
 * empty, is left out (never altered into another group's name).
 */
QByteArray groupsHeaderValue(const QStringList &groups);
/*!
 * Each of \a names' headers with its value: the user (the email, or the user id without one),
 * the email, the name and the groups. A value that is unknown is sent empty, never left out: a
 * proxy that copies a missing header copies its own placeholder text instead (Caddy 2.6).
 */
QList<QPair<QByteArray, QByteArray>> identityHeaders(const IdentityHeaders &names, const Identity &identity);

} // namespace Gatehouse::ForwardAuth
