#pragma once
/*
 * The two timestamp texts on Gatehouse's wire, formatted without QLocale (they are written on
 * every session response): the IMF-fixdate of HTTP headers and cookies, and the ISO 8601 form
 * JavaScript's Date.toISOString() prints in session JSON.
 */
#include <QByteArray>
#include <QDateTime>
#include <QString>

namespace Gatehouse {

//! \a secsSinceEpoch in the IMF-fixdate form of the Date header: "Sun, 06 Nov 1994 08:49:37 GMT".
QByteArray httpDate(qint64 secsSinceEpoch);

//! \a when in UTC as Date.toISOString() prints it: "2026-12-23T16:45:05.123Z".
QString isoTimestamp(const QDateTime &when);

} // namespace Gatehouse
