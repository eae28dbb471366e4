#pragma once
/*
 * Translations of the mails without global state, like Pages::PageTranslator: the compiled
 * catalogues (:/gatehouse/i18n/gatehouse_mail_<language>.qm) are loaded once per engine and
 * QCoreApplication's translator list is never touched.
 */
#include <QString>
#include <QStringList>
#include <map>
#include <memory>

class QTranslator;

namespace Gatehouse::Mail {

class MailTranslator
{
public:
    //! Loads every mail catalogue compiled into the library.
    MailTranslator();
    ~MailTranslator();
    MailTranslator(const MailTranslator &) = delete;
    MailTranslator &operator=(const MailTranslator &) = delete;

    //! The languages with a catalogue.
    QStringList languages() const;

    //! \a sourceText (a Messages constant) in \a language; the source text itself when the
    //! language or the text has no translation.
    QString translate(const QString &language, const char *sourceText) const;

private:
    std::map<QString, std::unique_ptr<QTranslator>> m_translators;
};

} // namespace Gatehouse::Mail
