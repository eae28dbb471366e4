// ThemePreview: the engine's sign-in page for the edited configuration, drawn by Chromium.
#include "configdocument.h"
#include "themepreview.h"

#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using Gatehouse::Admin::ConfigDocument;
using Gatehouse::Admin::ThemePreview;

namespace {

// Pixels of \a image within a small distance of \a colour.
int pixelsNear(const QImage &image, QColor colour)
{
    int count = 0;
    for (int y = 0; y < image.height(); y += 2) {
        for (int x = 0; x < image.width(); x += 2) {
            const QColor c = image.pixelColor(x, y);
            if (qAbs(c.red() - colour.red()) + qAbs(c.green() - colour.green()) + qAbs(c.blue() - colour.blue()) < 30)
                ++count;
        }
    }
    return count;
}

} // namespace

class TestThemePreview : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    bool waitForRender(ThemePreview &preview)
    {
        QSignalSpy rendered(&preview, &ThemePreview::rendered);
        return rendered.wait(60000);
    }

private Q_SLOTS:
    void rendersTheServersPageWithTheTheme()
    {
        QFile file(m_dir.filePath("gatehouse.json"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"theme\": {\"colorScheme\": \"light\", \"brandColor\": \"#e01010\"},\n"
"                       \"providers\": [{\"id\": \"corp\", \"type\": \"oidc\", \"name\": \"Corp Login\", \"clientId\": \"id\",\n"
"                                      \"clientSecret\": \"s\", \"issuer\": \"https://sso.example.test\"}]}");
        file.close();
        ConfigDocument document;
        QVERIFY(document.open(file.fileName()));

        ThemePreview preview;
        QVERIFY2(!preview.browser().isEmpty(), "Chromium is needed (Debian package chromium)");
        preview.setViewportWidth(800);
        preview.setViewportHeight(600);
        preview.setDocument(&document);
        QVERIFY(waitForRender(preview));
        QVERIFY2(preview.errorString().isEmpty(), qPrintable(preview.errorString()));
        QVERIFY(preview.html().contains("Sign in with Corp Login"));
        QVERIFY(preview.html().contains("--gh-brand:#e01010"));
        const QImage first(preview.image().toLocalFile());
        QCOMPARE(first.size(), QSize(800, 600));

        // Edits re-render: another brand colour, German.
        document.setValue("theme.brandColor", "#10b010");
        preview.setLanguage("de");
        QVERIFY(waitForRender(preview));
        QVERIFY2(preview.errorString().isEmpty(), qPrintable(preview.errorString()));
        QVERIFY(preview.html().contains("Mit Corp Login anmelden"));
        const QImage second(preview.image().toLocalFile());
        QVERIFY(!second.isNull());
        QVERIFY(first != second);
        QCOMPARE(preview.image().isLocalFile(), true);
        qInfo("preview rendered in %d ms (machine shared with other builds)", preview.renderMilliseconds());
    }

    void darkSchemeIsDrawnDark()
    {
        QFile file(m_dir.filePath("dark.json"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"theme\": {\"colorScheme\": \"dark\"}}");
        file.close();
        ConfigDocument document;
        QVERIFY(document.open(file.fileName()));
        ThemePreview preview;
        preview.setViewportWidth(600);
        preview.setViewportHeight(400);
        preview.setDocument(&document);
        QVERIFY(waitForRender(preview));
        QVERIFY2(preview.errorString().isEmpty(), qPrintable(preview.errorString()));
        const QImage image(preview.image().toLocalFile());
        // The page background: the top-left corner is dark, not white.
        QVERIFY2(image.pixelColor(5, 5).lightness() < 80, qPrintable(image.pixelColor(5, 5).name()));
        QVERIFY(pixelsNear(image, Qt::white) < image.width() * image.height() / 8);
    }

    void withoutBrowserSaysWhatToInstall()
    {
        QFile file(m_dir.filePath("plain.json"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{}");
        file.close();
        ConfigDocument document;
        QVERIFY(document.open(file.fileName()));
        qputenv("GATEHOUSE_CHROMIUM", m_dir.filePath("no-such-browser").toLocal8Bit());
        ThemePreview preview;
        qunsetenv("GATEHOUSE_CHROMIUM");
        QVERIFY(preview.browser().isEmpty());
        preview.setDocument(&document);
        QVERIFY(waitForRender(preview));
        QVERIFY2(preview.errorString().contains("chromium"), qPrintable(preview.errorString()));
        QVERIFY(preview.image().isEmpty());
        QVERIFY(preview.html().contains("<html"));   // the page itself was made
    }
};

QTEST_MAIN(TestThemePreview)
#include "tst_themepreview.moc"
