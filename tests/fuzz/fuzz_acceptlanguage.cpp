// libFuzzer target for Accept-Language negotiation (pages/pagetranslator): which language the
// built-in pages (and the sign-in mails) are shown in.
//
// Input: the Accept-Language header. Properties: the result is one of the languages with a
// catalogue (or the default); a header naming one supported language alone selects it; the
// fuzzed header followed by more ranges still gives a supported language.
// Seeds: corpus/acceptlanguage (tests/unit/pages/tst_pagetranslator.cpp and browsers' headers).
#include "fuzzsupport.h"
#include "pages/pagetranslator.h"

#include <cstddef>
#include <cstdint>

using Gatehouse::Pages::PageTranslator;

namespace {

const PageTranslator &translator()
{
    static const PageTranslator instance;
    return instance;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Fuzz::silenceLogging();
    // Without the catalogues only English is left and negotiation has nothing to choose.
    if (translator().languages().size() < 2) {
        std::fprintf(stderr, "no page catalogues compiled in\n");
        std::abort();
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView header(data, qsizetype(size));
    const QStringList languages = translator().languages();
    const QString chosen = translator().negotiate(header);
    FUZZ_CHECK(languages.contains(chosen), chosen);
    FUZZ_CHECK(translator().negotiate(header) == chosen, chosen);
    const QString extended = translator().negotiate(header.toByteArray() + ", de;q=0.5, *;q=0.1");
    FUZZ_CHECK(languages.contains(extended), extended);
    for (const QString &language : languages)
        FUZZ_CHECK(translator().negotiate(language.toLatin1()) == language, language);
    return 0;
}
