#pragma once

#include <QJsonValue>

#include <optional>

namespace Gatehouse {

//! JSON numbers read as integers. Only values within JavaScript's safe range (±(2^53 − 1)) are
//! taken: converting a larger double is undefined behaviour, and a time plus such a value cannot
//! overflow. Peers and configuration are untrusted input; anything else is "not a number".

//! The whole number \a value holds, or nothing (not a number, a fraction, or out of range).
std::optional<qint64> jsonInteger(const QJsonValue &value);

//! A NumericDate (RFC 7519): seconds, a fraction dropped; nothing when not a number or out of range.
std::optional<qint64> jsonSeconds(const QJsonValue &value);

} // namespace Gatehouse
