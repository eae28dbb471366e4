#pragma once
#include <QByteArray>
#include <QJsonObject>

namespace Gatehouse {

/*!
 * The body of a POST as a JSON object: \c application/json objects as they are,
 * \c application/x-www-form-urlencoded fields as strings (the last of repeated names wins).
 * Anything else, or a malformed body, is an empty object.
 */
QJsonObject parseRequestBody(const QByteArray &contentType, const QByteArray &body);

} // namespace Gatehouse
