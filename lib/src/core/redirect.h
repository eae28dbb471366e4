#pragma once
/*
 * Redirect targets: the default `redirect` callback (same origin only) and URL joining that
 * never lets a hostile value leave the origin or crash the engine.
 */
#include <QString>
#include <QStringList>
#include <QUrl>

namespace Gatehouse::Redirect {

/*!
 * Auth.js's default redirect rule: a relative path ("/x") is joined to \a baseUrl; an absolute
 * URL on the same origin as \a baseUrl is kept; anything else (other origins, "//host",
 * backslash tricks, "javascript:", malformed URLs, control characters) yields \a baseUrl.
 */
QString sameOrigin(const QString &url, const QString &baseUrl);

/*!
 * sameOrigin() widened by \a domains (Config::redirectDomains): an absolute URL whose host is
 * one of them (hostInDomains()) is kept too, if it is http(s) (https only when \a baseUrl is),
 * has no user info and a plain host name. Empty \a domains: exactly sameOrigin().
 */
QString allowed(const QString &url, const QString &baseUrl, const QStringList &domains);

//! \a host (lower-case) equals an exact entry of \a domains or lies below a ".suffix" entry.
bool hostInDomains(const QString &host, const QStringList &domains);

//! The origin ("scheme://host[:port]") of \a url, or an empty string when it has none.
QString originOf(const QUrl &url);

} // namespace Gatehouse::Redirect
