#pragma once
/*
 * Checks for the configuration values the pages print in places where escaping alone is not
 * enough (CSS, URLs, attribute vocabularies). Each returns the value to print, or nothing
 * when the value is not acceptable; the pages then leave it out.
 */
#include <QString>
#include <QStringView>
#include <optional>

namespace Gatehouse::Pages {

/*!
 * \a value if it is a plain CSS colour: \c #rgb, \c #rgba, \c #rrggbb, \c #rrggbbaa, a colour
 * function (\c rgb(), \c rgba(), \c hsl(), \c hsla(), \c hwb(), \c lab(), \c lch(), \c oklab(),
 * \c oklch()) of numbers, or a keyword of letters (\c rebeccapurple, \c transparent). Anything
 * that could end a declaration, a rule or the style element is refused.
 */
std::optional<QString> cssColor(QStringView value);

/*!
 * The URL to print for an image source \a value: an absolute \c http or \c https URL with a
 * host, a path on the page's own origin (\c /logo.svg), or a base64 \c data:image URL
 * (png, gif, jpeg, webp, avif, svg+xml). Returned fully percent-encoded.
 */
std::optional<QString> imageUrl(QStringView value);

//! The input type for a configured field \a type: one of the text-like HTML input types
//! (text, password, email, tel, number, url, search, date, time, datetime-local, month,
//! week), or \c text for anything else.
QString inputType(QStringView type);

//! The colour scheme for the configured \a scheme: \c light, \c dark, or \c auto for
//! anything else.
QString colorScheme(QStringView scheme);

} // namespace Gatehouse::Pages
