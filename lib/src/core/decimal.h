#pragma once
/*
 * Whole numbers written into a byte array in place. QByteArray::number() builds a temporary
 * array for each one, and a session response writes several (iat, exp, status, Content-Length).
 */
#include <QByteArray>

namespace Gatehouse {

//! Appends \a value in decimal, as QByteArray::number(\a value) writes it.
void appendDecimal(QByteArray &out, qint64 value);

} // namespace Gatehouse
