#include "pages/document.h"

#include "pages/logging.h"
#include "pages/messages.h"
#include "pages/pagetranslator.h"
#include "pages/sanitize.h"

#include <QCryptographicHash>
#include <QFile>

namespace Gatehouse::Pages {

namespace {

constexpr QStringView LayoutTemplate = uR"(<!DOCTYPE html>
<html lang="{{language}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="{{colorSchemes}}">
<meta name="robots" content="noindex">
<title>{{title}}</title>
{{styles}}
</head>
<body class="gh-scheme-{{scheme}}">
<main class="gh-page gh-{{page}}">
<div class="gh-card">
{{logo}}{{content}}
</div>
</main>
{{scripts}}</body>
</html>
)";

constexpr QStringView ScriptTemplate = u"<script src=\"{{url}}\" defer></script>\n";
constexpr QStringView ImageTemplate = u"<img class=\"{{class}}\" src=\"{{url}}\" alt=\"{{alt}}\">";
constexpr QStringView SiteLinkTemplate = u"<a class=\"gh-site\" href=\"{{url}}\">{{host}}</a>";

// The static stylesheet (a resource) and its CSP source, loaded once.
struct Stylesheet
{
    QString css;
    QByteArray hashSource;
};

QByteArray hashSource(const QString &css)
{
    return "'sha256-"
        + QCryptographicHash::hash(css.toUtf8(), QCryptographicHash::Sha256).toBase64() + '\'';
}

const Stylesheet &stylesheet()
{
    static const Stylesheet sheet = [] {
        QFile file(QStringLiteral(":/gatehouse/pages/pages.css"));
        if (!file.open(QIODevice::ReadOnly)) {
            qCCritical(lcPages) << "the page stylesheet resource" << file.fileName()
                                << "is missing; pages are rendered unstyled";
            return Stylesheet{};
        }
        // Browsers hash the element's text after newline normalisation: hash what they see.
        QString css = QString::fromUtf8(file.readAll());
        css.replace(QStringLiteral("\r\n"), QStringLiteral("\n"));
        return Stylesheet{css, hashSource(css)};
    }();
    return sheet;
}

// scheme://host[:port] with the scheme's default port left out, as browsers show origins.
QUrl normalizedOrigin(const QUrl &url)
{
    QUrl origin = url.adjusted(QUrl::RemoveUserInfo | QUrl::RemovePath | QUrl::RemoveQuery
                               | QUrl::RemoveFragment);
    if ((origin.scheme() == u"http" && origin.port() == 80)
        || (origin.scheme() == u"https" && origin.port() == 443))
        origin.setPort(-1);
    return origin;
}

} // namespace

Document::Document(const PageContext &context, const PageTranslator &translator)
    : m_context(context)
    , m_translator(translator)
    , m_origin(normalizedOrigin(context.origin).toString(QUrl::FullyEncoded))
{
    QString rootRules;
    if (const auto brand = cssColor(context.theme.brandColor))
        rootRules += QStringLiteral("--gh-brand:") + *brand + u';';
    else if (!context.theme.brandColor.isEmpty())
        qCDebug(lcPages) << "theme.brandColor is not a CSS colour; ignored";
    if (const auto buttonText = cssColor(context.theme.buttonText))
        rootRules += QStringLiteral("--gh-button-text:") + *buttonText + u';';
    else if (!context.theme.buttonText.isEmpty())
        qCDebug(lcPages) << "theme.buttonText is not a CSS colour; ignored";
    if (!rootRules.isEmpty())
        addStyle(QStringLiteral(":root{") + rootRules + QStringLiteral("}\n"));
    if (!context.theme.logo.isEmpty())
        m_logo = image(context.theme.logo, text(Messages::Logo), u"gh-logo");
}

QString Document::text(const char *sourceText) const
{
    return m_translator.translate(m_context.language, sourceText);
}

void Document::addStyle(const QString &css)
{
    m_styles += css;
}

Html Document::image(const QString &url, const QString &alt, QStringView cssClass)
{
    const auto source = imageUrl(url);
    if (!source) {
        qCDebug(lcPages) << "image URL is not an http(s), same-origin or data:image URL; ignored";
        return {};
    }
    const QUrl parsed(*source);
    if (parsed.scheme() == u"http") {
        const QString origin = normalizedOrigin(parsed).toString(QUrl::FullyEncoded);
        if (origin != m_origin && !m_imageSources.contains(origin))
            m_imageSources.append(origin);
    }
    return fill(ImageTemplate, {{u"class", cssClass}, {u"url", *source}, {u"alt", alt}});
}

void Document::addScript(const QUrl &url)
{
    const QUrl resolved = url.isRelative() ? QUrl(m_origin).resolved(url) : url;
    const QString encoded = resolved.toString(QUrl::FullyEncoded);
    const bool network = resolved.scheme() == u"https" || resolved.scheme() == u"http";
    // The URL doubles as a CSP source expression, where ';', ',' and spaces are separators.
    if (!resolved.isValid() || !network || encoded.contains(u';') || encoded.contains(u',')) {
        qCWarning(lcPages) << "page script URL is not a plain http(s) URL; not loaded:" << encoded;
        return;
    }
    if (!m_scripts.contains(encoded))
        m_scripts.append(encoded);
}

Html Document::siteLink() const
{
    const QUrl origin(m_origin);
    const QString host = origin.port() == -1 ? origin.host()
                                             : origin.host() + u':' + QString::number(origin.port());
    return fill(SiteLinkTemplate, {{u"url", m_origin}, {u"host", host}});
}

Page Document::render(int status, const QString &title, QStringView pageClass, const Html &content) const
{
    const Stylesheet &sheet = stylesheet();
    QByteArray styleSources = sheet.hashSource;
    Html styles = Html::styleElement(sheet.css);
    if (!m_styles.isEmpty()) {
        const Html pageStyle = Html::styleElement(m_styles);
        if (!pageStyle.isEmpty()) {
            styles += pageStyle;
            styleSources += ' ' + hashSource(m_styles);
        }
    }

    Html scripts;
    for (const QString &script : m_scripts)
        scripts += fill(ScriptTemplate, {{u"url", script}});

    const QString scheme = colorScheme(m_context.theme.colorScheme);
    const QString colorSchemes = scheme == u"auto" ? QStringLiteral("light dark") : scheme;
    const Html document = fill(LayoutTemplate, {
        {u"language", m_context.language},
        {u"colorSchemes", colorSchemes},
        {u"title", title},
        {u"styles", styles},
        {u"scheme", scheme},
        {u"page", pageClass},
        {u"logo", m_logo},
        {u"content", content},
        {u"scripts", scripts},
    });

    QByteArray policy = "default-src 'none'; style-src " + styleSources + "; img-src 'self' https: data:";
    for (const QString &source : m_imageSources)
        policy += ' ' + source.toLatin1();
    policy += "; form-action 'self' https:";
    if (QUrl(m_origin).scheme() == u"http")
        policy += " http:";
    if (!m_scripts.isEmpty())
        // The page's scripts may call back to this origin (the WebAuthn options).
        policy += "; script-src " + m_scripts.join(u' ').toLatin1() + "; connect-src 'self'";
    policy += "; frame-ancestors 'none'; base-uri 'none'";

    return Page{status, document.markup().toUtf8(), policy};
}

} // namespace Gatehouse::Pages
