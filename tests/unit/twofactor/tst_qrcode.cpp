#include "twofactor/qrcode.h"

#include <QRegularExpression>
#include <QTest>
#include <QXmlStreamReader>

#include <stdexcept>

using namespace Gatehouse;

class TestQrCode : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void standaloneSvg();
    void finderPatterns();
    void grows();
    void tooLong();
};

namespace {

const QByteArray uri("otpauth://totp/Example:alice%40example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
                     "&issuer=Example&algorithm=SHA1&digits=6&period=30");

//! The number of modules across, quiet zone included, from the viewBox.
int sizeOf(const QString &svg)
{
    const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("viewBox=\"0 0 (\\d+) (\\d+)\"")).match(svg);
    return m.hasMatch() && m.captured(1) == m.captured(2) ? m.captured(1).toInt() : -1;
}

} // namespace

void TestQrCode::standaloneSvg()
{
    const QString svg = QrCode::svg(uri, 5);
    QXmlStreamReader xml(svg);
    QStringList elements;
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement)
            elements.append(xml.name().toString());
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(elements, QStringList({QStringLiteral("svg"), QStringLiteral("rect"), QStringLiteral("path")}));
    // Nothing that runs or loads: the page may inline it under a strict CSP.
    QVERIFY(!svg.contains(QStringLiteral("script")));
    QVERIFY(!svg.contains(QStringLiteral("href")));
    // A symbol of version v is 17 + 4v modules, plus 4 of quiet zone on each side.
    const int size = sizeOf(svg);
    QVERIFY((size - 8 - 17) % 4 == 0 && size > 8 + 17);
    QVERIFY(svg.contains(QStringLiteral("width=\"%1\"").arg(size * 5)));
}

void TestQrCode::finderPatterns()
{
    // The three finder patterns: a 7-module dark row at the top-left, top-right and bottom-left
    // corners (inside the quiet zone), and a 3-module core two rows below each top edge.
    const QString svg = QrCode::svg(uri);
    const int width = sizeOf(svg) - 8;
    const int far = 4 + width - 7;
    QVERIFY(svg.contains(QStringLiteral("M4 4h7v1h-7z")));
    QVERIFY(svg.contains(QStringLiteral("M%1 4h7v1h-7z").arg(far)));
    QVERIFY(svg.contains(QStringLiteral("M4 %1h7v1h-7z").arg(far)));
    QVERIFY(svg.contains(QStringLiteral("M6 6h3v1h-3z")));
}

void TestQrCode::grows()
{
    QVERIFY(sizeOf(QrCode::svg("short")) < sizeOf(QrCode::svg(uri)));
    QCOMPARE(sizeOf(QrCode::svg("short")), 21 + 8);  // version 1
}

void TestQrCode::tooLong()
{
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, QrCode::svg(QByteArray(3000, 'x')));
}

QTEST_APPLESS_MAIN(TestQrCode)
#include "tst_qrcode.moc"
