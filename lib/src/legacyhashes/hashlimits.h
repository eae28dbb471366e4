#pragma once
/*
 * The cost limits a foreign hash must keep (README.md: why these numbers). A hash beyond them
 * is refused when it is read, before any hashing: one check must not hold one of the two hashing
 * threads for much more than a second, nor take more memory than Argon2id's worst accepted case.
 */
#include <QtGlobal>

namespace Gatehouse::LegacyHashes::Limits {

// bcrypt: 2^cost rounds of Eksblowfish; cost 14 is about a second on one core.
inline constexpr int BcryptMinimumCost = 10;   // below: weak (htpasswd -B writes 5 by default)
inline constexpr int BcryptMaximumCost = 14;
// sha-crypt: 5000 rounds when unstated (its specification), 1000 at least.
inline constexpr qint64 ShaCryptMaximumRounds = 1000000;
// PBKDF2: iterations times output blocks, so a long derived key cannot multiply the work.
inline constexpr qint64 Pbkdf2MaximumWork = 2000000;
inline constexpr qint64 Pbkdf2MinimumIterations = 10000; // below: weak
inline constexpr int MaximumSaltBytes = 256;
inline constexpr int MaximumKeyBytes = 128;
inline constexpr int MinimumKeyBytes = 16;
// Argon2: memory in KiB, passes, lanes.
// Measured (tests/bench/legacyhashes): Authelia's default, 64 MiB x 3 passes, takes 0.9 s.
inline constexpr quint32 Argon2MaximumMemoryKiB = 131072;  // 128 MiB
inline constexpr quint64 Argon2MaximumWorkKiB = 262144;    // memory x passes
inline constexpr quint32 Argon2MaximumPasses = 16;
inline constexpr quint32 Argon2MaximumLanes = 8;
// below: weak; OWASP's smallest accepted Argon2id setting is 7168 KiB x 5 passes.
inline constexpr quint64 Argon2MinimumWorkKiB = 35840;
// scrypt: 128 * r * N bytes of memory, N * r * p block mixes.
// Measured: passlib's and Authelia's default (N = 2^16, r = 8, p = 1: 2^19 mixes, 64 MiB) takes 1 s.
inline constexpr quint64 ScryptMaximumMemoryBytes = 128ull * 1024 * 1024;
inline constexpr quint64 ScryptMaximumWork = 1ull << 20; // N * r * p
inline constexpr int ScryptMaximumLogN = 20;

} // namespace Gatehouse::LegacyHashes::Limits
