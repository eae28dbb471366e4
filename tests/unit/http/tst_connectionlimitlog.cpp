#include "http/connectionlimitlog.h"

#include <QtTest>

using Gatehouse::ConnectionLimitLog;
using Clock = ConnectionLimitLog::Clock;
using namespace std::chrono_literals;

namespace {

Clock::time_point at(double seconds)
{
    return Clock::time_point(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(100 + seconds)));
}

QString holders()
{
    return QStringLiteral("most open connections from 192.0.2.1 (990)");
}

} // namespace

class TestConnectionLimitLog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void capacityEpisode();
    void capacityRefusalsAfterEvictions();
    void perAddressEpisodes();
    void manyAddressesAreSummed();
    void flushSummarisesEverything();

private:
    std::unique_ptr<ConnectionLimitLog> m_log;
    QList<QPair<QtMsgType, QString>> m_lines;
};

void TestConnectionLimitLog::init()
{
    m_log = std::make_unique<ConnectionLimitLog>(10s);
    m_lines.clear();
    m_log->setSink([this](QtMsgType type, const QString &line) { m_lines.append({type, line}); });
}

void TestConnectionLimitLog::capacityEpisode()
{
    for (int i = 0; i < 500; ++i)
        m_log->evicted(1, 1000, QStringLiteral("192.0.2.9"), holders, at(i * 0.01));
    QCOMPARE(m_lines.size(), 1);
    QCOMPARE(m_lines[0].first, QtWarningMsg);
    QCOMPARE(m_lines[0].second,
             QStringLiteral("connection limit (1000) reached: closing the connections idle the longest to admit "
                            "new ones; new connection from 192.0.2.9, most open connections from 192.0.2.1 (990)"));
    m_log->tick(at(14.9));
    QCOMPARE(m_lines.size(), 1);
    m_log->tick(at(15.0));
    QCOMPARE(m_lines.size(), 2);
    QCOMPARE(m_lines[1].first, QtInfoMsg);
    QCOMPARE(m_lines[1].second,
             QStringLiteral("connection limit (1000) no longer evicting or refusing: 500 idle connections closed "
                            "and 0 new connections refused over 5.0 s"));

    // A new episode warns again.
    m_log->evicted(7, 1000, QStringLiteral("192.0.2.9"), holders, at(60));
    QCOMPARE(m_lines.size(), 3);
    QCOMPARE(m_lines[2].first, QtWarningMsg);
}

void TestConnectionLimitLog::capacityRefusalsAfterEvictions()
{
    // Evicting first, then every connection busy: a second warning, one summary for both.
    bool asked = false;
    const auto countHolders = [&asked] {
        asked = true;
        return holders();
    };
    m_log->evicted(1, 1000, QStringLiteral("192.0.2.9"), countHolders, at(0));
    m_log->refusedAtCapacity(1000, QStringLiteral("192.0.2.10"), countHolders, at(1));
    asked = false;
    m_log->refusedAtCapacity(1000, QStringLiteral("192.0.2.11"), countHolders, at(2));
    QVERIFY(!asked);  // no warning due, nothing computed
    QCOMPARE(m_lines.size(), 2);
    QCOMPARE(m_lines[1].second,
             QStringLiteral("connection limit (1000) reached and every connection is busy with a request: closing "
                            "new connections; new connection from 192.0.2.10, most open connections from "
                            "192.0.2.1 (990)"));
    m_log->tick(at(12));
    QCOMPARE(m_lines.size(), 3);
    QCOMPARE(m_lines[2].second,
             QStringLiteral("connection limit (1000) no longer evicting or refusing: 1 idle connections closed "
                            "and 2 new connections refused over 2.0 s"));
}

void TestConnectionLimitLog::perAddressEpisodes()
{
    for (int i = 0; i < 100; ++i) {
        m_log->refusedPerAddress(QStringLiteral("192.0.2.1"), 64, at(i * 0.1));
        if (i >= 50)
            m_log->refusedPerAddress(QStringLiteral("2001:db8::/64"), 64, at(i * 0.1));
    }
    QCOMPARE(m_lines.size(), 2);
    QCOMPARE(m_lines[0].second,
             QStringLiteral("192.0.2.1 reached the limit of 64 connections per address: closing its new connections"));
    QCOMPARE(m_lines[1].second,
             QStringLiteral("2001:db8::/64 reached the limit of 64 connections per address: closing its new connections"));
    m_log->tick(at(20));
    QCOMPARE(m_lines.size(), 4);
    QStringList summaries = {m_lines[2].second, m_lines[3].second};
    summaries.sort();
    QCOMPARE(summaries,
             QStringList({QStringLiteral("limit of 64 connections per address no longer refusing 192.0.2.1: 100 new "
                                         "connections refused over 9.9 s"),
                          QStringLiteral("limit of 64 connections per address no longer refusing 2001:db8::/64: 50 "
                                         "new connections refused over 4.9 s")}));
}

void TestConnectionLimitLog::manyAddressesAreSummed()
{
    for (int round = 0; round < 3; ++round) {
        for (int i = 0; i < 40; ++i)
            m_log->refusedPerAddress(QStringLiteral("198.51.100.%1").arg(i), 64, at(round));
    }
    // One warning per named address, one for the rest.
    QCOMPARE(m_lines.size(), ConnectionLimitLog::kNamedAddresses + 1);
    QCOMPARE(m_lines.last().second,
             QStringLiteral("more addresses reached the limit of 64 connections per address: closing their new "
                            "connections (beyond 16 addresses they are not named one by one)"));
    m_lines.clear();
    m_log->tick(at(12));
    QCOMPARE(m_lines.size(), ConnectionLimitLog::kNamedAddresses + 1);
    QVERIFY(m_lines.last().second.contains(QLatin1String("further addresses: 72 new connections refused over 2.0 s")));
}

void TestConnectionLimitLog::flushSummarisesEverything()
{
    m_log->evicted(3, 10, QStringLiteral("192.0.2.9"), holders, at(0));
    m_log->refusedPerAddress(QStringLiteral("192.0.2.1"), 4, at(0));
    m_lines.clear();
    m_log->flush();
    QCOMPARE(m_lines.size(), 2);
    m_log->flush();
    m_log->tick(at(100));
    QCOMPARE(m_lines.size(), 2);
}

QTEST_GUILESS_MAIN(TestConnectionLimitLog)
#include "tst_connectionlimitlog.moc"
