// Renders every main view of gatehouse-admin at 1280x800 in light and dark, English and German,
// with seeded data, to PNG files under the build folder (listed in the output). Fails when a
// view does not load or a picture is blank.
#include "adminfixture.h"

#include <QDir>
#include <QImage>
#include <QQmlApplicationEngine>
#include <QQuickStyle>
#include <QQuickWindow>
#include <QSet>
#include <QTest>
#include <QtQml/qqmlextensionplugin.h>

Q_IMPORT_QML_PLUGIN(Gatehouse_AdminPlugin)
Q_IMPORT_QML_PLUGIN(Gatehouse_Admin_EditorPlugin)
Q_IMPORT_QML_PLUGIN(Gatehouse_Admin_CorePlugin)

namespace {

// Distinct colours in a grid of samples: a blank (or one-colour) picture has one or two.
int distinctColours(const QImage &image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 4)
        for (int x = 0; x < image.width(); x += 4)
            colours.insert(image.pixel(x, y));
    return int(colours.size());
}

QVariant readProperty(QObject *object, const char *name)
{
    return object ? object->property(name) : QVariant();
}

} // namespace

class TestScreenshots : public QObject
{
    Q_OBJECT

private:
    AdminFixture m_fixture;
    QDir m_out;
    QStringList m_written;

private Q_SLOTS:
    void initTestCase()
    {
        AdminFixture::isolateSettings();
        QQuickStyle::setStyle(QStringLiteral("Material"));
        QVERIFY2(m_fixture.setUp(), qPrintable(m_fixture.error()));
        m_out = QDir(QStringLiteral(GATEHOUSE_SCREENSHOT_DIR));
        QVERIFY(m_out.mkpath(QStringLiteral(".")));
    }

    void views_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("palette");
        for (const char *language : {"en", "de"})
            for (const char *palette : {"light", "dark"})
                QTest::addRow("%s-%s", language, palette) << QString::fromLatin1(language) << QString::fromLatin1(palette);
    }

    void views()
    {
        QFETCH(QString, language);
        QFETCH(QString, palette);
        QQmlApplicationEngine engine;
        engine.addImportPath(QStringLiteral("qrc:/qt/qml"));
        engine.addImportPath(QStringLiteral("qrc:/"));
        engine.setInitialProperties({{QStringLiteral("startConfigPath"), m_fixture.configPath()},
                                     {QStringLiteral("startLanguage"), language},
                                     {QStringLiteral("startPalette"), palette}});
        engine.load(QUrl(QStringLiteral("qrc:/qt/qml/Gatehouse/Admin/Main.qml")));
        QVERIFY2(!engine.rootObjects().isEmpty(), "Main.qml did not load");
        auto *window = qobject_cast<QQuickWindow *>(engine.rootObjects().constFirst());
        QVERIFY(window);
        window->resize(1280, 800);
        QVERIFY(QTest::qWaitForWindowExposed(window));
        QObject *connection = readProperty(window, "connection").value<QObject *>();
        QTRY_VERIFY2_WITH_TIMEOUT(readProperty(connection, "ready").toBool(), qPrintable(readProperty(connection, "errorString").toString()), 20000);

        const QString userId = m_fixture.seeded().value(QStringLiteral("firstUserId")).toString();
        for (const QString &view : {QStringLiteral("connect"), QStringLiteral("dashboard"), QStringLiteral("users"), QStringLiteral("user"),
                                    QStringLiteral("sessions"), QStringLiteral("activity"), QStringLiteral("configuration"),
                                    QStringLiteral("theme")}) {
            if (view == QLatin1String("user"))
                QMetaObject::invokeMethod(window, "openUser", Q_ARG(QVariant, userId));
            else
                QMetaObject::invokeMethod(window, "navigate", Q_ARG(QVariant, view));
            QVariant item;
            QMetaObject::invokeMethod(window, "view", Q_RETURN_ARG(QVariant, item), Q_ARG(QVariant, view));
            QObject *viewItem = item.value<QObject *>();
            QVERIFY2(viewItem, qPrintable(view));
            QTRY_VERIFY2_WITH_TIMEOUT(readProperty(viewItem, "ready").toBool(), qPrintable(view + " did not load"), 60000);
            if (view == QLatin1String("activity")) {
                QObject *model = readProperty(viewItem, "model").value<QObject *>();
                QVERIFY2(readProperty(model, "errorString").toString().isEmpty(), qPrintable(readProperty(model, "errorString").toString()));
                QVERIFY2(model && model->property("loaded").toBool(), "the activity did not load");
                QObject *list = readProperty(viewItem, "list").value<QObject *>();
                QVERIFY2(readProperty(list, "count").toInt() > 0, "the activity shows no events");
            }
            if (view == QLatin1String("theme")) {
                QObject *preview = readProperty(viewItem, "preview").value<QObject *>();
                QVERIFY2(readProperty(preview, "errorString").toString().isEmpty(),
                         qPrintable(readProperty(preview, "errorString").toString()));
                QObject *image = viewItem->findChild<QObject *>(QStringLiteral("previewImage"));
                QTRY_COMPARE_WITH_TIMEOUT(readProperty(image, "status").toInt(), 1 /* Image.Ready */, 10000);
            }
            QTest::qWait(300);   // animations (busy indicators, highlight) settle
            const QImage shot = window->grabWindow();
            QCOMPARE(shot.size() / shot.devicePixelRatio(), QSize(1280, 800));
            const int colours = distinctColours(shot);
            QVERIFY2(colours > 12, qPrintable(QStringLiteral("%1 looks blank (%2 colours)").arg(view).arg(colours)));
            const QString file = m_out.filePath(QStringLiteral("%1-%2-%3.png").arg(view, language, palette));
            QVERIFY2(shot.save(file), qPrintable(file));
            m_written << file;
            qInfo().noquote() << "screenshot:" << file;
        }
    }

    void cleanupTestCase()
    {
        qInfo().noquote() << "screenshots written:" << m_written.size() << "under" << m_out.absolutePath();
    }
};

QTEST_MAIN(TestScreenshots)
#include "tst_screenshots.moc"
