// The account page's forms as data (account/accountforms.h): what each action field asks for
// and the notice each failure shows; anything the table does not name is the error page's.
#include "account/accountforms.h"

#include <gatehouse/account.h>
#include <gatehouse/adaptererror.h>
#include <gatehouse/errors.h>
#include <gatehouse/twofactor.h>

#include <QTest>

#include <functional>

using namespace Gatehouse;
using AccountForms::Needs;
using AccountForms::Operation;

Q_DECLARE_METATYPE(std::function<std::exception_ptr()>)

namespace {

template<typename Error>
std::function<std::exception_ptr()> thrown()
{
    return [] { return std::make_exception_ptr(Error()); };
}

} // namespace

class TestAccountForms : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void whatEachFormAsks_data()
    {
        QTest::addColumn<QString>("action");
        QTest::addColumn<int>("operation");
        QTest::addColumn<int>("needs");
        QTest::addColumn<bool>("recentSignIn");
        QTest::addColumn<QString>("unconfirmed");
        QTest::addColumn<QString>("done");
        const auto row = [](const char *action, Operation op, Needs needs, bool recent, const char *unconfirmed, const char *done) {
            QTest::newRow(action) << QString::fromLatin1(action) << int(op) << int(needs) << recent
                                  << QString::fromLatin1(unconfirmed) << QString::fromLatin1(done);
        };
        // Changes that could lock the person out or hand the account over ask for a recent sign-in.
        row("setName", Operation::SetName, Needs::Nothing, false, "", "nameSaved");
        row("endSession", Operation::EndSession, Needs::Nothing, false, "", "sessionEnded");
        row("endOthers", Operation::EndOthers, Needs::Nothing, false, "", "othersEnded");
        row("endAll", Operation::EndAll, Needs::Nothing, false, "", "");
        row("changePassword", Operation::ChangePassword, Needs::BuiltinPasswords, true, "", "passwordChanged");
        row("unlinkAccount", Operation::UnlinkAccount, Needs::Nothing, true, "", "accountUnlinked");
        row("renamePasskey", Operation::RenamePasskey, Needs::Nothing, false, "", "passkeyRenamed");
        row("removePasskey", Operation::RemovePasskey, Needs::Nothing, true, "", "passkeyRemoved");
        row("twoFactorBegin", Operation::TwoFactorBegin, Needs::TwoFactor, true, "", "");
        row("twoFactorConfirm", Operation::TwoFactorConfirm, Needs::TwoFactor, false, "", "twoFactorOn");
        row("twoFactorNewCodes", Operation::TwoFactorNewCodes, Needs::TwoFactor, true, "", "twoFactorNewCodes");
        row("twoFactorRemove", Operation::TwoFactorRemove, Needs::TwoFactor, true, "twoFactorRemoveUnconfirmed", "twoFactorRemoved");
        // Turning a notice off hides what an intruder does next: a recent sign-in first.
        row("setNotices", Operation::SetNotices, Needs::NoticeChoices, true, "", "noticesSaved");
        // Taking an app's access away locks no one out: no recent sign-in.
        row("revokeApp", Operation::RevokeApp, Needs::OidcConsents, false, "", "appRevoked");
    }

    void whatEachFormAsks()
    {
        QFETCH(QString, action);
        QFETCH(int, operation);
        QFETCH(int, needs);
        QFETCH(bool, recentSignIn);
        QFETCH(QString, unconfirmed);
        QFETCH(QString, done);
        const AccountForms::Form *form = AccountForms::find(action);
        QVERIFY(form);
        QCOMPARE(int(form->operation), operation);
        QCOMPARE(int(form->needs), needs);
        QCOMPARE(form->recentSignIn, recentSignIn);
        QCOMPARE(QString(form->unconfirmed), unconfirmed);
        QCOMPARE(QString(form->done), done);
    }

    void unknownActions_data()
    {
        QTest::addColumn<QString>("action");
        QTest::newRow("empty") << QString();
        QTest::newRow("case differs") << "SetName";
        QTest::newRow("a prefix") << "twoFactor";
        QTest::newRow("with a space") << "endAll ";
    }

    void unknownActions()
    {
        QFETCH(QString, action);
        QVERIFY(!AccountForms::find(action));
    }

    void noticeForEachFailure_data()
    {
        QTest::addColumn<QString>("action");
        QTest::addColumn<std::function<std::exception_ptr()>>("error");
        QTest::addColumn<QString>("notice");
        QTest::newRow("invalid name") << "setName" << thrown<InvalidAccountInput>() << "invalidName";
        QTest::newRow("another's session") << "endSession" << thrown<AccountRecordNotFound>() << "sessionNotFound";
        QTest::newRow("wrong password") << "changePassword" << thrown<IncorrectPassword>() << "passwordIncorrect";
        QTest::newRow("password refused") << "changePassword" << thrown<InvalidAccountInput>() << "passwordTooShort";
        QTest::newRow("unlink unknown") << "unlinkAccount" << thrown<AccountRecordNotFound>() << "accountNotFound";
        QTest::newRow("unlink the last") << "unlinkAccount" << thrown<LastSignInMethod>() << "lastSignInMethod";
        QTest::newRow("rename unknown") << "renamePasskey" << thrown<AccountRecordNotFound>() << "passkeyNotFound";
        QTest::newRow("rename invalid") << "renamePasskey" << thrown<InvalidAccountInput>() << "invalidPasskeyName";
        QTest::newRow("remove the last") << "removePasskey" << thrown<LastSignInMethod>() << "lastSignInMethod";
        QTest::newRow("enrolled already") << "twoFactorBegin" << thrown<TwoFactorAlreadyEnrolled>() << "twoFactorAlreadyOn";
        QTest::newRow("wrong code") << "twoFactorConfirm" << thrown<InvalidTwoFactorCode>() << "twoFactorWrongCode";
        QTest::newRow("too many codes") << "twoFactorConfirm" << thrown<TooManyTwoFactorAttempts>() << "tooManyAttempts";
        QTest::newRow("nothing to remove") << "twoFactorRemove" << thrown<TwoFactorNotEnrolled>() << "twoFactorNoEnrolment";
        // Not the form's: the error page answers (an empty notice).
        QTest::newRow("a class another form names") << "setName" << thrown<AccountRecordNotFound>() << "";
        QTest::newRow("a wrong code outside confirm") << "twoFactorBegin" << thrown<InvalidTwoFactorCode>() << "";
        QTest::newRow("the store failed") << "endSession"
                                          << std::function<std::exception_ptr()>([] {
                                                 return std::make_exception_ptr(AdapterError(AdapterError::Reason::Unavailable, {}));
                                             })
                                          << "";
        QTest::newRow("not an AuthError") << "setName"
                                          << std::function<std::exception_ptr()>([] {
                                                 return std::make_exception_ptr(std::runtime_error("boom"));
                                             })
                                          << "";
    }

    void noticeForEachFailure()
    {
        QFETCH(QString, action);
        QFETCH(std::function<std::exception_ptr()>, error);
        QFETCH(QString, notice);
        const AccountForms::Form *form = AccountForms::find(action);
        QVERIFY(form);
        QCOMPARE(QString(AccountForms::noticeFor(*form, error())), notice);
    }
};

QTEST_APPLESS_MAIN(TestAccountForms)
#include "tst_accountforms.moc"
