#include "crypto/random.h"

#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <QUuid>

#include <QThread>

#include <stdexcept>

#include <sys/wait.h>
#include <unistd.h>

using namespace Gatehouse::Crypto;

class TestRandom : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void bytesHaveTheRequestedSize_data();
    void bytesHaveTheRequestedSize();
    void bytesDiffer();
    void negativeSizeThrows();
    void smallDrawsNeverRepeat();
    void threadsDrawDifferentBytes();
    void forkedChildDrawsOtherBytes();
    void hexShape();
    void uuidShape();
    void uuidsDiffer();
    void uuidFromBytes_data();
    void uuidFromBytes();
};

void TestRandom::bytesHaveTheRequestedSize_data()
{
    QTest::addColumn<int>("size");
    QTest::newRow("0") << 0;
    QTest::newRow("1") << 1;
    QTest::newRow("16") << 16;
    QTest::newRow("4097") << 4097;
}

void TestRandom::bytesHaveTheRequestedSize()
{
    QFETCH(int, size);
    QCOMPARE(randomBytes(size).size(), size);
}

void TestRandom::bytesDiffer()
{
    // 32 random bytes repeat with probability 2^-256: a repeat means the generator is broken.
    QSet<QByteArray> seen;
    for (int i = 0; i < 100; ++i)
        seen.insert(randomBytes(32));
    QCOMPARE(seen.size(), 100);

    // Every byte value should turn up in 64 KiB of output (each misses with p < 1e-100).
    const QByteArray bulk = randomBytes(65536);
    QSet<char> values(bulk.cbegin(), bulk.cend());
    QCOMPARE(values.size(), 256);
}

void TestRandom::negativeSizeThrows()
{
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, randomBytes(-1));
}

void TestRandom::hexShape()
{
    const QString hex = randomHex(32);
    QCOMPARE(hex.size(), 64);
    QVERIFY2(QRegularExpression(QStringLiteral("^[0-9a-f]{64}$")).match(hex).hasMatch(), qPrintable(hex));
    QVERIFY(randomHex(32) != hex);
}

void TestRandom::uuidShape()
{
    const QRegularExpression v4(QStringLiteral(
        "^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"));
    for (int i = 0; i < 200; ++i) {
        const QString uuid = randomUuid();
        QVERIFY2(v4.match(uuid).hasMatch(), qPrintable(uuid));
    }
}

void TestRandom::uuidsDiffer()
{
    QSet<QString> seen;
    for (int i = 0; i < 1000; ++i)
        seen.insert(randomUuid());
    QCOMPARE(seen.size(), 1000);
}

void TestRandom::uuidFromBytes_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("uuid");
    QTest::newRow("counting") << QByteArray::fromHex("000102030405060708090a0b0c0d0e0f")
                              << QStringLiteral("00010203-0405-4607-8809-0a0b0c0d0e0f");
    QTest::newRow("all ones") << QByteArray(16, '\xff') << QStringLiteral("ffffffff-ffff-4fff-bfff-ffffffffffff");
    QTest::newRow("all zeros") << QByteArray(16, '\0') << QStringLiteral("00000000-0000-4000-8000-000000000000");
}

void TestRandom::uuidFromBytes()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, uuid);
    QCOMPARE(uuidFromRandomBytes(bytes), uuid);
    const QUuid parsed(uuid);
    QCOMPARE(parsed.version(), QUuid::Random);
    QCOMPARE(parsed.variant(), QUuid::DCE);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, uuidFromRandomBytes(bytes.chopped(1)));
}


void TestRandom::smallDrawsNeverRepeat()
{
    // Small draws come from a buffer refilled 512 bytes at a time: across many refills, and
    // mixed with draws too large for it, no bytes are handed out twice.
    QSet<QByteArray> seen;
    for (int i = 0; i < 500; ++i) {
        const QByteArray bytes = randomBytes(i % 7 == 0 ? 100 : 16 + i % 17);
        QVERIFY(!seen.contains(bytes));
        seen.insert(bytes);
    }
}

void TestRandom::threadsDrawDifferentBytes()
{
    QList<QByteArray> first, second;
    QThread *a = QThread::create([&] { for (int i = 0; i < 200; ++i) first.append(randomBytes(16)); });
    QThread *b = QThread::create([&] { for (int i = 0; i < 200; ++i) second.append(randomBytes(16)); });
    a->start();
    b->start();
    QVERIFY(a->wait(10000));
    QVERIFY(b->wait(10000));
    delete a;
    delete b;
    QSet<QByteArray> all(first.begin(), first.end());
    all.unite(QSet<QByteArray>(second.begin(), second.end()));
    QCOMPARE(all.size(), 400);
}

void TestRandom::forkedChildDrawsOtherBytes()
{
    randomBytes(16);  // this thread's buffer now holds bytes drawn ahead
    int pipeFds[2];
    QCOMPARE(::pipe(pipeFds), 0);
    const pid_t child = ::fork();
    QVERIFY(child >= 0);
    if (child == 0) {
        char bytes[32];
        fillRandomBytes(bytes, sizeof bytes);
        const bool written = ::write(pipeFds[1], bytes, sizeof bytes) == qsizetype(sizeof bytes);
        ::_exit(written ? 0 : 1);
    }
    ::close(pipeFds[1]);
    const QByteArray parent = randomBytes(32);
    char bytes[32];
    qsizetype got = 0;
    while (got < qsizetype(sizeof bytes)) {
        const auto n = ::read(pipeFds[0], bytes + got, sizeof bytes - size_t(got));
        if (n <= 0)
            break;
        got += n;
    }
    ::close(pipeFds[0]);
    int status = 0;
    QCOMPARE(::waitpid(child, &status, 0), child);
    QVERIFY(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    QCOMPARE(got, qsizetype(32));
    QVERIFY(QByteArray(bytes, 32) != parent);  // the child did not reuse the parent's buffer
}

QTEST_GUILESS_MAIN(TestRandom)
#include "tst_random.moc"
