#include "account/useragent.h"

#include <QRegularExpression>

namespace Gatehouse::AccountDetail {

UserAgentSummary summarizeUserAgent(const QString &userAgent)
{
    UserAgentSummary summary;
    const QString ua = userAgent.trimmed();
    if (ua.isEmpty())
        return summary;
    // The order matters: Edge and Opera also say Chrome, Chrome also says Safari.
    static const std::pair<const char *, const char *> browsers[] = {
        {"Edg/", "Edge"}, {"EdgA/", "Edge"}, {"EdgiOS/", "Edge"}, {"OPR/", "Opera"},
        {"SamsungBrowser/", "Samsung Internet"}, {"Firefox/", "Firefox"}, {"FxiOS/", "Firefox"},
        {"Chromium/", "Chromium"}, {"CriOS/", "Chrome"}, {"Chrome/", "Chrome"},
        {"Safari/", "Safari"},
    };
    for (const auto &[token, name] : browsers) {
        if (ua.contains(QLatin1String(token))) {
            summary.browser = QLatin1String(name);
            break;
        }
    }
    if (summary.browser.isEmpty()) {
        // A tool (curl/8.0, python-requests/2.31): its product name, kept short.
        static const QRegularExpression product(QStringLiteral("^([A-Za-z][A-Za-z0-9._-]{0,39})"));
        const QRegularExpressionMatch match = product.match(ua);
        if (match.hasMatch() && match.captured(1) != QLatin1String("Mozilla"))
            summary.browser = match.captured(1);
    }
    static const std::pair<const char *, const char *> systems[] = {
        {"Windows", "Windows"}, {"iPhone", "iOS"}, {"iPad", "iPadOS"}, {"Android", "Android"},
        {"CrOS", "ChromeOS"}, {"Mac OS X", "macOS"}, {"Macintosh", "macOS"}, {"Linux", "Linux"},
        {"FreeBSD", "FreeBSD"},
    };
    for (const auto &[token, name] : systems) {
        if (ua.contains(QLatin1String(token))) {
            summary.operatingSystem = QLatin1String(name);
            break;
        }
    }
    return summary;
}

} // namespace Gatehouse::AccountDetail
