#pragma once
/*
 * Compact JSON with a chosen key order. QJsonObject sorts its keys; Auth.js responses keep
 * insertion order ({"user":…,"expires":…}), and clients that compare bodies byte for byte
 * should see the same text.
 */
#include <QByteArray>
#include <QJsonValue>
#include <QStringList>
#include <QStringView>

namespace Gatehouse {

//! \a value as compact JSON; in every object, keys in \a order come first, in that order.
QByteArray toOrderedJson(const QJsonValue &value, const QStringList &order);
//! Appends toOrderedJson(\a value, \a order) to \a out.
void appendOrderedJson(QByteArray &out, const QJsonValue &value, const QStringList &order);
//! Appends \a text as a JSON string, escaped as JSON.stringify (and QJsonDocument) do: a lone
//! surrogate as \uXXXX, other non-ASCII text as UTF-8.
void appendJsonString(QByteArray &out, QStringView text);

} // namespace Gatehouse
