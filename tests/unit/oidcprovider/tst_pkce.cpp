#include "oidcprovider/pkce.h"

#include <QTest>

using namespace Gatehouse::OidcProvider;

Q_DECLARE_METATYPE(Pkce::Result)

class TestPkce : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void challenge_data();
    void challenge();
    void verifier_data();
    void verifier();
};

namespace {

// RFC 7636 Appendix B.
const QString rfcVerifier = QStringLiteral("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk");
const QString rfcChallenge = QStringLiteral("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");

} // namespace

void TestPkce::challenge_data()
{
    QTest::addColumn<QString>("challenge");
    QTest::addColumn<QString>("method");
    QTest::addColumn<Pkce::Result>("result");
    using R = Pkce::Result;

    QTest::newRow("S256") << rfcChallenge << "S256" << R::Valid;
    QTest::newRow("plain") << rfcVerifier << "plain" << R::MethodNotSupported;
    QTest::newRow("absent method means plain") << rfcChallenge << "" << R::MethodNotSupported;
    QTest::newRow("method case") << rfcChallenge << "s256" << R::MethodNotSupported;
    QTest::newRow("other method") << rfcChallenge << "S512" << R::MethodNotSupported;
    QTest::newRow("empty challenge") << "" << "S256" << R::MalformedChallenge;
    QTest::newRow("short") << rfcChallenge.chopped(1) << "S256" << R::MalformedChallenge;
    QTest::newRow("long") << rfcChallenge + "A" << "S256" << R::MalformedChallenge;
    QTest::newRow("padded") << rfcChallenge.chopped(1) + "=" << "S256" << R::MalformedChallenge;
    QTest::newRow("base64 not url") << rfcChallenge.chopped(1) + "+" << "S256" << R::MalformedChallenge;
    // The 43rd character carries 2 unused bits: only one spelling of each digest is accepted.
    QTest::newRow("stray bits") << rfcChallenge.chopped(1) + "N" << "S256" << R::MalformedChallenge;
}

void TestPkce::challenge()
{
    QFETCH(QString, challenge);
    QFETCH(QString, method);
    QFETCH(Pkce::Result, result);
    QCOMPARE(Pkce::checkChallenge(challenge, method), result);
}

void TestPkce::verifier_data()
{
    QTest::addColumn<QString>("challenge");
    QTest::addColumn<QString>("verifier");
    QTest::addColumn<Pkce::Result>("result");
    using R = Pkce::Result;

    QTest::newRow("RFC 7636 B") << rfcChallenge << rfcVerifier << R::Valid;
    QTest::newRow("wrong verifier") << rfcChallenge << rfcVerifier.chopped(1) + "Y" << R::Mismatch;
    QTest::newRow("verifier case") << rfcChallenge << rfcVerifier.toUpper() << R::Mismatch;
    QTest::newRow("challenge as verifier (plain)") << rfcChallenge << rfcChallenge << R::Mismatch;
    QTest::newRow("empty") << rfcChallenge << "" << R::MalformedVerifier;
    QTest::newRow("42 characters") << rfcChallenge << QString(42, u'a') << R::MalformedVerifier;
    QTest::newRow("43 characters") << "ZtNPunH49FD35FWYhT5Tv8I7vRKQJ8uxMaL0_9eHjNA" << QString(43, u'a') << R::Valid;
    QTest::newRow("128 characters") << "zNhOm5Jyonenca7bQzzpjUpwFDVrfhrbbOGCqgWA6HU" << QString(128, u'~') << R::Valid;
    QTest::newRow("129 characters") << rfcChallenge << QString(129, u'a') << R::MalformedVerifier;
    QTest::newRow("huge") << rfcChallenge << QString(1 << 20, u'a') << R::MalformedVerifier;
    QTest::newRow("space") << rfcChallenge << rfcVerifier.left(20) + " " + rfcVerifier.mid(21) << R::MalformedVerifier;
    QTest::newRow("plus") << rfcChallenge << rfcVerifier.left(20) + "+" + rfcVerifier.mid(21) << R::MalformedVerifier;
    QTest::newRow("non-ascii") << rfcChallenge << rfcVerifier.left(20) + QChar(0xe9) + rfcVerifier.mid(21)
                               << R::MalformedVerifier;
    QTest::newRow("stored challenge malformed") << "short" << rfcVerifier << R::MalformedChallenge;
}

void TestPkce::verifier()
{
    QFETCH(QString, challenge);
    QFETCH(QString, verifier);
    QFETCH(Pkce::Result, result);
    QCOMPARE(Pkce::verify(challenge, verifier), result);
}

QTEST_APPLESS_MAIN(TestPkce)
#include "tst_pkce.moc"
