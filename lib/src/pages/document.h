#pragma once
/*
 * The frame every built-in page shares: the HTML document with its head, the static
 * stylesheet, the theme (colour scheme, brand colour, button text colour, logo), the page's
 * own style rules, and the Content-Security-Policy that allows exactly what the page uses.
 */
#include "pages/html.h"
#include "pages/pages.h"

#include <QStringList>

namespace Gatehouse::Pages {

class PageTranslator;

class Document
{
public:
    Document(const PageContext &context, const PageTranslator &translator);

    const PageContext &context() const { return m_context; }

    //! \a sourceText (a Messages constant) in the page's language.
    QString text(const char *sourceText) const;

    //! Adds CSS rules built from checked values to the page's second style block.
    void addStyle(const QString &css);

    //! An \c <img> for the image source \a url (checked with imageUrl()), or nothing.
    Html image(const QString &url, const QString &alt, QStringView cssClass);

    //! Loads the script \a url (relative URLs resolve against the origin) at the end of the page.
    void addScript(const QUrl &url);

    //! A link to the site's origin, showing its host (and port).
    Html siteLink() const;

    //! The complete page: \a content inside the card of a \c gh-<pageClass> page.
    Page render(int status, const QString &title, QStringView pageClass, const Html &content) const;

private:
    const PageContext &m_context;
    const PageTranslator &m_translator;
    QString m_origin;         //!< scheme://host[:port] of the site
    QString m_styles;         //!< the page's own CSS (theme and provider rules)
    Html m_logo;
    QStringList m_imageSources;  //!< extra img-src sources (origins of http images)
    QStringList m_scripts;       //!< script URLs, fully encoded
};

} // namespace Gatehouse::Pages
