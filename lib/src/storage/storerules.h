#pragma once
/*! \file storerules.h  Checks and normalisations every store applies before storing a record. */
#include <gatehouse/adaptertypes.h>
#include <gatehouse/webhookstore.h>

#include <QStringList>

namespace Gatehouse::StoreRules {

/*!
 * \a account as it is stored: \c token_type lower-cased, \c expires_at computed from
 * \c expires_in (relative to \a nowSeconds) when absent, \c expires_in dropped and
 * \c session_state normalised as a text column keeps it (see sessionStateText()).
 * Throws AdapterError (InvalidArgument, naming \a method) when a required field is empty.
 */
AdapterAccount prepareAccount(const AdapterAccount &account, qint64 nowSeconds, const QString &method);

//! Throws AdapterError (InvalidArgument, naming \a method) when the token or the expiry is missing.
void checkSession(const AdapterSession &session, const QString &method);
void checkVerificationToken(const VerificationToken &token, const QString &method);
//! Throws AdapterError (InvalidArgument) when the credential ID is empty.
void checkAuthenticator(const AdapterAuthenticator &authenticator, const QString &method);

//! \c session_state as stored in its TEXT column: strings as they are, anything else as JSON.
std::optional<QString> sessionStateText(const QJsonValue &state);
//! The inverse of sessionStateText(): JSON objects and arrays are parsed, other text is a string.
QJsonValue sessionStateFromText(const std::optional<QString> &text);

//! Throws AdapterError (InvalidArgument, naming \a method and the problem) when groupNameProblem()
//! refuses \a group (groupstore.h; defined in groupstore.cpp beside the rule).
void checkGroupName(const QString &group, const QString &method);
//! \a groups sorted, each once: the order every GroupStore answers in, whatever the database's collation.
QStringList sortedGroups(QStringList groups);

//! Throws AdapterError (InvalidArgument, naming \a method) unless \a kind is 1 to 64 letters and
//! digits (noticepreferencestore.h; defined in noticepreferencestore.cpp).
void checkNoticeKind(const QString &kind, const QString &method);

//! Throws AdapterError (InvalidArgument, naming \a method) unless \a webhook is 1 to 128
//! characters (webhookstore.h; defined in webhookstore.cpp).
void checkWebhookKey(const QString &webhook, const QString &method);
//! \a retry as stored: its key checked, both times present (to the second), the error cut at 500.
WebhookRetry storableWebhookRetry(const WebhookRetry &retry, const QString &method);

//! The rate-limit key under which a claim on refreshing an account's tokens is kept.
QString tokenRefreshKey(const QString &provider, const QString &providerAccountId);

} // namespace Gatehouse::StoreRules
