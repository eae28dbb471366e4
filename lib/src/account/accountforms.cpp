#include "account/accountforms.h"

#include <gatehouse/account.h>
#include <gatehouse/twofactor.h>

namespace Gatehouse::AccountForms {

namespace {

template<typename Error>
bool isA(const AuthError &error)
{
    return dynamic_cast<const Error *>(&error) != nullptr;
}

QLatin1String notice(const char *text)
{
    return QLatin1String(text);
}

//! The failures every two-factor form shares.
QList<FailureNotice> twoFactorFailures(QList<FailureNotice> more = {})
{
    more += {{isA<TwoFactorAlreadyEnrolled>, notice("twoFactorAlreadyOn")},
             {isA<TwoFactorNotEnrolled>, notice("twoFactorNoEnrolment")},
             {isA<TooManyTwoFactorAttempts>, notice("tooManyAttempts")}};
    return more;
}

const QList<Form> &forms()
{
    // Renaming cannot lock anyone out: no recent sign-in, as for the display name. Turning a
    // notice off hides what an intruder does next: a recent sign-in, as for a password. A new
    // secret or new recovery codes are shown in the answer itself ("done" is the page's notice).
    static const QList<Form> table = {
        {notice("setName"), Operation::SetName, Needs::Nothing, {}, false, notice("nameSaved"),
         {{isA<InvalidAccountInput>, notice("invalidName")}}},
        {notice("endSession"), Operation::EndSession, Needs::Nothing, {}, false, notice("sessionEnded"),
         {{isA<AccountRecordNotFound>, notice("sessionNotFound")}}},
        {notice("endOthers"), Operation::EndOthers, Needs::Nothing, {}, false, notice("othersEnded"), {}},
        {notice("endAll"), Operation::EndAll, Needs::Nothing, {}, false, {}, {}},
        {notice("changePassword"), Operation::ChangePassword, Needs::BuiltinPasswords, {}, true, notice("passwordChanged"),
         {{isA<IncorrectPassword>, notice("passwordIncorrect")}, {isA<InvalidAccountInput>, notice("passwordTooShort")}}},
        {notice("unlinkAccount"), Operation::UnlinkAccount, Needs::Nothing, {}, true, notice("accountUnlinked"),
         {{isA<AccountRecordNotFound>, notice("accountNotFound")}, {isA<LastSignInMethod>, notice("lastSignInMethod")}}},
        {notice("renamePasskey"), Operation::RenamePasskey, Needs::Nothing, {}, false, notice("passkeyRenamed"),
         {{isA<AccountRecordNotFound>, notice("passkeyNotFound")}, {isA<InvalidAccountInput>, notice("invalidPasskeyName")}}},
        {notice("removePasskey"), Operation::RemovePasskey, Needs::Nothing, {}, true, notice("passkeyRemoved"),
         {{isA<AccountRecordNotFound>, notice("passkeyNotFound")}, {isA<LastSignInMethod>, notice("lastSignInMethod")}}},
        {notice("twoFactorBegin"), Operation::TwoFactorBegin, Needs::TwoFactor, {}, true, {}, twoFactorFailures()},
        {notice("twoFactorConfirm"), Operation::TwoFactorConfirm, Needs::TwoFactor, {}, false, notice("twoFactorOn"),
         twoFactorFailures({{isA<InvalidTwoFactorCode>, notice("twoFactorWrongCode")}})},
        {notice("twoFactorNewCodes"), Operation::TwoFactorNewCodes, Needs::TwoFactor, {}, true, notice("twoFactorNewCodes"),
         twoFactorFailures()},
        {notice("twoFactorRemove"), Operation::TwoFactorRemove, Needs::TwoFactor, notice("twoFactorRemoveUnconfirmed"), true,
         notice("twoFactorRemoved"), twoFactorFailures()},
        {notice("setNotices"), Operation::SetNotices, Needs::NoticeChoices, {}, true, notice("noticesSaved"), {}},
        // Taking an app's access away locks no one out: no recent sign-in, as for ending a session.
        {notice("revokeApp"), Operation::RevokeApp, Needs::OidcConsents, {}, false, notice("appRevoked"), {}},
    };
    return table;
}

} // namespace

const Form *find(QStringView action)
{
    for (const Form &form : forms()) {
        if (form.action == action)
            return &form;
    }
    return nullptr;
}

QLatin1String noticeFor(const Form &form, std::exception_ptr error)
{
    try {
        std::rethrow_exception(error);
    } catch (const AuthError &e) {
        for (const FailureNotice &failure : form.failures) {
            if (failure.matches(e))
                return failure.notice;
        }
    } catch (...) {
    }
    return {};
}

} // namespace Gatehouse::AccountForms
