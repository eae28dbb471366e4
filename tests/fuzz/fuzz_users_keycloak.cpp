// libFuzzer target for the reader of Keycloak realm exports (userimport/keycloakfile.cpp):
// a file an administrator brought from elsewhere, so untrusted.
//
// Input: option byte (bit 0: an --email-domain, bit 1: --allow-weak-hashes), then the file.
// Properties: those of every user file reader (userfilechecks.h); and the reader's two ways give
// the same users and refusals: the file as it is (read without QJsonDocument when it is an
// export as they usually are) and with a key outside ASCII first in its object (which the reader
// leaves to QJsonDocument).
// Seeds: corpus/users_keycloak (tests/unit/userimport/tst_keycloakfile.cpp).
#include "userfilechecks.h"

namespace {

//! \a file with "\u00e9": 0 as the first key of its object; empty when it has no object with a key.
QByteArray withKeyBeyondAscii(const QByteArray &file)
{
    qsizetype i = file.startsWith("\xEF\xBB\xBF") ? 3 : 0;
    const auto space = [&] {
        while (i < file.size() && (file[i] == ' ' || file[i] == '\t' || file[i] == '\n' || file[i] == '\r'))
            ++i;
    };
    space();
    if (i == file.size() || file[i] != '{')
        return {};
    const qsizetype open = ++i;
    space();
    if (i == file.size() || file[i] != '"')
        return {};
    return file.first(open) + "\"\xC3\xA9\": 0, " + file.sliced(open);
}

QString shown(const Gatehouse::UserImport::UserFileContents &contents)
{
    QString out;
    for (const auto &user : contents.users) {
        out += QStringLiteral("%1|%2|%3|%4|%5|%6|%7|%8|%9\n")
                   .arg(QString::number(user.line), user.email, user.name, QString::number(user.emailVerified),
                        QString::number(user.disabled), user.groups.join(QChar(0x1f)), user.passwordHash, user.scheme,
                        user.weakness);
    }
    for (const auto &refused : contents.refused)
        out += refused.toString() + QLatin1Char('\n');
    return out;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Fuzz::silenceLogging();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace Gatehouse::UserImport;
    Fuzz::checkUserFile(UserFileFormat::Keycloak, data, size);
    Fuzz::Bytes bytes(QByteArrayView(reinterpret_cast<const char *>(data), qsizetype(size)));
    const quint8 option = bytes.byte();
    const QByteArray file = bytes.rest().toByteArray();
    const QByteArray other = withKeyBeyondAscii(file);
    if (other.isEmpty())
        return 0;
    ImportOptions options;
    if (option & 1)
        options.emailDomain = QStringLiteral("example.test");
    options.allowWeakHashes = option & 2;
    const QString read = shown(readUserFile(UserFileFormat::Keycloak, file, options));
    const QString readByQt = shown(readUserFile(UserFileFormat::Keycloak, other, options));
    FUZZ_CHECK(read == readByQt, QString::fromLatin1(file.toHex()) + QStringLiteral("\n") + read + QStringLiteral("---\n") + readByQt);
    return 0;
}
