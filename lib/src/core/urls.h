#pragma once
/*!
 * \file urls.h  The URLs the engine builds, in one place: what the base path puts before an
 * action, where each built-in page (or its configured replacement) is, a query appended to a
 * URL that may have one already, and the three URLs many places send a browser to (the sign-in
 * page that comes back, a provider's sign-in, a page with an error).
 */
#include <gatehouse/config.h>

#include <QString>
#include <QUrlQuery>

#include <optional>

namespace Gatehouse::Urls {

//! What goes before "/<action>": \a basePath, or nothing when it is "/".
QString basePathPrefix(const QString &basePath);

//! The path segment of built-in page \a page: "signin", "signout", "error", "verify-request", "account".
QLatin1String pageSegment(PagesOptions::Page page);

//! The replacement of \a page in \a pages (\c pages.signIn, ...); empty for the built-in page.
QString customPage(const PagesOptions &pages, PagesOptions::Page page);

/*!
 * Where a client of \a origin (scheme://host[:port]) finds \a page: its configured
 * replacement (a path there is made absolute on \a origin), or the built-in page under the
 * base path.
 */
QString pageUrl(const Config &config, PagesOptions::Page page, const QString &origin);

/*!
 * "Sign in, then come back to \a callbackUrl": \a signInPage (the built-in page or pages.signIn,
 * which may have a query of its own) with \c callbackUrl=<callbackUrl, percent-encoded whole>.
 */
QString signInThenBackTo(const QString &signInPage, const QString &callbackUrl);

//! Where a form signs in with provider \a providerId: <baseUrl>/signin/<providerId, percent-encoded>.
QString providerSignIn(const QString &baseUrl, const QString &providerId);

//! The query that names error \a error (and its \a code, for CredentialsSignin): \c error=...[&code=...].
QString errorQuery(const QString &error, const std::optional<QString> &code = std::nullopt);
//! \a page with errorQuery(\a error, \a code) appended.
QString withError(const QString &page, const QString &error, const std::optional<QString> &code = std::nullopt);

//! \a url with \a encodedQuery appended after "?" or "&"; \a url itself when it is empty.
QString withQuery(const QString &url, const QString &encodedQuery);
//! The same for \a query, fully encoded.
QString withQuery(const QString &url, const QUrlQuery &query);

} // namespace Gatehouse::Urls
