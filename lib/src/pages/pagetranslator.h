#pragma once
/*
 * Translations of the built-in pages without global state: the engine owns one PageTranslator,
 * which loads the compiled catalogues (:/gatehouse/i18n/gatehouse_pages_<language>.qm) once.
 * QCoreApplication's translator list is never touched.
 */
#include <QByteArrayView>
#include <QString>
#include <QStringList>
#include <map>
#include <memory>

class QTranslator;

namespace Gatehouse::Pages {

class PageTranslator
{
public:
    //! The language of the source texts, and the fallback of negotiate().
    static constexpr char16_t DefaultLanguage[] = u"en";

    //! Loads every page catalogue compiled into the library.
    PageTranslator();
    ~PageTranslator();
    PageTranslator(const PageTranslator &) = delete;
    PageTranslator &operator=(const PageTranslator &) = delete;

    //! The supported languages: DefaultLanguage first, then those with a catalogue.
    QStringList languages() const { return m_languages; }

    /*!
     * The supported language the client prefers, from an \c Accept-Language header: ranges
     * are matched on their primary subtag ("de-DE" selects "de"), the highest q-value wins,
     * a tie goes to the range listed first, \c q=0 excludes a language and \c * stands for
     * any language not named. DefaultLanguage when nothing supported is acceptable.
     */
    QString negotiate(QByteArrayView acceptLanguage) const;

    //! \a sourceText (a Messages constant) in \a language; the source text itself when the
    //! language or the text has no translation.
    QString translate(const QString &language, const char *sourceText) const;

private:
    QStringList m_languages;
    std::map<QString, std::unique_ptr<QTranslator>> m_translators;
};

} // namespace Gatehouse::Pages
