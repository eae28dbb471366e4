#pragma once
/*
 * The account page's forms as data (README.md): which operation each form's
 * `action` field asks for, what must hold before it runs, the notice shown once it is done, and
 * the notice for each error class it may fail with. actions/account.cpp runs them.
 */
#include <gatehouse/autherror.h>

#include <QLatin1String>
#include <QList>
#include <QStringView>

#include <exception>

namespace Gatehouse::AccountForms {

//! What a form asks for.
enum class Operation {
    SetName,
    EndSession,
    EndOthers,
    EndAll,
    ChangePassword,
    UnlinkAccount,
    RenamePasskey,
    RemovePasskey,
    TwoFactorBegin,
    TwoFactorConfirm,
    TwoFactorNewCodes,
    TwoFactorRemove,
    SetNotices,
    RevokeApp,
};

//! Which part of the configuration a form needs; without it the form is an unknown action.
enum class Needs {
    Nothing,
    BuiltinPasswords,  //!< a credentials provider with "authorize": "builtin"
    TwoFactor,         //!< two-factor sign-in offered (an adapter that keeps it, not "never")
    NoticeChoices,     //!< notices a person may turn off are mailed, and the adapter keeps the choice
    OidcConsents,      //!< the OpenID Provider is configured and the adapter keeps consents
};

//! An error class a form may fail with, and the notice the page shows for it.
struct FailureNotice
{
    bool (*matches)(const AuthError &error);
    QLatin1String notice;
};

struct Form
{
    QLatin1String action;  //!< the form's `action` field
    Operation operation;
    Needs needs;
    //! Not empty: the form must carry confirm=yes (a checkbox), else this notice and nothing done.
    QLatin1String unconfirmed;
    bool recentSignIn;     //!< could lock the person out or hand the account over: a recent sign-in first
    QLatin1String done;    //!< the notice once done
    QList<FailureNotice> failures;
};

//! The form whose `action` field is \a action; null for any other (an unknown action).
const Form *find(QStringView action);

//! The notice for \a error, which \a form failed with; empty when none (the error page answers).
QLatin1String noticeFor(const Form &form, std::exception_ptr error);

} // namespace Gatehouse::AccountForms
