#include "mail/message.h"

#include "crypto/random.h"
#include "mail/address.h"

#include <QLocale>
#include <QUrl>

namespace Gatehouse::Mail {

namespace {

constexpr qsizetype MaxPlainHeaderText = 60;  // longer values are encoded, so they can be folded
constexpr qsizetype MaxEncodedWordBytes = 42; // 56 base64 characters: a 68-character word,
                                               // so "Subject: " and one word fit in 78
constexpr qsizetype MaxQuotedPrintableLine = 76;

bool hasControlCharacter(QStringView text)
{
    for (const char32_t c : text.toUcs4()) {
        const QChar::Category category = QChar::category(c);
        if (c < 0x20 || c == 0x7f || category == QChar::Other_Control || category == QChar::Separator_Line
            || category == QChar::Separator_Paragraph)
            return true;
    }
    return false;
}

bool isPlainHeaderText(QStringView text)
{
    if (text.size() > MaxPlainHeaderText || text.contains(u"=?"))
        return false;
    for (const QChar c : text) {
        if (c.unicode() < 0x20 || c.unicode() > 0x7e)
            return false;
    }
    return true;
}

// RFC 5322 atext: the characters of an atom.
bool isAtomText(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9')
        || QStringView(u"!#$%&'*+-/=?^_`{|}~").contains(c);
}

// True when \a name can be sent as an RFC 5322 phrase as it is: atoms separated by single
// spaces. Anything else (specials such as ',' '"' '<' or '.', other spacing) is quoted.
bool isPhrase(QStringView name)
{
    if (name.isEmpty() || name.startsWith(u' ') || name.endsWith(u' ') || name.contains(u"  "))
        return false;
    for (const QChar c : name) {
        if (c != u' ' && !isAtomText(c))
            return false;
    }
    return true;
}

// A short ASCII display name (isPlainHeaderText()): as it is when it is a phrase, like the
// reference's mailer writes it, otherwise as a quoted string.
QByteArray displayName(QStringView name)
{
    if (isPhrase(name))
        return name.toLatin1();
    QByteArray quoted = "\"";
    for (const QChar c : name) {
        if (c == u'"' || c == u'\\')
            quoted += '\\';
        quoted += char(c.unicode());
    }
    return quoted + '"';
}

std::optional<QByteArray> encodeMailbox(const Mailbox &mailbox, const char *role, QString *problem)
{
    const AddressCheck check = checkAddress(mailbox.address);
    if (!check.isValid()) {
        *problem = QStringLiteral("the %1 address %2").arg(QLatin1String(role), check.problem);
        return std::nullopt;
    }
    if (hasControlCharacter(mailbox.name)) {
        *problem = QStringLiteral("the %1 name contains a control character").arg(QLatin1String(role));
        return std::nullopt;
    }
    const QByteArray address = check.address.toLatin1();
    if (mailbox.name.isEmpty())
        return address;
    if (isPlainHeaderText(mailbox.name))
        return displayName(mailbox.name) + " <" + address + '>';
    return encodeWords(mailbox.name) + "\r\n <" + address + '>';
}

QByteArray rfc5322Date(const QDateTime &date)
{
    const QDateTime utc = (date.isValid() ? date : QDateTime::currentDateTimeUtc()).toUTC();
    return QLocale::c().toString(utc, QStringLiteral("ddd, dd MMM yyyy HH:mm:ss")).toLatin1() + " +0000";
}

void appendPart(QByteArray &out, const QByteArray &boundary, const char *type, QStringView content)
{
    out += "--" + boundary + "\r\n";
    out += QByteArray("Content-Type: ") + type + "; charset=utf-8\r\n";
    out += "Content-Transfer-Encoding: quoted-printable\r\n\r\n";
    out += quotedPrintable(content);
    out += "\r\n";
}

} // namespace

std::optional<Mailbox> Mailbox::parse(QStringView text, QString *problem)
{
    const QStringView trimmed = text.trimmed();
    Mailbox mailbox;
    if (trimmed.endsWith(u'>')) {
        const qsizetype open = trimmed.lastIndexOf(u'<');
        if (open < 0) {
            *problem = QStringLiteral("has a '>' without '<'");
            return std::nullopt;
        }
        mailbox.address = trimmed.mid(open + 1, trimmed.size() - open - 2).toString();
        QStringView name = trimmed.left(open).trimmed();
        if (name.size() >= 2 && name.startsWith(u'"') && name.endsWith(u'"')) {
            name = name.mid(1, name.size() - 2);
            for (qsizetype i = 0; i < name.size(); ++i) {
                if (name.at(i) == u'\\' && i + 1 < name.size())
                    ++i;
                mailbox.name += name.at(i);
            }
        } else {
            mailbox.name = name.toString();
        }
    } else {
        mailbox.address = trimmed.toString();
    }
    if (hasControlCharacter(mailbox.name)) {
        *problem = QStringLiteral("has a control character in the name");
        return std::nullopt;
    }
    const AddressCheck check = checkAddress(mailbox.address);
    if (!check.isValid()) {
        *problem = QStringLiteral("has an address that %1").arg(check.problem);
        return std::nullopt;
    }
    mailbox.address = check.address;
    return mailbox;
}

QByteArray encodeWords(QStringView text)
{
    QByteArray out;
    QByteArray chunk;
    const auto flush = [&] {
        if (chunk.isEmpty())
            return;
        if (!out.isEmpty())
            out += "\r\n ";
        out += "=?UTF-8?B?" + chunk.toBase64() + "?=";
        chunk.clear();
    };
    // Split between code points only, so every word is valid UTF-8 on its own.
    for (const char32_t c : text.toUcs4()) {
        const QByteArray bytes = QString::fromUcs4(&c, 1).toUtf8();
        if (chunk.size() + bytes.size() > MaxEncodedWordBytes)
            flush();
        chunk += bytes;
    }
    flush();
    return out;
}

QByteArray quotedPrintable(QStringView text)
{
    static constexpr char hex[] = "0123456789ABCDEF";
    QByteArray out;
    const QByteArray utf8 = text.toUtf8();
    const QList<QByteArray> lines = utf8.split('\n');
    for (qsizetype n = 0; n < lines.size(); ++n) {
        QByteArray line = lines.at(n);
        if (line.endsWith('\r'))
            line.chop(1);
        qsizetype width = 0;
        for (qsizetype i = 0; i < line.size(); ++i) {
            const uchar c = uchar(line.at(i));
            const bool lastOfLine = i + 1 == line.size();
            // Literal: printable ASCII except '=', and space or tab unless they end the line.
            // A leading '.' is encoded too, so no transport ever has to dot-stuff the line.
            const bool literal = (c >= 33 && c <= 126 && c != '=' && !(c == '.' && width == 0))
                || ((c == ' ' || c == '\t') && !lastOfLine);
            const qsizetype size = literal ? 1 : 3;
            // Keep room for the soft break '=' unless this is the line's last character.
            if (width + size > MaxQuotedPrintableLine - (lastOfLine ? 0 : 1)) {
                out += "=\r\n";
                width = 0;
            }
            if (literal) {
                out += char(c);
            } else {
                out += '=';
                out += hex[c >> 4];
                out += hex[c & 0xf];
            }
            width += size;
        }
        if (n + 1 < lines.size())
            out += "\r\n";
    }
    return out;
}

QByteArray MailMessage::toMime(QString *problem) const
{
    const std::optional<QByteArray> sender = encodeMailbox(from, "sender", problem);
    if (!sender)
        return {};
    const std::optional<QByteArray> recipient = encodeMailbox(to, "recipient", problem);
    if (!recipient)
        return {};
    if (hasControlCharacter(subject)) {
        *problem = QStringLiteral("the subject contains a control character");
        return {};
    }
    const QByteArray encodedSubject = isPlainHeaderText(subject) ? subject.toLatin1() : encodeWords(subject);
    const QString senderDomain = from.address.mid(from.address.indexOf(u'@') + 1);
    // "=_" cannot occur in quoted-printable text, so the boundary never appears in a part.
    const QByteArray boundary = "=_gatehouse_" + Crypto::randomHex(12).toLatin1();

    QByteArray out;
    out += "From: " + *sender + "\r\n";
    out += "To: " + *recipient + "\r\n";
    out += "Subject: " + encodedSubject + "\r\n";
    out += "Date: " + rfc5322Date(date) + "\r\n";
    out += "Message-ID: <" + Crypto::randomHex(16).toLatin1() + '@' + QUrl::toAce(senderDomain) + ">\r\n";
    out += "MIME-Version: 1.0\r\n";
    out += "Auto-Submitted: auto-generated\r\n";
    out += "Content-Type: multipart/alternative;\r\n boundary=\"" + boundary + "\"\r\n";
    out += "\r\n";
    appendPart(out, boundary, "text/plain", text);
    appendPart(out, boundary, "text/html", html);
    out += "--" + boundary + "--\r\n";
    return out;
}

} // namespace Gatehouse::Mail
