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

} // namespace Gatehouse::Mail
