#pragma once
/*
 * Language: the interface language, switchable at run time. Loads the catalogues
 * :/gatehouse/i18n/gatehouse_admin_<code>.qm (translations/gatehouse_admin_<code>.ts) and, for
 * the configuration problems the library reports, gatehouse_config_<code>.qm (compiled into
 * libgatehouse), and retranslates every qsTr() binding of the engine. English is the source
 * language.
 */
#include <QObject>
#include <QStringList>
#include <QTranslator>
#include <QtQml/qqmlregistration.h>

class QQmlEngine;
class QJSEngine;

namespace Gatehouse::Admin {

class Language : public QObject
{
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON

    //! "en" or "de".
    Q_PROPERTY(QString current READ current WRITE setCurrent NOTIFY currentChanged)
    //! The codes that can be chosen.
    Q_PROPERTY(QStringList available READ available CONSTANT)
    //! The language of the system, if available, else "en".
    Q_PROPERTY(QString systemLanguage READ systemLanguage CONSTANT)

public:
    explicit Language(QQmlEngine *engine, QObject *parent = nullptr);
    ~Language() override;
    static Language *create(QQmlEngine *engine, QJSEngine *);

    QString current() const { return m_current; }
    void setCurrent(const QString &code);
    QStringList available() const;
    QString systemLanguage() const;

Q_SIGNALS:
    void currentChanged();

private:
    //! Installs the catalogues of \a code in place of the current ones.
    void install(const QString &code);

    QQmlEngine *m_engine;
    QTranslator m_translator;        // gatehouse_admin
    QTranslator m_configTranslator;  // gatehouse_config
    bool m_installed = false;
    bool m_configInstalled = false;
    QString m_current = QStringLiteral("en");
};

} // namespace Gatehouse::Admin
