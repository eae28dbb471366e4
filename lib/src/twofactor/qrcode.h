#pragma once
/*! \file qrcode.h  QR codes as SVG, drawn on the server (libqrencode). */
#include <QByteArrayView>
#include <QString>

namespace Gatehouse::QrCode {

/*!
 * \a text as a QR code (byte mode, error correction level M, the smallest version that holds
 * it) in a standalone SVG document: dark modules as one path, a quiet zone of 4 modules, no
 * script, no external reference, scalable (viewBox in modules; \a pixelsPerModule gives the
 * width and height attributes). Throws std::invalid_argument when \a text does not fit in a QR
 * code (about 2300 bytes at level M), std::runtime_error if libqrencode fails otherwise.
 */
QString svg(QByteArrayView text, int pixelsPerModule = 6);

} // namespace Gatehouse::QrCode
