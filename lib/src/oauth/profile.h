#pragma once
/*!
 * \file profile.h  From an identity provider's profile and token response to Gatehouse's user
 * and account (SPEC.md "Profile", "Account").
 *
 * A provider's \c profileMapping maps each user field (\c id, \c name, \c email, \c image) to
 *  - a claim path: \c "email", \c "data.id", \c "images.0.url" (dots step into objects and
 *    arrays);
 *  - a list of paths, the first whose value is neither absent nor null winning (like JavaScript's
 *    \c ??): \c ["name", "login"];
 *  - a template with \c {path} placeholders: \c "https://cdn.example/{id}/{avatar}.png", null
 *    when a placeholder has no value;
 *  - \c null: the field is always null.
 * Fields the mapping leaves out keep the default: \c id ["sub", "id"], \c name ["name",
 * "nickname", "preferred_username"], \c email "email", \c image "picture".
 */
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace Gatehouse::OAuth {

//! The value at \a path (dot-separated) in \a root; Undefined when absent.
QJsonValue valueAtPath(const QJsonValue &root, QStringView path);

/*!
 * The user \a profile describes under \a mapping: \c {id, name, email, image} with absent
 * values left out, \c id as a string and \c email lower-cased. Throws AuthError
 * \c OAuthProfileParseError when there is no id.
 */
QJsonObject userFromProfile(const QJsonObject &profile, const QJsonObject &mapping);

/*!
 * The account of a sign-in: the default token set of \a tokens (\c access_token, \c id_token,
 * \c refresh_token, \c expires_at — from \c expires_in when absent —, \c scope, \c token_type
 * lower-cased, \c session_state), then \c provider, \c type and \c providerAccountId.
 */
QJsonObject accountFromTokens(const QJsonObject &tokens, const QString &provider, const QString &type,
                              const QString &providerAccountId, qint64 now);

} // namespace Gatehouse::OAuth
