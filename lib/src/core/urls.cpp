#include "core/urls.h"

#include <QUrl>

namespace Gatehouse::Urls {

QString basePathPrefix(const QString &basePath)
{
    return basePath == QLatin1String("/") ? QString() : basePath;
}

QLatin1String pageSegment(PagesOptions::Page page)
{
    switch (page) {
    case PagesOptions::Page::SignIn: return QLatin1String("signin");
    case PagesOptions::Page::SignOut: return QLatin1String("signout");
    case PagesOptions::Page::Error: return QLatin1String("error");
    case PagesOptions::Page::VerifyRequest: return QLatin1String("verify-request");
    case PagesOptions::Page::Account: return QLatin1String("account");
    case PagesOptions::Page::TwoFactor: return QLatin1String("two-factor");
    }
    Q_UNREACHABLE();
}

QString customPage(const PagesOptions &pages, PagesOptions::Page page)
{
    switch (page) {
    case PagesOptions::Page::SignIn: return pages.signIn;
    case PagesOptions::Page::SignOut: return pages.signOut;
    case PagesOptions::Page::Error: return pages.error;
    case PagesOptions::Page::VerifyRequest: return pages.verifyRequest;
    case PagesOptions::Page::Account: return pages.account;
    case PagesOptions::Page::TwoFactor: return pages.twoFactor;
    }
    Q_UNREACHABLE();
}

QString pageUrl(const Config &config, PagesOptions::Page page, const QString &origin)
{
    const QString custom = customPage(config.pages, page);
    if (custom.isEmpty())
        return origin + basePathPrefix(config.basePath) + QLatin1Char('/') + pageSegment(page);
    return custom.startsWith(QLatin1Char('/')) ? origin + custom : custom;
}

namespace {

QString encoded(const QString &value)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(value));
}

} // namespace

QString signInThenBackTo(const QString &signInPage, const QString &callbackUrl)
{
    return withQuery(signInPage, QStringLiteral("callbackUrl=") + encoded(callbackUrl));
}

QString providerSignIn(const QString &baseUrl, const QString &providerId)
{
    return baseUrl + QStringLiteral("/signin/") + encoded(providerId);
}

QString errorQuery(const QString &error, const std::optional<QString> &code)
{
    QString query = QStringLiteral("error=") + encoded(error);
    if (code)
        query += QStringLiteral("&code=") + encoded(*code);
    return query;
}

QString withError(const QString &page, const QString &error, const std::optional<QString> &code)
{
    return withQuery(page, errorQuery(error, code));
}

QString withQuery(const QString &url, const QString &encodedQuery)
{
    if (encodedQuery.isEmpty())
        return url;
    return url + (url.contains(QLatin1Char('?')) ? QLatin1Char('&') : QLatin1Char('?')) + encodedQuery;
}

QString withQuery(const QString &url, const QUrlQuery &query)
{
    return withQuery(url, query.toString(QUrl::FullyEncoded));
}

} // namespace Gatehouse::Urls
