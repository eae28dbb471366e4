#pragma once
/*
 * The parts of an access rule and of the request it is matched against: how hosts and paths
 * are normalised and matched, and which patterns are valid (the configuration reader asks).
 */
#include <QString>
#include <QStringList>

#include <optional>

namespace Gatehouse::Access {

//! \a host lower-case, without port or trailing dot ("App.Example.test:8443" -> "app.example.test").
QString normalizedHost(const QString &host);

/*!
 * The paths the app behind the proxy may serve for raw request target \a path (README.md here):
 * query and fragment dropped, percent-decoded once, dot segments resolved and repeated slashes
 * merged ("/public/%2e%2e//admin?x" -> "/admin"). One reading, or two when the path holds ';'
 * parameters: first with them removed from every segment (Tomcat, Jetty, Spring), then kept
 * (most other servers). Always start with '/'. nullopt: the path is ambiguous (not ASCII as
 * sent, an encoded '/', '\' or ';', a backslash, a '%' left after one decoding, a control
 * character, invalid UTF-8): no rule may match it by its form.
 */
std::optional<QStringList> pathReadings(const QString &path);

//! \a host (normalised) matches \a pattern: equal, or below the domain of a "*." pattern.
bool hostMatches(const QString &pattern, const QString &host);
//! \a path (one of pathReadings()) matches \a pattern: a prefix ending at a segment boundary, or a glob.
bool pathMatches(const QString &pattern, const QString &path);

//! A valid host pattern: a host name, or "*." and a host name.
bool isHostPattern(const QString &pattern);
//! A valid path pattern: starts with '/' or '*'; no control characters or whitespace.
bool isPathPattern(const QString &pattern);
//! An upper-case HTTP method name (an RFC 9110 token).
bool isMethodName(const QString &method);

} // namespace Gatehouse::Access
