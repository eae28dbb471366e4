#pragma once
/*
 * Compact JSON with a chosen key order. QJsonObject sorts its keys; Auth.js responses keep
 * insertion order ({"user":…,"expires":…}), and clients that compare bodies byte for byte
 * should see the same text.
 */
#include <QByteArray>
#include <QJsonValue>
#include <QStringList>

namespace Gatehouse {

//! \a value as compact JSON; in every object, keys in \a order come first, in that order.
QByteArray toOrderedJson(const QJsonValue &value, const QStringList &order);

} // namespace Gatehouse
