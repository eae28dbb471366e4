#include "twofactor/qrcode.h"

#include <qrencode.h>

#include <cerrno>
#include <memory>
#include <stdexcept>

namespace Gatehouse::QrCode {

namespace {

struct QrDeleter
{
    void operator()(QRcode *code) const { QRcode_free(code); }
};

constexpr int QuietZone = 4;

} // namespace

QString svg(QByteArrayView text, int pixelsPerModule)
{
    // 8-bit mode over the exact bytes: no NUL terminator needed, no guessing of modes.
    errno = 0;
    std::unique_ptr<QRcode, QrDeleter> code(QRcode_encodeData(int(text.size()),
                                                             reinterpret_cast<const unsigned char *>(text.data()),
                                                             0, QR_ECLEVEL_M));
    if (!code) {
        if (errno == ERANGE)
            throw std::invalid_argument("QrCode::svg: the text is too long for a QR code");
        throw std::runtime_error("QrCode::svg: libqrencode could not encode the text");
    }
    const int width = code->width;
    const int size = width + 2 * QuietZone;
    // One path; each run of dark modules in a row is one rectangle.
    QString path;
    path.reserve(width * width);
    for (int y = 0; y < width; ++y) {
        const unsigned char *row = code->data + qsizetype(y) * width;
        for (int x = 0; x < width;) {
            if (!(row[x] & 1)) {
                ++x;
                continue;
            }
            int run = 1;
            while (x + run < width && (row[x + run] & 1))
                ++run;
            path += QStringLiteral("M%1 %2h%3v1h-%3z").arg(x + QuietZone).arg(y + QuietZone).arg(run);
            x += run;
        }
    }
    const int pixels = size * pixelsPerModule;
    return QStringLiteral("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%1\" height=\"%1\" viewBox=\"0 0 %2 %2\" "
                          "shape-rendering=\"crispEdges\" role=\"img\">"
                          "<rect width=\"%2\" height=\"%2\" fill=\"#fff\"/><path fill=\"#000\" d=\"%3\"/></svg>")
        .arg(pixels)
        .arg(size)
        .arg(path);
}

} // namespace Gatehouse::QrCode
