#pragma once
/*
 * What an admin API request sends, read strictly: a JSON object with only the fields an
 * operation knows, each of its type; query parameters likewise. Anything else is an ApiError
 * naming the field, before anything is changed.
 */
#include "adminapi/apierror.h"

#include <gatehouse/authrequest.h>

#include <QJsonObject>
#include <QMap>
#include <QStringList>

#include <optional>

namespace Gatehouse::AdminApiDetail {

//! The body as a JSON object (Content-Type application/json) with no key outside \a known.
QJsonObject readObject(const AuthRequest &request, const QStringList &known);

//! Refuses a body, unless empty or an empty JSON object (what some clients send with every POST).
void requireNoBody(const AuthRequest &request);

//! The query parameters, each once and each in \a known.
QMap<QString, QString> readQuery(const AuthRequest &request, const QStringList &known);

//! The integer query parameter \a key from \a min to \a max, \a fallback when absent.
qint64 queryInteger(const QMap<QString, QString> &query, const QString &key, qint64 fallback, qint64 min, qint64 max);

//! The boolean query parameter \a key: \c true or \c false (a 400 naming it otherwise), false when absent.
bool queryFlag(const QMap<QString, QString> &query, const QString &key);

//! The string \a key of \a object: absent -> nullopt; otherwise a string of at most \a maxLength.
std::optional<QString> stringField(const QJsonObject &object, const QString &key, int maxLength);

/*!
 * A field that may be null: absent -> nullopt, null -> an empty inner optional, otherwise a
 * string of at most \a maxLength.
 */
std::optional<std::optional<QString>> nullableStringField(const QJsonObject &object, const QString &key, int maxLength);

//! The boolean \a key: absent -> nullopt.
std::optional<bool> booleanField(const QJsonObject &object, const QString &key);

//! \a text as an email address: trimmed, lower-cased, one '@' with text either side, at most 255 characters.
QString normalisedEmail(const QString &text, const QString &field);

} // namespace Gatehouse::AdminApiDetail
