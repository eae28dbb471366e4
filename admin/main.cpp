// gatehouse-admin: the desktop admin app. The views are the QML module Gatehouse.Admin (qml/);
// this file reads the command line and starts the engine.
#include <gatehouse/version.h>

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QIcon>
#include <QQmlApplicationEngine>
#include <QQuickStyle>
#include <QUrl>
#include <memory>
#include <QtQml/qqmlextensionplugin.h>

Q_IMPORT_QML_PLUGIN(Gatehouse_AdminPlugin)
Q_IMPORT_QML_PLUGIN(Gatehouse_Admin_EditorPlugin)
#ifdef GATEHOUSE_ADMIN_HAS_CORE
Q_IMPORT_QML_PLUGIN(Gatehouse_Admin_CorePlugin)
#endif

namespace {

// --help and --version need no display: they run without the GUI platform.
bool onlyPrints(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray argument(argv[i]);
        if (argument == "-h" || argument == "--help" || argument == "--help-all" || argument == "-v"
            || argument == "--version" || argument == "-?")
            return true;
    }
    return false;
}

} // namespace

int main(int argc, char *argv[])
{
    const std::unique_ptr<QCoreApplication> application(
        onlyPrints(argc, argv) ? new QCoreApplication(argc, argv) : new QGuiApplication(argc, argv));
    QCoreApplication &app = *application;
    QCoreApplication::setApplicationName(QStringLiteral("gatehouse-admin"));
    QCoreApplication::setOrganizationName(QStringLiteral("Gatehouse"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GATEHOUSE_VERSION_STRING));

    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
        "main",
        "Administers a Gatehouse installation: users, linked accounts, sessions, passkeys, the\n"
        "server's configuration file and the theme of its sign-in pages.\n\n"
        "Without options it shows the connect screen with the recent connections."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption config(
        QStringLiteral("config"),
        QCoreApplication::translate("main", "Open the gatehouse-server configuration <file>: its database "
                                            "(\"adapter\" or DATABASE_URL) and its settings."),
        QStringLiteral("file"));
    const QCommandLineOption database(
        QStringLiteral("database"),
        QCoreApplication::translate("main", "Open the database <url> directly: sqlite:///path/gatehouse.db, "
                                            "postgresql://user@host/db or mysql://user@host/db."),
        QStringLiteral("url"));
    const QCommandLineOption language(
        QStringLiteral("language"),
        QCoreApplication::translate("main", "Language of the interface: en or de (default: the system's)."),
        QStringLiteral("code"));
    const QCommandLineOption palette(
        QStringLiteral("palette"),
        QCoreApplication::translate("main", "Colours: light or dark (default: the last one used)."),
        QStringLiteral("name"));
    parser.addOptions({config, database, language, palette});
    parser.addPositionalArgument(
        QStringLiteral("target"),
        QCoreApplication::translate("main", "A configuration file or a database URL (the same as --config or --database)."),
        QStringLiteral("[target]"));
    parser.process(app);
    if (parser.positionalArguments().size() > 1) {
        qCritical("gatehouse-admin: give at most one configuration file or database URL");
        return 2;
    }

    if (parser.isSet(config) && parser.isSet(database)) {
        qCritical("gatehouse-admin: give either --config or --database, not both");
        return 2;
    }
    const QString languageCode = parser.value(language);
    if (!languageCode.isEmpty() && languageCode != QLatin1String("en") && languageCode != QLatin1String("de")) {
        qCritical("gatehouse-admin: --language must be en or de, not \"%s\"", qPrintable(languageCode));
        return 2;
    }
    const QString paletteName = parser.value(palette);
    if (!paletteName.isEmpty() && paletteName != QLatin1String("light") && paletteName != QLatin1String("dark")) {
        qCritical("gatehouse-admin: --palette must be light or dark, not \"%s\"", qPrintable(paletteName));
        return 2;
    }
    QString configPath = parser.value(config);
    QString databaseUrl = parser.value(database);
    if (!parser.positionalArguments().isEmpty()) {
        if (parser.isSet(config) || parser.isSet(database)) {
            qCritical("gatehouse-admin: give either a target or --config/--database, not both");
            return 2;
        }
        const QString target = parser.positionalArguments().constFirst();
        const QUrl url(target);
        if (url.isLocalFile())
            configPath = url.toLocalFile();
        else if (target.contains(QLatin1String("://")))
            databaseUrl = target;
        else
            configPath = target;
    }
    if (!configPath.isEmpty())
        configPath = QFileInfo(configPath).absoluteFilePath();

    QGuiApplication::setApplicationDisplayName(QStringLiteral("Gatehouse Admin"));
    QGuiApplication::setDesktopFileName(QStringLiteral("gatehouse-admin"));
    QGuiApplication::setWindowIcon(QIcon(QStringLiteral(":/qt/qml/Gatehouse/Admin/gatehouse-admin.svg")));
    QQuickStyle::setStyle(QStringLiteral("Material"));
    QQmlApplicationEngine engine;
    engine.addImportPath(QStringLiteral("qrc:/qt/qml"));
    engine.setInitialProperties({
        {QStringLiteral("startConfigPath"), configPath},
        {QStringLiteral("startDatabaseUrl"), databaseUrl},
        {QStringLiteral("startLanguage"), languageCode},
        {QStringLiteral("startPalette"), paletteName},
    });
    QObject::connect(&engine, &QQmlApplicationEngine::objectCreationFailed, &app,
                     [] { QCoreApplication::exit(1); }, Qt::QueuedConnection);
    engine.load(QUrl(QStringLiteral("qrc:/qt/qml/Gatehouse/Admin/Main.qml")));
    if (engine.rootObjects().isEmpty())
        return 1;
    return app.exec();
}
