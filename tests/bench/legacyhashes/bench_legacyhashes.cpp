// Milliseconds per verify() of each foreign hash scheme on one core, at the parameters the
// ecosystems write by default and at the largest ones parseLegacyHash() accepts; Gatehouse's own
// Argon2id first, for scale. A check costs the same whether the password matches or not, so the
// hashes here hold made-up checksums.
#include "crypto/password.h"
#include "legacyhashes/legacyhash.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <cstdio>
#include <functional>

using namespace Gatehouse;

namespace {

QByteArray b64(int bytes, char fill)
{
    return QByteArray(bytes, fill).toBase64(QByteArray::OmitTrailingEquals);
}

double millisecondsPerCheck(int repetitions, const std::function<void()> &check)
{
    check(); // warm: the first allocation of a large memory area costs extra
    QElapsedTimer timer;
    timer.start();
    for (int i = 0; i < repetitions; ++i)
        check();
    return double(timer.nsecsElapsed()) / 1e6 / repetitions;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int repetitions = argc > 1 ? qMax(1, atoi(argv[1])) : 3;
    const QByteArray password = "correct horse battery staple";
    const QByteArray bcryptTail = "CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW";
    const QByteArray shaTail = "saltstringsaltst$" + QByteArray(86, 'A');
    const QByteArray salt16 = b64(16, 's');
    const QList<std::pair<const char *, QByteArray>> rows = {
        {"bcrypt cost 5 (htpasswd -B default, weak)", "$2y$05$" + bcryptTail},
        {"bcrypt cost 10", "$2y$10$" + bcryptTail},
        {"bcrypt cost 12", "$2y$12$" + bcryptTail},
        {"bcrypt cost 14 (limit)", "$2y$14$" + bcryptTail},
        {"sha512-crypt 5000 rounds (default)", "$6$" + shaTail},
        {"sha512-crypt 1000000 rounds (limit)", "$6$rounds=1000000$" + shaTail},
        {"apr1", "$apr1$r31.....$HqJZimcKQFAMYayBlzkrA/"},
        {"ssha512", "{SSHA512}" + QByteArray(72, 'x').toBase64()},
        {"pbkdf2-sha256 29000 (passlib default)", "$pbkdf2-sha256$29000$" + salt16 + "$" + b64(32, 'k')},
        {"django pbkdf2_sha256 1000000 (Django 5.2)", "pbkdf2_sha256$1000000$saltsaltsalt$" + QByteArray(32, 'k').toBase64()},
        {"pbkdf2-sha256 2000000 (limit)", "$pbkdf2-sha256$2000000$" + salt16 + "$" + b64(32, 'k')},
        {"keycloak-pbkdf2-sha512 210000", "$keycloak-pbkdf2-sha512$210000$" + QByteArray(16, 's').toBase64() + "$"
                                              + QByteArray(64, 'k').toBase64()},
        {"keycloak-pbkdf2-sha256 1000000 x 2 blocks (limit)", "$keycloak-pbkdf2-sha256$1000000$" + QByteArray(16, 's').toBase64()
                                                                  + "$" + QByteArray(64, 'k').toBase64()},
        {"ldap-pbkdf2-sha512 25000 (passlib default)", "{PBKDF2-SHA512}25000$" + salt16 + "$" + b64(64, 'k')},
        {"argon2id m=65536 t=3 p=4 (Authelia default)", "$argon2id$v=19$m=65536,t=3,p=4$" + salt16 + "$" + b64(32, 'k')},
        {"argon2id m=131072 t=2 p=1 (limit)", "$argon2id$v=19$m=131072,t=2,p=1$" + salt16 + "$" + b64(32, 'k')},
        {"scrypt ln=16 r=8 p=1 (passlib default)", "$scrypt$ln=16,r=8,p=1$" + salt16 + "$" + b64(32, 'k')},
        {"scrypt ln=17 r=8 p=1 (128 MiB, limit)", "$scrypt$ln=17,r=8,p=1$" + salt16 + "$" + b64(32, 'k')},
        {"scrypt ln=16 r=8 p=2 (2^20 mixes, limit)", "$scrypt$ln=16,r=8,p=2$" + salt16 + "$" + b64(32, 'k')},
    };
    const QString own = Crypto::hashPassword(password);
    std::printf("%-52s %10s\n", "scheme", "ms/check");
    std::printf("%-52s %10.1f\n", "Gatehouse's own argon2id m=19456 t=2 p=1",
                millisecondsPerCheck(repetitions, [&] { Crypto::verifyPassword(password, own); }));
    for (const auto &[label, stored] : rows) {
        try {
            const std::unique_ptr<const LegacyHashes::LegacyHash> hash = LegacyHashes::parseLegacyHash(stored);
            std::printf("%-52s %10.1f\n", label, millisecondsPerCheck(repetitions, [&] { hash->verify(password); }));
        } catch (const LegacyHashes::HashProblem &problem) {
            std::printf("%-52s refused: %s\n", label, qPrintable(problem.reason()));
        }
        std::fflush(stdout);
    }
    return 0;
}
