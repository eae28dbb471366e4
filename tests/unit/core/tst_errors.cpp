#include <gatehouse/account.h>
#include <gatehouse/adaptererror.h>
#include <gatehouse/errors.h>
#include <gatehouse/twofactor.h>

#include <QFuture>
#include <QPromise>
#include <QTest>

#include <functional>
#include <type_traits>

using namespace Gatehouse;

Q_DECLARE_METATYPE(std::function<Gatehouse::AuthError()>)

class TestErrors : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void typeAndKind_data()
    {
        QTest::addColumn<std::function<AuthError()>>("make");
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("kind");
        const auto row = [](const char *name, std::function<AuthError()> make, const char *kind) {
            QTest::newRow(name) << make << QString::fromLatin1(name) << QString::fromLatin1(kind);
        };
        row("AccessDenied", [] { return AccessDenied(); }, "AccessDenied");
        row("Verification", [] { return Verification(); }, "Verification");
        row("OAuthSignin", [] { return OAuthSignin(); }, "OAuthSignin");
        row("OAuthCallbackError", [] { return OAuthCallbackError(); }, "OAuthCallbackError");
        row("OAuthCreateAccount", [] { return OAuthCreateAccount(); }, "OAuthCreateAccount");
        row("OAuthAccountNotLinked", [] { return OAuthAccountNotLinked(); }, "OAuthAccountNotLinked");
        row("EmailCreateAccount", [] { return EmailCreateAccount(); }, "EmailCreateAccount");
        row("EmailSignin", [] { return EmailSignin(); }, "EmailSignin");
        row("SessionRequired", [] { return SessionRequired(); }, "SessionRequired");
        row("MissingCSRF", [] { return MissingCSRF(); }, "MissingCSRF");
        row("CredentialsSignin", [] { return CredentialsSignin(); }, "CredentialsSignin");
        row("MissingSecret", [] { return MissingSecret(); }, "Configuration");
        row("UntrustedHost", [] { return UntrustedHost(); }, "Configuration");
        row("UnknownAction", [] { return UnknownAction(); }, "Configuration");
        row("InvalidProvider", [] { return InvalidProvider(); }, "Configuration");
        row("InvalidCheck", [] { return InvalidCheck(); }, "Configuration");
        row("CallbackRouteError", [] { return CallbackRouteError(); }, "Configuration");
        row("MissingAdapter", [] { return MissingAdapter(); }, "Configuration");
        row("AccountNotLinked", [] { return AccountNotLinked(); }, "Configuration");
        row("OAuthProfileParseError", [] { return OAuthProfileParseError(); }, "Configuration");
        row("InvalidEmail", [] { return InvalidEmail(); }, "Configuration");
        row("JWTSessionError", [] { return JWTSessionError(); }, "Configuration");
        row("SessionTokenError", [] { return SessionTokenError(); }, "Configuration");
        row("Configuration", [] { return Configuration(); }, "Configuration");
        row("SessionUnavailable", [] { return SessionUnavailable(); }, "Unavailable");
        row("TwoFactorExpired", [] { return TwoFactorExpired(); }, "TwoFactorExpired");
        row("NotFound", [] { return NotFound(); }, "Configuration");
        // Declared with the same macro by account.h and twofactor.h.
        row("AccountRecordNotFound", [] { return AccountRecordNotFound(); }, "Configuration");
        row("LastSignInMethod", [] { return LastSignInMethod(); }, "Configuration");
        row("InvalidTwoFactorCode", [] { return InvalidTwoFactorCode(); }, "Configuration");
        row("TooManyTwoFactorAttempts", [] { return TooManyTwoFactorAttempts(); }, "Configuration");
    }
    void typeAndKind()
    {
        QFETCH(std::function<AuthError()>, make);
        QFETCH(QString, type);
        QFETCH(QString, kind);
        const AuthError error = make();
        QCOMPARE(error.type(), type);
        QCOMPARE(error.kind(), kind);
    }

    void aStoreThatCannotAnswerIsUnavailable_data()
    {
        QTest::addColumn<int>("reason");
        QTest::addColumn<QString>("kind");
        QTest::newRow("unavailable") << int(AdapterError::Reason::Unavailable) << "Unavailable";
        QTest::newRow("any other reason") << int(AdapterError::Reason::Failed) << "Configuration";
    }
    void aStoreThatCannotAnswerIsUnavailable()
    {
        QFETCH(int, reason);
        QFETCH(QString, kind);
        const AdapterError error(AdapterError::Reason(reason), QStringLiteral("down"));
        QCOMPARE(error.type(), QStringLiteral("AdapterError"));
        QCOMPARE(error.kind(), kind);
    }

    void onlyTheClassesNameTheirType()
    {
        // An error is thrown as its class: a bare AuthError of any type cannot be made.
        QVERIFY(!(std::is_constructible_v<AuthError, QString, QString>));
        QVERIFY(!(std::is_constructible_v<AuthError, QString>));
    }

    void travelsThroughAFutureWithItsType()
    {
        QPromise<int> promise;
        QFuture<int> future = promise.future();
        promise.start();
        promise.setException(OAuthAccountNotLinked(QStringLiteral("email taken")));
        promise.finish();
        try {
            future.result();
            QFAIL("no exception");
        } catch (const OAuthAccountNotLinked &e) {
            QCOMPARE(e.message(), QStringLiteral("email taken"));
            QCOMPARE(QByteArray(e.what()), QByteArray("OAuthAccountNotLinked: email taken"));
        }
    }

    void credentialsCodeIsKept()
    {
        const CredentialsSignin e(QStringLiteral("locked"));
        QCOMPARE(e.code(), QStringLiteral("locked"));
        std::unique_ptr<AuthError> copy(e.clone());
        QCOMPARE(static_cast<CredentialsSignin *>(copy.get())->code(), QStringLiteral("locked"));
    }
};

QTEST_GUILESS_MAIN(TestErrors)
#include "tst_errors.moc"
