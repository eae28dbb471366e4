#pragma once
/*
 * The made-up rows of the database benchmarks, a pure function of their index so that the
 * loader and the measuring side agree without exchanging lists: session i has a token shaped
 * like the server's own (a random-looking UUID) and belongs to user (i mod users) + 1.
 */
#include <QString>

namespace BenchTokens {

//! The session token of loaded session \a index (0-based): 36 characters, UUID layout.
QString sessionToken(qint64 index);
//! The email address of loaded user \a id (1-based).
QString userEmail(qint64 id);

} // namespace BenchTokens
