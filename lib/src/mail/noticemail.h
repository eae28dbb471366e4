#pragma once
/*
 * The security notices' mail (lib/src/notices/README.md), built like the sign-in mail
 * (signinmail.h: theme, escaping, translations): what happened as its subject and heading,
 * when, from where and with which browser, and a button to the account page, its first link.
 */
#include "mail/signinmail.h"

#include <QDateTime>

namespace Gatehouse::Mail {

enum class NoticeMailKind {
    NewDevice,
    PasswordChanged,
    PasswordReset,
    TwoFactorOn,
    TwoFactorOff,
    RecoveryCodeUsed,
    AccountLinked,
    AccountUnlinked,
    PasskeyAdded,
};

//! What a notice says besides its kind; empty fields are left out.
struct NoticeMailFacts
{
    QDateTime when;           //!< UTC
    QString clientAddress;
    QString device;           //!< "Firefox on Linux"
    QString provider;         //!< linked or unlinked accounts
    QString passkey;          //!< the added passkey's name
    int codesLeft = -1;       //!< recovery codes left; below zero: unknown
};

//! \a content.url is the account page.
RenderedMail renderNoticeMail(NoticeMailKind kind, const NoticeMailFacts &facts, const SignInMailContent &content,
                              const MailTranslator &translator);

} // namespace Gatehouse::Mail
