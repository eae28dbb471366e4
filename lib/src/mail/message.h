#pragma once
/*
 * Building the RFC 5322 text of a message. Every header value passes one door: addresses are
 * checked (address.h), display names and the subject must be free of control characters and
 * are RFC 2047-encoded when they are not short plain ASCII, so no value can end a header line
 * and start another (header injection). Bodies are UTF-8 in quoted-printable encoding, which
 * keeps every line short and 7-bit whatever the content.
 */
#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <QStringView>
#include <optional>

namespace Gatehouse::Mail {

//! A sender or recipient: an address with an optional display name.
struct Mailbox
{
    QString name;     //!< display name; any text without control characters
    QString address;  //!< must pass checkAddress()

    /*!
     * A configured sender: "address" or "Display Name <address>" (the name may be quoted, with
     * \c \\ escapes). Returns nullopt and sets \a problem when the text is not one of these,
     * the address fails checkAddress() or the name contains a control character.
     */
    static std::optional<Mailbox> parse(QStringView text, QString *problem);
};

//! A multipart/alternative message: a plain-text part and an HTML part.
struct MailMessage
{
    Mailbox from;
    Mailbox to;
    QString subject;
    QString text;     //!< lines end in "\n" or "\r\n"
    QString html;
    QDateTime date;   //!< the Date header; the current time when invalid

    /*!
     * The message with CRLF line ends, ready for SMTP DATA. Returns an empty array and sets
     * \a problem when a header value cannot be sent safely (an address that fails
     * checkAddress(), a control character in a name or the subject).
     */
    QByteArray toMime(QString *problem) const;
};

//! \a text as RFC 2047 encoded words (UTF-8, base64), folded with CRLF SPACE between words.
QByteArray encodeWords(QStringView text);

//! \a text as UTF-8 quoted-printable with CRLF line ends and lines of at most 76 characters.
QByteArray quotedPrintable(QStringView text);

} // namespace Gatehouse::Mail
