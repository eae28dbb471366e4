#include "crypto/aescbchmacsha512.h"
#include "crypto/random.h"

#include <QTest>

#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

using namespace Gatehouse::Crypto;

namespace {

QByteArray hex(const char *spaced)
{
    return QByteArray::fromHex(QByteArray(spaced).replace(' ', ""));
}

// RFC 7518 appendix B.3, AES_256_CBC_HMAC_SHA_512.
struct Rfc7518B3
{
    QByteArray key = hex("00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 10 11 12 13 14 15 16 17 18 19 1a 1b 1c 1d 1e 1f"
                         "20 21 22 23 24 25 26 27 28 29 2a 2b 2c 2d 2e 2f 30 31 32 33 34 35 36 37 38 39 3a 3b 3c 3d 3e 3f");
    QByteArray plaintext = "A cipher system must not be required to be secret, and it must be able to "
                           "fall into the hands of the enemy without inconvenience";
    QByteArray iv = hex("1a f3 8c 2d c2 b9 6f fd d8 66 94 09 23 41 bc 04");
    QByteArray aad = "The second principle of Auguste Kerckhoffs";
    QByteArray ciphertext = hex(
        "4a ff aa ad b7 8c 31 c5 da 4b 1b 59 0d 10 ff bd 3d d8 d5 d3 02 42 35 26 91 2d a0 37 ec bc c7 bd"
        "82 2c 30 1d d6 7c 37 3b cc b5 84 ad 3e 92 79 c2 e6 d1 2a 13 74 b7 7f 07 75 53 df 82 94 10 44 6b"
        "36 eb d9 70 66 29 6a e6 42 7e a7 5c 2e 08 46 a1 1a 09 cc f5 37 0d c8 0b fe cb ad 28 c7 3f 09 b3"
        "a3 b7 5e 66 2a 25 94 41 0a e4 96 b2 e2 e6 60 9e 31 e6 e0 2c c8 37 f0 53 d2 1f 37 ff 4f 51 95 0b"
        "be 26 38 d0 9d d7 a4 93 09 30 80 6d 07 03 b1 f6");
    QByteArray tag = hex("4d d3 b4 c0 88 a7 f4 5c 21 68 39 64 5b 20 12 bf 2e 62 69 a8 c5 6a 81 6d bc 1b 26 77 61 95 5b c5");
};

} // namespace

class TestAesCbcHmacSha512 : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rfc7518Encrypt();
    void rfc7518Decrypt();
    void roundTrip_data();
    void roundTrip();
    void tamperedInputIsRejected();
    void wrongSizesAreRejected();
    void wrongKeySizeThrows();
    void reusedContextsKeepTheirKeys();
    void concurrentOperations();
};

void TestAesCbcHmacSha512::rfc7518Encrypt()
{
    const Rfc7518B3 v;
    const AesCbcHmacSha512 cipher(v.key);
    QByteArray ciphertext(AesCbcHmacSha512::ciphertextSize(v.plaintext.size()), Qt::Uninitialized);
    QByteArray tag(AesCbcHmacSha512::TagSize, Qt::Uninitialized);
    cipher.encrypt(v.iv, v.plaintext, v.aad, ciphertext.data(), tag.data());
    QCOMPARE(ciphertext.toHex(), v.ciphertext.toHex());
    QCOMPARE(tag.toHex(), v.tag.toHex());
}

void TestAesCbcHmacSha512::rfc7518Decrypt()
{
    const Rfc7518B3 v;
    const AesCbcHmacSha512 cipher(v.key);
    const std::optional<QByteArray> plaintext = cipher.decrypt(v.iv, v.ciphertext, v.aad, v.tag);
    QVERIFY(plaintext);
    QCOMPARE(*plaintext, v.plaintext);
}

void TestAesCbcHmacSha512::roundTrip_data()
{
    QTest::addColumn<int>("size");
    for (int size : {0, 1, 15, 16, 17, 31, 32, 1000, 70000})
        QTest::addRow("%d bytes", size) << size;
}

void TestAesCbcHmacSha512::roundTrip()
{
    QFETCH(int, size);
    const AesCbcHmacSha512 cipher(randomBytes(64));
    const QByteArray plaintext = randomBytes(size);
    const QByteArray iv = randomBytes(16);
    const QByteArray aad = "header";
    QByteArray ciphertext(AesCbcHmacSha512::ciphertextSize(size), Qt::Uninitialized);
    QByteArray tag(AesCbcHmacSha512::TagSize, Qt::Uninitialized);
    cipher.encrypt(iv, plaintext, aad, ciphertext.data(), tag.data());
    QCOMPARE(cipher.decrypt(iv, ciphertext, aad, tag).value_or("<rejected>"), plaintext);
}

