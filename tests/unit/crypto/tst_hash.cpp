#include "crypto/hash.h"

#include <QTest>

#include <stdexcept>

using namespace Gatehouse::Crypto;

class TestHash : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sha256_data();
    void sha256();
    void sha512();
    void hmac_data();
    void hmac();
    void hmacSha1_data();
    void hmacSha1();
    void hkdf_data();
    void hkdf();
    void hkdfRejectsImpossibleLengths();
};

void TestHash::sha256_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("digest");
    // FIPS 180-2 / NIST examples.
    QTest::newRow("abc") << QByteArray("abc")
        << QByteArray("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    QTest::newRow("empty") << QByteArray()
        << QByteArray("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    QTest::newRow("two blocks") << QByteArray("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
        << QByteArray("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

void TestHash::sha256()
{
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, digest);
    QCOMPARE(Gatehouse::Crypto::sha256(input).toHex(), digest);
}

void TestHash::sha512()
{
    QCOMPARE(Gatehouse::Crypto::sha512("abc").toHex(),
             QByteArray("ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                        "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"));
}

void TestHash::hmac_data()
{
    QTest::addColumn<QByteArray>("key");
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<QByteArray>("sha256");
    QTest::addColumn<QByteArray>("sha512");
    // RFC 4231 test cases (case 5 tests truncation, which these functions do not do).
    const QByteArray longKey(131, '\xaa');
    QTest::newRow("rfc4231-1") << QByteArray(20, '\x0b') << QByteArray("Hi There")
        << QByteArray("b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        << QByteArray("87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde"
                      "daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854");
    QTest::newRow("rfc4231-2") << QByteArray("Jefe") << QByteArray("what do ya want for nothing?")
        << QByteArray("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        << QByteArray("164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
                      "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737");
    QTest::newRow("rfc4231-3") << QByteArray(20, '\xaa') << QByteArray(50, '\xdd')
        << QByteArray("773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe")
        << QByteArray("fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39"
                      "bf3e848279a722c806b485a47e67c807b946a337bee8942674278859e13292fb");
    QTest::newRow("rfc4231-4") << QByteArray::fromHex("0102030405060708090a0b0c0d0e0f10111213141516171819")
        << QByteArray(50, '\xcd')
        << QByteArray("82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b")
        << QByteArray("b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3db"
                      "a91ca5c11aa25eb4d679275cc5788063a5f19741120c4f2de2adebeb10a298dd");
    QTest::newRow("rfc4231-6") << longKey
        << QByteArray("Test Using Larger Than Block-Size Key - Hash Key First")
        << QByteArray("60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
        << QByteArray("80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f352"
                      "6b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598");
    QTest::newRow("rfc4231-7") << longKey
        << QByteArray("This is a test using a larger than block-size key and a larger than "
                      "block-size data. The key needs to be hashed before being used by the "
                      "HMAC algorithm.")
        << QByteArray("9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2")
        << QByteArray("e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944"
                      "b6022cac3c4982b10d5eeb55c3e4de15134676fb6de0446065c97440fa8c6a58");
}

void TestHash::hmac()
{
    QFETCH(QByteArray, key);
    QFETCH(QByteArray, data);
    QFETCH(QByteArray, sha256);
    QFETCH(QByteArray, sha512);
    QCOMPARE(hmacSha256(key, data).toHex(), sha256);
    QCOMPARE(hmacSha512(key, data).toHex(), sha512);
}

void TestHash::hmacSha1_data()
{
    QTest::addColumn<QByteArray>("key");
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<QByteArray>("mac");
    // RFC 2202 test cases for HMAC-SHA-1 (case 5 tests truncation, which this function does not do).
    QTest::newRow("rfc2202-1") << QByteArray(20, '\x0b') << QByteArray("Hi There")
                               << QByteArray("b617318655057264e28bc0b6fb378c8ef146be00");
    QTest::newRow("rfc2202-2") << QByteArray("Jefe") << QByteArray("what do ya want for nothing?")
                               << QByteArray("effcdf6ae5eb2fa2d27416d5f184df9c259a7c79");
    QTest::newRow("rfc2202-3") << QByteArray(20, '\xaa') << QByteArray(50, '\xdd')
                               << QByteArray("125d7342b9ac11cd91a39af48aa17b4f63f175d3");
    QTest::newRow("rfc2202-6") << QByteArray(80, '\xaa')
                               << QByteArray("Test Using Larger Than Block-Size Key - Hash Key First")
                               << QByteArray("aa4ae5e15272d00e95705637ce8a3b55ed402112");
}

void TestHash::hmacSha1()
{
    QFETCH(QByteArray, key);
    QFETCH(QByteArray, data);
    QFETCH(QByteArray, mac);
    QCOMPARE(Gatehouse::Crypto::hmacSha1(key, data).toHex(), mac);
}

void TestHash::hkdf_data()
{
    QTest::addColumn<QByteArray>("ikm");
    QTest::addColumn<QByteArray>("salt");
    QTest::addColumn<QByteArray>("info");
    QTest::addColumn<QByteArray>("okm");

    auto range = [](int from, int to) {
        QByteArray bytes;
        for (int b = from; b < to; ++b)
            bytes.append(char(b));
        return bytes;
    };
    // RFC 5869 appendix A, the SHA-256 cases.
    QTest::newRow("rfc5869-1") << QByteArray(22, '\x0b') << range(0x00, 0x0d) << range(0xf0, 0xfa)
        << QByteArray("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf"
                      "34007208d5b887185865");
    QTest::newRow("rfc5869-2") << range(0x00, 0x50) << range(0x60, 0xb0) << range(0xb0, 0x100)
        << QByteArray("b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c"
                      "59045a99cac7827271cb41c65e590e09da3275600c2f09b8367793a9aca3db71"
                      "cc30c58179ec3e87c14c01d5c1f3434f1d87");
    QTest::newRow("rfc5869-3 (no salt, no info)") << QByteArray(22, '\x0b') << QByteArray() << QByteArray()
        << QByteArray("8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d"
                      "9d201395faa4b61a96c8");
}

void TestHash::hkdf()
{
    QFETCH(QByteArray, ikm);
    QFETCH(QByteArray, salt);
    QFETCH(QByteArray, info);
    QFETCH(QByteArray, okm);
    QCOMPARE(hkdfSha256(ikm, salt, info, okm.size() / 2).toHex(), okm);
}

void TestHash::hkdfRejectsImpossibleLengths()
{
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, hkdfSha256("key", "salt", "info", 0));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, hkdfSha256("key", "salt", "info", 255 * 32 + 1));
    QCOMPARE(hkdfSha256("key", "salt", "info", 255 * 32).size(), 255 * 32);
}

QTEST_GUILESS_MAIN(TestHash)
#include "tst_hash.moc"
