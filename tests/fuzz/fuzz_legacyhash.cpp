// libFuzzer target for the readers of other systems' password hashes (legacyhashes/): what an
// import file or a stored row may hold.
//
// Input: the hash string as bytes. Properties: parseLegacyHash() either returns a verifier with a
// scheme name or throws HashProblem with a reason, never anything else; a reason never repeats the
// end of a long input (it names the problem, not the hash); an accepted string is printable ASCII. verify()
// is not called: an accepted hash may legitimately take a second (the cost limits), which is the
// parser's point, not the fuzzer's.
// Seeds: corpus/legacyhash (tests/unit/legacyhashes/tst_legacyhash.cpp).
#include "fuzzsupport.h"
#include "legacyhashes/legacyhash.h"

#include <cstddef>
#include <cstdint>

using namespace Gatehouse::LegacyHashes;

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Fuzz::silenceLogging();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView input(reinterpret_cast<const char *>(data), qsizetype(size));
    const QString shown = QString::fromLatin1(input.toByteArray().toHex());
    try {
        const std::unique_ptr<const LegacyHash> hash = parseLegacyHash(input);
        FUZZ_CHECK(hash != nullptr, shown);
        FUZZ_CHECK(!hash->scheme().isEmpty(), shown);
        for (const char c : input)
            FUZZ_CHECK(uchar(c) > 0x20 && uchar(c) < 0x7f, shown);
        (void)hash->weakness();
    } catch (const HashProblem &problem) {
        FUZZ_CHECK(!problem.reason().isEmpty(), shown);
        // The last 24 bytes, when they hold no '$', brace or space, are beyond any scheme's name
        // or the templates of the reasons: finding them there would be hash material.
        const QByteArrayView tail = input.size() >= 24 ? input.sliced(input.size() - 24) : QByteArrayView();
        if (!tail.isEmpty() && !tail.contains('$') && !tail.contains('{') && !tail.contains('}') && !tail.contains(' '))
            FUZZ_CHECK(!problem.reason().contains(QString::fromLatin1(tail)), shown);
    }
    return 0;
}
