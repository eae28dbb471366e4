#pragma once
/*
 * What the user file targets (fuzz_users_<format>.cpp) share: the input's option byte, and the
 * properties every reader of userimport/ keeps (README.md there) checked on what it returned.
 *
 * Input: one option byte (bit 0: --email-domain example.test, bit 1: --allow-weak-hashes), then
 * the file. Properties:
 *  - every user has an address: not empty, lower-case, one '@', no whitespace, valid Unicode,
 *    no other user of the file has it; its name and groups are valid Unicode;
 *  - every user's hash is empty (no password; never in htpasswd) or one parseLegacyHash() accepts
 *    with the scheme and weakness the user has, printable ASCII, weak only with allowWeakHashes;
 *  - a reader returns no more users, and no more users and refusals together, than the file has
 *    entries (lines; a Keycloak export's users);
 *  - every refusal has a reason and names where: a line of the file, or a Keycloak users[i];
 *  - a file refused as a whole has no users.
 * verify() is not called: an accepted hash may take a second (the cost limits).
 */
#include "fuzzsupport.h"
#include "legacyhashes/legacyhash.h"
#include "userimport/userfile.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>

#include <cstddef>
#include <cstdint>

namespace Fuzz {

inline bool validUnicode(const QString &text)
{
    return text.isValidUtf16();
}

//! Reads \a data (option byte, file) in \a format and checks what the reader returned.
inline void checkUserFile(Gatehouse::UserImport::UserFileFormat format, const uint8_t *data, size_t size)
{
    using namespace Gatehouse;
    using namespace Gatehouse::UserImport;
    Bytes bytes(QByteArrayView(reinterpret_cast<const char *>(data), qsizetype(size)));
    const quint8 option = bytes.byte();
    const QByteArray file = bytes.rest().toByteArray();
    ImportOptions options;
    if (option & 1)
        options.emailDomain = QStringLiteral("example.test");
    options.allowWeakHashes = option & 2;
    const QString shown = QString::fromLatin1(QByteArray(1, char(option)).toHex() + ' ' + file.toHex());

    const UserFileContents contents = readUserFile(format, file, options);

    // How many entries the file has at most: its lines, or the users of a Keycloak export as
    // Qt's own JSON reader counts them.
    const qsizetype lines = file.count('\n') + 1;
    qsizetype entries = lines;
    if (format == UserFileFormat::Keycloak) {
        QByteArray json = file;
        if (json.startsWith("\xEF\xBB\xBF"))
            json.remove(0, 3);
        entries = QJsonDocument::fromJson(json).object().value(QStringLiteral("users")).toArray().size();
    }
    FUZZ_CHECK(contents.users.size() <= entries, shown);
    // One refusal more where a whole file is refused after its last entry (Keycloak: no users).
    FUZZ_CHECK(contents.users.size() + contents.refused.size() <= qMax<qsizetype>(entries, 1), shown);

    bool wholeFileRefused = false;
    for (const RefusedLine &refused : contents.refused) {
        FUZZ_CHECK(!refused.reason.isEmpty(), shown);
        if (refused.line == 0) {
            // "users[<i>]", maybe followed by " (<username>)": read by hand, as the username
            // may be text a regular expression does not take (a lone surrogate).
            FUZZ_CHECK(format == UserFileFormat::Keycloak && refused.field.startsWith(QLatin1String("users[")), shown);
            const qsizetype close = refused.field.indexOf(QLatin1Char(']'));
            bool number = false;
            const qlonglong index = refused.field.mid(6, close - 6).toLongLong(&number);
            FUZZ_CHECK(close > 6 && number && index >= 0 && index < entries, shown);
        } else {
            FUZZ_CHECK(refused.line >= 1 && refused.line <= lines, shown);
        }
        wholeFileRefused = wholeFileRefused || refused.reason.endsWith(QLatin1String("; nothing of the file is imported"));
    }
    FUZZ_CHECK(!wholeFileRefused || contents.users.isEmpty(), shown);

    QSet<QString> emails;
    for (const ImportedUser &user : contents.users) {
        const QString &email = user.email;
        FUZZ_CHECK(!email.isEmpty() && validUnicode(email), shown);
        FUZZ_CHECK(email == email.toLower(), shown);
        FUZZ_CHECK(email.count(QLatin1Char('@')) == 1 && !email.startsWith(QLatin1Char('@')) && !email.endsWith(QLatin1Char('@')), shown);
        FUZZ_CHECK(std::none_of(email.cbegin(), email.cend(), [](QChar c) { return c.isSpace(); }), shown);
        FUZZ_CHECK(!emails.contains(email), shown);
        emails.insert(email);
        FUZZ_CHECK(validUnicode(user.name), shown);
        for (const QString &group : user.groups)
            FUZZ_CHECK(validUnicode(group), shown);
        if (format == UserFileFormat::Keycloak)
            FUZZ_CHECK(user.line == 0, shown);
        else
            FUZZ_CHECK(user.line >= 1 && user.line <= lines, shown);

        if (user.passwordHash.isEmpty()) {
            FUZZ_CHECK(format != UserFileFormat::Htpasswd, shown);
            FUZZ_CHECK(user.scheme.isEmpty() && user.weakness.isEmpty(), shown);
            continue;
        }
        for (const QChar c : user.passwordHash)
            FUZZ_CHECK(c.unicode() > 0x20 && c.unicode() < 0x7f, shown);
        try {
            const std::unique_ptr<const LegacyHashes::LegacyHash> hash =
                LegacyHashes::parseLegacyHash(user.passwordHash.toLatin1());
            FUZZ_CHECK(hash->scheme() == user.scheme, shown);
            FUZZ_CHECK(hash->weakness() == user.weakness, shown);
        } catch (const LegacyHashes::HashProblem &) {
            FUZZ_CHECK(false && "an accepted user's hash is refused when read again", shown);
        }
        FUZZ_CHECK(user.weakness.isEmpty() || options.allowWeakHashes, shown);
    }
}

} // namespace Fuzz
