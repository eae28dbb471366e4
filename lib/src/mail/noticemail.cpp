#include "mail/noticemail.h"

#include "mail/mailtranslator.h"
#include "mail/messages.h"

namespace Gatehouse::Mail {

namespace {

const char *headingOf(NoticeMailKind kind)
{
    switch (kind) {
    case NoticeMailKind::NewDevice: return Messages::NoticeNewDevice;
    case NoticeMailKind::PasswordChanged: return Messages::NoticePasswordChanged;
    case NoticeMailKind::PasswordReset: return Messages::NoticePasswordReset;
    case NoticeMailKind::TwoFactorOn: return Messages::NoticeTwoFactorOn;
    case NoticeMailKind::TwoFactorOff: return Messages::NoticeTwoFactorOff;
    case NoticeMailKind::RecoveryCodeUsed: return Messages::NoticeRecoveryCodeUsed;
    case NoticeMailKind::AccountLinked: return Messages::NoticeAccountLinked;
    case NoticeMailKind::AccountUnlinked: return Messages::NoticeAccountUnlinked;
    case NoticeMailKind::PasskeyAdded: return Messages::NoticePasskeyAdded;
    }
    return Messages::NoticePasswordChanged;
}

} // namespace

RenderedMail renderNoticeMail(NoticeMailKind kind, const NoticeMailFacts &facts, const SignInMailContent &content,
                              const MailTranslator &translator)
{
    const auto text = [&](const char *source) { return translator.translate(content.language, source); };
    ButtonMailTexts texts;
    texts.heading = text(headingOf(kind));
    texts.button = text(Messages::NoticeButton);
    // One form for every language: a person abroad reads UTC as well as any zone we could guess.
    if (facts.when.isValid())
        texts.notes.append(text(Messages::NoticeWhen).arg(facts.when.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"))));
    if (!facts.clientAddress.isEmpty())
        texts.notes.append(text(Messages::NoticeFrom).arg(facts.clientAddress));
    if (!facts.device.isEmpty())
        texts.notes.append(text(Messages::NoticeDevice).arg(facts.device));
    if (!facts.provider.isEmpty())
        texts.notes.append(text(Messages::NoticeProvider).arg(facts.provider));
    if (!facts.passkey.isEmpty())
        texts.notes.append(text(Messages::NoticePasskey).arg(facts.passkey));
    if (facts.codesLeft >= 0)
        texts.notes.append(text(Messages::NoticeCodesLeft).arg(facts.codesLeft));
    texts.ignore = text(Messages::NoticeNotYou);
    return renderButtonMail(content, texts, translator);
}

} // namespace Gatehouse::Mail
