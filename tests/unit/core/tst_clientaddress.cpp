// clientAddress(): the peer, or behind trusted proxies the client X-Forwarded-For names.
#include "core/clientaddress.h"

#include <QTest>

using namespace Gatehouse;

namespace {

AuthRequest requestFrom(const QString &peer, const QList<QByteArray> &forwardedFor)
{
    AuthRequest request;
    request.url = QUrl(QStringLiteral("http://auth.example.test/auth/session"));
    request.remoteAddress = QHostAddress(peer);
    for (const QByteArray &value : forwardedFor)
        request.headers.append({QByteArrayLiteral("X-Forwarded-For"), value});
    return request;
}

} // namespace

class TestClientAddress : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void clientAddress_data()
    {
        QTest::addColumn<QString>("peer");
        QTest::addColumn<QList<QByteArray>>("forwardedFor");
        QTest::addColumn<QString>("expected");

        using L = QList<QByteArray>;
        QTest::newRow("untrusted peer: its header is ignored") << "203.0.113.9" << L{"198.51.100.1"} << "203.0.113.9";
        QTest::newRow("trusted proxy, one client") << "10.0.0.2" << L{"198.51.100.1"} << "198.51.100.1";
        QTest::newRow("trusted proxy, no header") << "10.0.0.2" << L{} << "10.0.0.2";
        QTest::newRow("client's own header cannot pick its address")
            << "10.0.0.2" << L{"6.6.6.6, 198.51.100.1"} << "198.51.100.1";
        QTest::newRow("two trusted proxies") << "127.0.0.1" << L{"198.51.100.1, 10.0.0.7"} << "198.51.100.1";
        QTest::newRow("headers combine in order") << "127.0.0.1" << L{"6.6.6.6", "198.51.100.1, 10.0.0.7"} << "198.51.100.1";
        QTest::newRow("every hop trusted: the left-most") << "127.0.0.1" << L{"10.1.1.1, 10.0.0.7"} << "10.1.1.1";
        QTest::newRow("not an address: the proxy that passed it on") << "10.0.0.2" << L{"unknown"} << "10.0.0.2";
        QTest::newRow("garbage further left is never reached") << "10.0.0.2" << L{"<script>, 198.51.100.1"} << "198.51.100.1";
        QTest::newRow("garbage behind a second proxy") << "10.0.0.2" << L{"198.51.100.1, junk, 10.0.0.3"} << "10.0.0.3";
        QTest::newRow("empty entry") << "10.0.0.2" << L{"198.51.100.1, "} << "10.0.0.2";
        QTest::newRow("IPv4 with port") << "10.0.0.2" << L{"198.51.100.1:51234"} << "198.51.100.1";
        QTest::newRow("IPv6") << "10.0.0.2" << L{"2001:db8::1"} << "2001:db8::1";
        QTest::newRow("IPv6 in brackets with port") << "10.0.0.2" << L{"[2001:db8::1]:443"} << "2001:db8::1";
        QTest::newRow("IPv4-mapped IPv6 becomes IPv4") << "10.0.0.2" << L{"::ffff:198.51.100.1"} << "198.51.100.1";
        QTest::newRow("IPv6 loopback proxy") << "::1" << L{"198.51.100.1"} << "198.51.100.1";
        QTest::newRow("mapped peer counts as its IPv4 address") << "::ffff:10.0.0.2" << L{"198.51.100.1"} << "198.51.100.1";
    }

    void clientAddress()
    {
        QFETCH(QString, peer);
        QFETCH(QList<QByteArray>, forwardedFor);
        QFETCH(QString, expected);
        const QList<ProxySubnet> trusted = {QHostAddress::parseSubnet(QStringLiteral("10.0.0.0/8")),
                                            QHostAddress::parseSubnet(QStringLiteral("127.0.0.1")),
                                            QHostAddress::parseSubnet(QStringLiteral("::1"))};
        QCOMPARE(Gatehouse::clientAddress(requestFrom(peer, forwardedFor), trusted), QHostAddress(expected));
    }

    void noTrustedProxiesMeansThePeer()
    {
        QCOMPARE(Gatehouse::clientAddress(requestFrom(QStringLiteral("127.0.0.1"), {"198.51.100.1"}), {}),
                 QHostAddress(QStringLiteral("127.0.0.1")));
    }
};

QTEST_GUILESS_MAIN(TestClientAddress)
#include "tst_clientaddress.moc"
