// Language: switching en/de at run time retranslates the engine's qsTr() bindings.
#include "language.h"

#include <QCoreApplication>
#include <QQmlComponent>
#include <QQmlEngine>
#include <QTest>
#include <QtQml/qqmlextensionplugin.h>

Q_IMPORT_QML_PLUGIN(Gatehouse_AdminPlugin)

class TestLanguage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void switchesAtRunTime()
    {
        QQmlEngine engine;
        engine.addImportPath(QStringLiteral("qrc:/qt/qml"));
        QQmlComponent component(&engine);
        component.setData("import QtQml\nimport Gatehouse.Admin\n"
                          "QtObject { property string title: qsTr(\"Users\"); property string lang: Language.current }",
                          QUrl(QStringLiteral("qrc:/qt/qml/Gatehouse/Admin/Main.qml")));
        std::unique_ptr<QObject> object(component.create());
        QVERIFY2(object, qPrintable(component.errorString()));
        QCOMPARE(object->property("title").toString(), QString("Users"));

        auto *language = engine.singletonInstance<Gatehouse::Admin::Language *>(
            qmlTypeId("Gatehouse.Admin", 1, 0, "Language"));
        QVERIFY(language);
        language->setCurrent(QStringLiteral("de"));
        QCOMPARE(object->property("lang").toString(), QString("de"));
        QCOMPARE(object->property("title").toString(), QString("Benutzer"));
        language->setCurrent(QStringLiteral("fr"));   // not available: unchanged
        QCOMPARE(language->current(), QString("de"));
        language->setCurrent(QStringLiteral("en"));
        QCOMPARE(object->property("title").toString(), QString("Users"));
    }
};

QTEST_MAIN(TestLanguage)
#include "tst_language.moc"
