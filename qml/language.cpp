#include "language.h"

#include <QCoreApplication>
#include <QLocale>
#include <QQmlEngine>

namespace Gatehouse::Admin {

Language::Language(QQmlEngine *engine, QObject *parent) : QObject(parent), m_engine(engine)
{
    install(m_current);
}

Language::~Language()
{
    if (m_installed)
        QCoreApplication::removeTranslator(&m_translator);
    if (m_configInstalled)
        QCoreApplication::removeTranslator(&m_configTranslator);
}

Language *Language::create(QQmlEngine *engine, QJSEngine *)
{
    return new Language(engine);
}

QStringList Language::available() const
{
    return {QStringLiteral("en"), QStringLiteral("de")};
}

QString Language::systemLanguage() const
{
    const QString code = QLocale::system().name().left(2);
    return available().contains(code) ? code : QStringLiteral("en");
}

void Language::setCurrent(const QString &code)
{
    if (code == m_current || !available().contains(code))
        return;
    install(code);
    m_current = code;
    QLocale::setDefault(QLocale(code == QLatin1String("de") ? QStringLiteral("de_DE") : QStringLiteral("en_GB")));
    Q_EMIT currentChanged();
    if (m_engine)
        m_engine->retranslate();
}

void Language::install(const QString &code)
{
    if (m_installed) {
        QCoreApplication::removeTranslator(&m_translator);
        m_installed = false;
    }
    if (m_configInstalled) {
        QCoreApplication::removeTranslator(&m_configTranslator);
        m_configInstalled = false;
    }
    // English too: its catalogues hold the plural forms ("%n session(s)" -> "1 session").
    if (m_configTranslator.load(QStringLiteral(":/gatehouse/i18n/gatehouse_config_%1.qm").arg(code))) {
        QCoreApplication::installTranslator(&m_configTranslator);
        m_configInstalled = true;
    }
    if (m_translator.load(QStringLiteral(":/gatehouse/i18n/gatehouse_admin_%1.qm").arg(code))) {
        QCoreApplication::installTranslator(&m_translator);
        m_installed = true;
    }
}

} // namespace Gatehouse::Admin
