#pragma once
/*
 * The parts of an access rule and of the request it is matched against: how hosts and paths
 * are normalised and matched, and which patterns are valid (the configuration reader asks).
 */
#include <QString>

namespace Gatehouse::Access {

//! \a host lower-case, without port or trailing dot ("App.Example.test:8443" -> "app.example.test").
QString normalizedHost(const QString &host);
/*!
 * The path an app behind the proxy will serve for raw request target \a path: query and
 * fragment dropped, percent-decoded, backslashes read as slashes, dot segments resolved and
 * repeated slashes merged ("/public/%2e%2e//admin?x" -> "/admin"). Always starts with '/'.
 */
QString normalizedPath(const QString &path);

//! \a host (normalised) matches \a pattern: equal, or below the domain of a "*." pattern.
bool hostMatches(const QString &pattern, const QString &host);
//! \a path (normalised) matches \a pattern: a prefix ending at a segment boundary, or a glob.
bool pathMatches(const QString &pattern, const QString &path);

//! A valid host pattern: a host name, or "*." and a host name.
bool isHostPattern(const QString &pattern);
//! A valid path pattern: starts with '/' or '*'; no control characters or whitespace.
bool isPathPattern(const QString &pattern);
//! An upper-case HTTP method name (an RFC 9110 token).
bool isMethodName(const QString &method);

} // namespace Gatehouse::Access
