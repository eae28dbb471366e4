#pragma once
/*
 * A User-Agent header summed up for a person looking at their sessions: the browser and the
 * operating system, by the tokens browsers have sent for years. Not for decisions: a client
 * sends whatever it likes.
 */
#include <QString>

namespace Gatehouse::AccountDetail {

struct UserAgentSummary
{
    QString browser;          //!< "Firefox", "Chrome", "Edge", "Safari", ...; else the product token
    QString operatingSystem;  //!< "Windows", "macOS", "iOS", "Android", "Linux", ...; empty when unknown
};

UserAgentSummary summarizeUserAgent(const QString &userAgent);

} // namespace Gatehouse::AccountDetail
