#pragma once
/*
 * The reduction of an HTML page that the reference comparison client applies
 * (reference/authjs/transcript.mjs, summarizeHtml): the title, the visible text outside
 * forms, each form with its action, method and fields, and each link. Two pages that reduce to
 * the same lines look the same to the transcript comparison.
 */
#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <optional>

namespace HtmlSummary {

inline QString stripTags(QString s)
{
    s.replace(QRegularExpression(QStringLiteral("<[^>]+>")), QStringLiteral(" "));
    s.replace(QStringLiteral("&nbsp;"), QStringLiteral(" "));
    s.replace(QStringLiteral("&amp;"), QStringLiteral("&"));
    s.replace(QStringLiteral("&lt;"), QStringLiteral("<"));
    s.replace(QStringLiteral("&gt;"), QStringLiteral(">"));
    s.replace(QStringLiteral("&quot;"), QStringLiteral("\""));
    s.replace(QRegularExpression(QStringLiteral("&#x27;|&#39;")), QStringLiteral("'"));
    s.replace(QRegularExpression(QStringLiteral("\\s+")), QStringLiteral(" "));
    return s.trimmed();
}

inline std::optional<QString> attribute(const QString &tag, const QString &name)
{
    const QRegularExpression re(QStringLiteral("\\s%1\\s*=\\s*(\"([^\"]*)\"|'([^']*)'|([^\\s>]+))").arg(name),
                                QRegularExpression::CaseInsensitiveOption);
    const auto m = re.match(tag);
    if (!m.hasMatch())
        return std::nullopt;
    QString value = m.hasCaptured(2) ? m.captured(2) : m.hasCaptured(3) ? m.captured(3) : m.captured(4);
    return value.replace(QStringLiteral("&amp;"), QStringLiteral("&"));
}

inline QString quoted(const QString &s)
{
    QString out = s;
    out.replace(QStringLiteral("\\"), QStringLiteral("\\\\")).replace(QStringLiteral("\""), QStringLiteral("\\\""));
    return u'"' + out + u'"';
}

//! The transcript lines of \a html ("title=...", "text: ...", "form ...", "link: ...").
inline QStringList summarize(const QString &html)
{
    const auto dotAll = QRegularExpression::DotMatchesEverythingOption | QRegularExpression::CaseInsensitiveOption;
    QStringList lines;
    const auto title = QRegularExpression(QStringLiteral("<title[^>]*>(.*?)</title>"), dotAll).match(html);
    lines << QStringLiteral("title=") + quoted(stripTags(title.captured(1)));

    QString noStyle = html;
    noStyle.remove(QRegularExpression(QStringLiteral("<style.*?</style>"), dotAll));
    noStyle.remove(QRegularExpression(QStringLiteral("<script.*?</script>"), dotAll));
    const auto bodyMatch = QRegularExpression(QStringLiteral("<body[^>]*>(.*)</body>"), dotAll).match(noStyle);
    const QString body = bodyMatch.hasMatch() ? bodyMatch.captured(1) : noStyle;

    QStringList forms;
    auto formIt = QRegularExpression(QStringLiteral("<form\\b([^>]*)>(.*?)</form>"), dotAll).globalMatch(body);
    while (formIt.hasNext()) {
        const auto fm = formIt.next();
        const QString tag = QStringLiteral("<form ") + fm.captured(1) + u'>';
        QStringList fields;
        auto inIt = QRegularExpression(QStringLiteral("<(input|button|select|textarea)\\b([^>]*)>"),
                                       QRegularExpression::CaseInsensitiveOption).globalMatch(fm.captured(2));
        while (inIt.hasNext()) {
            const auto im = inIt.next();
            const QString t = QStringLiteral("<x ") + im.captured(2) + u'>';
            const auto name = attribute(t, QStringLiteral("name"));
            const QString type = attribute(t, QStringLiteral("type")).value_or(im.captured(1).toLower());
            if (name) {
                QString field = *name + u'(' + type;
                if (type == u"hidden" && *name != u"csrfToken")
                    field += u'=' + attribute(t, QStringLiteral("value")).value_or(QString());
                fields << field + u')';
            } else if (im.captured(1).toLower() == u"button") {
                fields << QStringLiteral("<button %1>").arg(type);
            }
        }
        forms << QStringLiteral("form %1 %2: %3")
                     .arg(attribute(tag, QStringLiteral("method")).value_or(QStringLiteral("GET")).toUpper(),
                          attribute(tag, QStringLiteral("action")).value_or(QString()), fields.join(u", "));
    }
    QStringList links;
    auto aIt = QRegularExpression(QStringLiteral("<a\\b([^>]*)>(.*?)</a>"), dotAll).globalMatch(body);
    while (aIt.hasNext()) {
        const auto am = aIt.next();
        links << QStringLiteral("link: %1 -> %2")
                     .arg(stripTags(am.captured(2)),
                          attribute(QStringLiteral("<a ") + am.captured(1) + u'>', QStringLiteral("href")).value_or(QString()));
    }
    QString withoutForms = body;
    withoutForms.replace(QRegularExpression(QStringLiteral("<form\\b.*?</form>"), dotAll), QStringLiteral(" "));
    const QString text = stripTags(withoutForms).left(300);
    if (!text.isEmpty())
        lines << QStringLiteral("text: ") + quoted(text);
    lines << forms << links;
    return lines;
}

} // namespace HtmlSummary
