#include "pages/html.h"

#include "pages/logging.h"

namespace Gatehouse::Pages {

QString escape(QStringView text)
{
    QString out;
    out.reserve(text.size() + text.size() / 8);
    for (const QChar c : text) {
        switch (c.unicode()) {
        case u'&': out += u"&amp;"; break;
        case u'<': out += u"&lt;"; break;
        case u'>': out += u"&gt;"; break;
        case u'"': out += u"&quot;"; break;
        case u'\'': out += u"&#39;"; break;
        default: out += c;
        }
    }
    return out;
}

Html Html::fill(QStringView pattern, std::initializer_list<Slot> slots)
{
    QString out;
    out.reserve(pattern.size() * 2);
    qsizetype pos = 0;
    while (pos < pattern.size()) {
        const qsizetype open = pattern.indexOf(u"{{", pos);
        if (open < 0)
            break;
        const qsizetype close = pattern.indexOf(u"}}", open + 2);
        if (close < 0)
            break;
        out += pattern.mid(pos, open - pos);
        const QStringView name = pattern.mid(open + 2, close - open - 2);
        const Slot *slot = nullptr;
        for (const Slot &candidate : slots) {
            if (candidate.name() == name) {
                slot = &candidate;
                break;
            }
        }
        if (slot) {
            out += slot->markup();
        } else {
            qCCritical(lcPages) << "page template has no value for placeholder" << name;
            Q_ASSERT_X(false, "Gatehouse::Pages::fill", "template placeholder without a value");
        }
        pos = close + 2;
    }
    out += pattern.mid(pos);
    return Html(std::move(out));
}

Html Html::styleElement(const QString &css)
{
    if (css.contains(u'<')) {
        qCCritical(lcPages) << "refusing a style block that contains '<'";
        return {};
    }
    return Html(QStringLiteral("<style>") + css + QStringLiteral("</style>"));
}

Html join(const QList<Html> &parts)
{
    Html out;
    for (const Html &part : parts)
        out += part;
    return out;
}

} // namespace Gatehouse::Pages
