#pragma once
/*
 * Shapes shared by the session paths: the token made from a user at sign-in, and the default
 * client session made from a token (JWT sessions) or from a stored user (database sessions).
 */
#include <gatehouse/adaptertypes.h>

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QStringList>

namespace Gatehouse::SessionClaims {

//! {name, email, picture, sub} of \a user; absent and null values are left out.
QJsonObject tokenFromUser(const QJsonObject &user);
//! {user: {name, email, image}, expires} from \a token, like Auth.js's default session.
QJsonObject defaultSession(const QJsonObject &token, const QDateTime &expires);
/*!
 * The session body of defaultSession(\a token, \a expires): exactly
 * toOrderedJson(defaultSession(token, expires), sessionKeyOrder()), written straight from the
 * token without building the session object.
 */
QByteArray defaultSessionJson(const QJsonObject &token, const QDateTime &expires);
//! {user: {name, email, image}, expires} of a stored \a user, nulls kept, like Auth.js's default
//! session of a database session.
QJsonObject storedSession(const AdapterUser &user, const QDateTime &expires);
//! Exactly toOrderedJson(storedSession(\a user, \a expires), sessionKeyOrder()), written directly.
QByteArray storedSessionJson(const AdapterUser &user, const QDateTime &expires);
//! Key order of session bodies: {"user":{"name","email","image"},"expires"}.
const QStringList &sessionKeyOrder();

} // namespace Gatehouse::SessionClaims