void TestAesCbcHmacSha512::tamperedInputIsRejected()
{
    const Rfc7518B3 v;
    const AesCbcHmacSha512 cipher(v.key);
    auto flipped = [](QByteArray bytes, qsizetype at) {
        bytes[at] = char(bytes.at(at) ^ 0x01);
        return bytes;
    };
    for (qsizetype i = 0; i < v.iv.size(); ++i)
        QVERIFY(!cipher.decrypt(flipped(v.iv, i), v.ciphertext, v.aad, v.tag));
    for (qsizetype i = 0; i < v.ciphertext.size(); ++i)
        QVERIFY(!cipher.decrypt(v.iv, flipped(v.ciphertext, i), v.aad, v.tag));
    for (qsizetype i = 0; i < v.aad.size(); ++i)
        QVERIFY(!cipher.decrypt(v.iv, v.ciphertext, flipped(v.aad, i), v.tag));
    for (qsizetype i = 0; i < v.tag.size(); ++i)
        QVERIFY(!cipher.decrypt(v.iv, v.ciphertext, v.aad, flipped(v.tag, i)));

    // The AAD length is authenticated: moving bytes between AAD and nothing fails.
    QVERIFY(!cipher.decrypt(v.iv, v.ciphertext, v.aad.chopped(1), v.tag));

    QByteArray otherKey = v.key;
    otherKey[0] = char(otherKey.at(0) ^ 0x01);            // MAC key half
    QVERIFY(!AesCbcHmacSha512(otherKey).decrypt(v.iv, v.ciphertext, v.aad, v.tag));
}

void TestAesCbcHmacSha512::wrongSizesAreRejected()
{
    const Rfc7518B3 v;
    const AesCbcHmacSha512 cipher(v.key);
    QVERIFY(!cipher.decrypt(v.iv.chopped(1), v.ciphertext, v.aad, v.tag));
    QVERIFY(!cipher.decrypt(v.iv, v.ciphertext.chopped(1), v.aad, v.tag));
    QVERIFY(!cipher.decrypt(v.iv, v.ciphertext.chopped(16), v.aad, v.tag));
    QVERIFY(!cipher.decrypt(v.iv, QByteArray(), v.aad, v.tag));
    QVERIFY(!cipher.decrypt(v.iv, v.ciphertext, v.aad, v.tag.chopped(1)));
    QVERIFY(!cipher.decrypt(v.iv, v.ciphertext, v.aad, v.tag + '\0'));

    char tag[AesCbcHmacSha512::TagSize];
    QByteArray out(32, Qt::Uninitialized);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             cipher.encrypt(v.iv.chopped(1), "x", v.aad, out.data(), tag));
}

void TestAesCbcHmacSha512::wrongKeySizeThrows()
{
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, AesCbcHmacSha512(QByteArray(32, 'k')));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, AesCbcHmacSha512(QByteArray(65, 'k')));
}

// Contexts are kept between operations: whatever ran before, an operation gives the vector's answer.
void TestAesCbcHmacSha512::reusedContextsKeepTheirKeys()
{
    const Rfc7518B3 v;
    const AesCbcHmacSha512 cipher(v.key);
    QByteArray ciphertext(AesCbcHmacSha512::ciphertextSize(v.plaintext.size()), Qt::Uninitialized);
    QByteArray tag(AesCbcHmacSha512::TagSize, Qt::Uninitialized);
    for (int round = 0; round < 3; ++round) {
        cipher.encrypt(v.iv, v.plaintext, v.aad, ciphertext.data(), tag.data());
        QCOMPARE(ciphertext.toHex(), v.ciphertext.toHex());
        QCOMPARE(tag.toHex(), v.tag.toHex());
        QCOMPARE(cipher.decrypt(v.iv, v.ciphertext, v.aad, v.tag).value_or("<rejected>"), v.plaintext);

        // Other operations in between: another IV and length, a rejected tag.
        const QByteArray other = randomBytes(100 + round);
        const QByteArray iv = randomBytes(16);
        QByteArray otherCiphertext(AesCbcHmacSha512::ciphertextSize(other.size()), Qt::Uninitialized);
        QByteArray otherTag(AesCbcHmacSha512::TagSize, Qt::Uninitialized);
        cipher.encrypt(iv, other, "x", otherCiphertext.data(), otherTag.data());
        QCOMPARE(cipher.decrypt(iv, otherCiphertext, "x", otherTag).value_or("<rejected>"), other);
        QVERIFY(!cipher.decrypt(iv, otherCiphertext, "y", otherTag));
    }
}

void TestAesCbcHmacSha512::concurrentOperations()
{
    const Rfc7518B3 v;
    const AesCbcHmacSha512 cipher(v.key);
    std::atomic<int> failures = 0;
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&] {
            QByteArray ciphertext(AesCbcHmacSha512::ciphertextSize(v.plaintext.size()), Qt::Uninitialized);
            QByteArray tag(AesCbcHmacSha512::TagSize, Qt::Uninitialized);
            for (int i = 0; i < 500; ++i) {
                cipher.encrypt(v.iv, v.plaintext, v.aad, ciphertext.data(), tag.data());
                if (ciphertext != v.ciphertext || tag != v.tag
                    || cipher.decrypt(v.iv, v.ciphertext, v.aad, v.tag) != v.plaintext) {
                    ++failures;
                }
            }
        });
    }
    for (std::thread &thread : threads)
        thread.join();
    QCOMPARE(failures.load(), 0);
}

QTEST_GUILESS_MAIN(TestAesCbcHmacSha512)
#include "tst_aescbchmacsha512.moc"
