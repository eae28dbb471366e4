#include "mail/signinmail.h"

#include "mail/mailtranslator.h"
#include "mail/messages.h"
#include "pages/html.h"
#include "pages/sanitize.h"

namespace Gatehouse::Mail {

namespace {

using Pages::fill;
using Pages::Html;

constexpr QStringView DefaultBrandColor = u"#346df1";
constexpr QStringView DefaultButtonText = u"#ffffff";

// Inline styles only: mail clients drop <style> blocks. Tables for the layout, for the same reason.
constexpr QStringView MailTemplate = uR"(<!DOCTYPE html>
<html lang="{{language}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{subject}}</title>
</head>
<body style="margin:0;padding:0;background:#f9f9f9;">
<table role="presentation" width="100%" border="0" cellspacing="0" cellpadding="0" style="background:#f9f9f9;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" border="0" cellspacing="0" cellpadding="0" style="max-width:600px;background:#ffffff;border-radius:10px;">
{{logo}}<tr><td align="center" style="padding:24px 20px 8px;font-family:Helvetica,Arial,sans-serif;font-size:22px;color:#444444;">{{heading}}</td></tr>
<tr><td align="center" style="padding:16px 20px;">
<table role="presentation" border="0" cellspacing="0" cellpadding="0"><tr>
<td align="center" style="border-radius:5px;background:{{brandColor}};"><a href="{{url}}" target="_blank" style="display:inline-block;padding:10px 20px;border:1px solid {{brandColor}};border-radius:5px;font-family:Helvetica,Arial,sans-serif;font-size:18px;font-weight:bold;color:{{buttonText}};text-decoration:none;">{{button}}</a></td>
</tr></table>
</td></tr>
{{notes}}<tr><td align="center" style="padding:8px 20px 24px;font-family:Helvetica,Arial,sans-serif;font-size:16px;line-height:22px;color:#444444;">{{ignore}}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
)";

constexpr QStringView NoteTemplate = uR"(<tr><td align="center" style="padding:8px 20px;font-family:Helvetica,Arial,sans-serif;font-size:16px;line-height:22px;color:#444444;">{{note}}</td></tr>
)";

constexpr QStringView LogoTemplate = uR"(<tr><td align="center" style="padding:24px 20px 0;"><img src="{{url}}" alt="{{alt}}" style="max-height:70px;max-width:300px;"></td></tr>
)";

// The host with a zero-width space before every dot, so mail clients do not turn it into a link.
Html unlinkedHost(const QString &host)
{
    Html out;
    const QStringList parts = host.split(u'.');
    for (qsizetype i = 0; i < parts.size(); ++i) {
        if (i > 0)
            out += fill(u"&#8203;.", {});
        out += fill(u"{{part}}", {{u"part", parts.at(i)}});
    }
    return out;
}

// "Sign in to %1" with the host in bold; the translation decides where the host goes.
Html heading(const QString &translated, const QString &host)
{
    const qsizetype marker = translated.indexOf(QLatin1String("%1"));
    const QString before = marker < 0 ? translated + u' ' : translated.left(marker);
    const QString after = marker < 0 ? QString() : translated.mid(marker + 2);
    return fill(u"{{before}}<strong>{{host}}</strong>{{after}}",
                {{u"before", before}, {u"host", unlinkedHost(host)}, {u"after", after}});
}

Html logo(const SignInMailContent &content, const QString &alt)
{
    std::optional<QString> url = Pages::imageUrl(content.theme.logo);
    if (!url)
        return {};
    if (url->startsWith(u'/'))
        url = content.origin + *url;
    return fill(LogoTemplate, {{u"url", *url}, {u"alt", alt}});
}

} // namespace

RenderedMail renderSignInMail(const SignInMailContent &content, const MailTranslator &translator)
{
    const auto text = [&](const char *source) { return translator.translate(content.language, source); };
    return renderButtonMail(content, {text(Messages::SignInTo), text(Messages::SignInButton), {}, text(Messages::IgnoreIfUnrequested)},
                            translator);
}

RenderedMail renderButtonMail(const SignInMailContent &content, const ButtonMailTexts &texts, const MailTranslator &translator)
{
    const auto text = [&](const char *source) { return translator.translate(content.language, source); };
    const QString &signInTo = texts.heading;

    RenderedMail mail;
    mail.subject = QString(signInTo).replace(QLatin1String("%1"), content.host);
    // The link first (Auth.js's text: "<subject>\n<url>\n\n"), then the notes.
    mail.text = mail.subject + u'\n' + content.url + QStringLiteral("\n\n");
    Html notes;
    for (const QString &note : texts.notes) {
        mail.text += note + QStringLiteral("\n\n");
        notes += fill(NoteTemplate, {{u"note", note}});
    }
    if (!texts.notes.isEmpty())
        mail.text += texts.ignore + u'\n';
    const QString brand = Pages::cssColor(content.theme.brandColor).value_or(DefaultBrandColor.toString());
    const QString buttonText = Pages::cssColor(content.theme.buttonText).value_or(DefaultButtonText.toString());
    mail.html = fill(MailTemplate, {
        {u"language", content.language},
        {u"subject", mail.subject},
        {u"logo", logo(content, text(Messages::Logo))},
        {u"heading", heading(signInTo, content.host)},
        {u"brandColor", brand},
        {u"buttonText", buttonText},
        {u"url", content.url},
        {u"button", texts.button},
        {u"notes", notes},
        {u"ignore", texts.ignore},
    }).markup();
    return mail;
}

} // namespace Gatehouse::Mail
