#pragma once
/*
 * Redirect targets: the default `redirect` callback (same origin only) and URL joining that
 * never lets a hostile value leave the origin or crash the engine.
 */
#include <QString>
#include <QUrl>

namespace Gatehouse::Redirect {

/*!
 * Auth.js's default redirect rule: a relative path ("/x") is joined to \a baseUrl; an absolute
 * URL on the same origin as \a baseUrl is kept; anything else (other origins, "//host",
 * backslash tricks, "javascript:", malformed URLs, control characters) yields \a baseUrl.
 */
QString sameOrigin(const QString &url, const QString &baseUrl);

//! The origin ("scheme://host[:port]") of \a url, or an empty string when it has none.
QString originOf(const QUrl &url);

} // namespace Gatehouse::Redirect
