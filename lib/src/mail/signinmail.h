#pragma once
/*
 * The sign-in mail: subject, plain text and HTML, in the requested language and themed by the
 * configuration's \c theme (brand colour of the button, button text colour, logo). Like the
 * pages, the HTML is built with Pages::fill, so every interpolated value (site, link, logo) is
 * HTML-escaped (GHSA-pgjx-7f9g-9463), and colours and the logo URL are checked
 * (Pages::cssColor, Pages::imageUrl) before they reach a style attribute or an img element.
 * The English subject and text match Auth.js's: "Sign in to <host>" and "<subject>\n<url>\n\n".
 */
#include <gatehouse/config.h>

#include <QString>
#include <QStringList>

namespace Gatehouse::Mail {

class MailTranslator;

struct SignInMailContent
{
    QString url;       //!< the sign-in link
    QString host;      //!< the site's host[:port], shown in the subject and the text
    QString origin;    //!< the site's origin; relative logo paths are resolved against it
    Theme theme;
    QString language = QStringLiteral("en");
};

struct RenderedMail
{
    QString subject;
    QString text;
    QString html;
};

RenderedMail renderSignInMail(const SignInMailContent &content, const MailTranslator &translator);

//! The translated texts of a mail built like the sign-in mail: heading, one button, notes.
struct ButtonMailTexts
{
    QString heading;    //!< subject and heading; %1 is the host, shown in bold
    QString button;     //!< the button's label; it opens content.url, the mail's first link
    QStringList notes;  //!< paragraphs under the button (plain text, escaped)
    QString ignore;     //!< the last line
};

/*!
 * A mail like the sign-in mail (the same theme, escaping and layout) with other texts: the
 * password reset mails (passwordresetmail.h). The plain text is the subject, the link, the notes
 * and the last line; the sign-in mail's text stays Auth.js's.
 */
RenderedMail renderButtonMail(const SignInMailContent &content, const ButtonMailTexts &texts, const MailTranslator &translator);

} // namespace Gatehouse::Mail
