#pragma once
/*! \file logwriter.h  How gatehouse-server writes its log: text or JSON lines, journal-aware. */
#include <QString>

#include <optional>

namespace Gatehouse {

/*!
 * gatehouse-server's Qt message handler: every log line, the library's included, goes to
 * standard error in one of two formats:
 * - \c text: \c "2025-01-31T12:00:00.123 info gatehouse.http: GET /auth/session 200 412us 127.0.0.1"
 *   (QT_MESSAGE_PATTERN, when set, wins);
 * - \c json: one object per line with \c time (UTC, ISO 8601), \c level, \c category and
 *   \c message, and for the request lines of \c gatehouse.http also \c requestId, \c method,
 *   \c path (never the query), \c status, \c durationUs and \c client.
 *
 * When standard error is the journal's stream (JOURNAL_STREAM names it, as systemd sets it),
 * each line starts with its syslog priority (\c "<4>" for a warning), which journald turns into
 * the entry's priority, so that `journalctl -p warning` works; the journal's own time replaces
 * the text format's.
 *
 * Qt's \c qt.httpserver and \c qt.network categories never log at debug level (they print
 * request headers, cookies included), even when QT_LOGGING_RULES asks for everything.
 */
namespace LogWriter {

enum class Format { Text, Json };

//! Parses "text" or "json".
std::optional<Format> parseFormat(const QString &name);

//! Installs the handler with \a format (thread-safe; lines are written whole).
void install(Format format);
//! Changes the format of the installed handler (a reload); ignored when fixed by setFixed().
void setFormat(Format format);
//! The command line chose the format: setFormat() changes nothing from now on.
void fixFormat();
Format format();

} // namespace LogWriter

} // namespace Gatehouse
