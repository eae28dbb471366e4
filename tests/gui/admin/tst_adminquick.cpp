// Runs tst_*.qml (QtQuickTest) with the app's QML modules and a seeded database.
#include "adminfixture.h"

#include <QQmlContext>
#include <QQmlEngine>
#include <QQuickStyle>
#include <QtQml/qqmlextensionplugin.h>
#include <QtQuickTest/quicktest.h>

Q_IMPORT_QML_PLUGIN(Gatehouse_AdminPlugin)
Q_IMPORT_QML_PLUGIN(Gatehouse_Admin_EditorPlugin)
Q_IMPORT_QML_PLUGIN(Gatehouse_Admin_CorePlugin)

class Setup : public QObject
{
    Q_OBJECT

public Q_SLOTS:
    void applicationAvailable()
    {
        AdminFixture::isolateSettings();
        QQuickStyle::setStyle(QStringLiteral("Material"));
        if (!m_fixture.setUp())
            qFatal("fixture: %s", qPrintable(m_fixture.error()));
    }
    void qmlEngineAvailable(QQmlEngine *engine)
    {
        engine->addImportPath(QStringLiteral("qrc:/qt/qml"));
        engine->addImportPath(QStringLiteral("qrc:/"));
        engine->rootContext()->setContextProperty(QStringLiteral("fixture"), &m_fixture);
    }

private:
    AdminFixture m_fixture;
};

QUICK_TEST_MAIN_WITH_SETUP(adminviews, Setup)
#include "tst_adminquick.moc"
