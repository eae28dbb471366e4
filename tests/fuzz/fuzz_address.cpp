// libFuzzer target for e-mail addresses (mail/address): what a visitor types into the email
// sign-in form (normalizeAddress) and what the configuration names (checkAddress).
//
// Input: the address as UTF-8. Properties: an accepted address is canonical — checking or
// normalising it again gives it unchanged —, is plain printable ASCII with exactly one '@', and
// holds nothing that could end a mail header or start a second recipient (no whitespace, control
// character, comma, semicolon, angle bracket, quote or backslash).
// Seeds: corpus/address (tests/unit/mail/tst_address.cpp and the GHSA cases it cites).
#include "fuzzsupport.h"
#include "mail/address.h"

#include <cstddef>
#include <cstdint>

using namespace Gatehouse::Mail;

namespace {

void checkCanonical(const AddressCheck &check, const QString &input)
{
    if (!check.isValid()) {
        FUZZ_CHECK(check.address.isEmpty(), input);
        return;
    }
    const QString &address = check.address;
    FUZZ_CHECK(address.count(QLatin1Char('@')) == 1, address);
    for (const QChar c : address) {
        const char16_t u = c.unicode();
        FUZZ_CHECK(u > 0x20 && u < 0x7f, address);
        FUZZ_CHECK(!QStringView(u",;<>\"\\()[]:").contains(c), address);
    }
    const AddressCheck again = checkAddress(address);
    FUZZ_CHECK(again.isValid() && again.address == address, address + QStringLiteral(" -> ") + again.address + again.problem);
    const AddressCheck normalizedAgain = normalizeAddress(address);
    FUZZ_CHECK(normalizedAgain.isValid() && normalizedAgain.address == address.toLower(),
               address + QStringLiteral(" -> ") + normalizedAgain.address + normalizedAgain.problem);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Fuzz::silenceLogging();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString input = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    const AddressCheck normalized = normalizeAddress(input);
    checkCanonical(normalized, input);
    if (normalized.isValid())
        FUZZ_CHECK(normalized.address == normalized.address.toLower(), normalized.address);
    checkCanonical(checkAddress(input), input);
    return 0;
}
