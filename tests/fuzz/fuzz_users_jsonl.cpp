// libFuzzer target for the reader of user JSON Lines files (userimport/jsonlinesfile.cpp):
// a file an administrator brought from elsewhere, so untrusted.
//
// Input: option byte (bit 0: an --email-domain, bit 1: --allow-weak-hashes), then the file.
// Properties: those of every user file reader (userfilechecks.h).
// Seeds: corpus/users_jsonl (tests/unit/userimport/tst_jsonlinesfile.cpp).
#include "userfilechecks.h"

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Fuzz::silenceLogging();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Fuzz::checkUserFile(Gatehouse::UserImport::UserFileFormat::JsonLines, data, size);
    return 0;
}
