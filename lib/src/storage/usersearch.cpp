#include "storage/usersearch.h"

#include <QStringList>

namespace Gatehouse {

UserSearch UserSearch::parse(const QString &input)
{
    UserSearch search;
    const QString text = input.trimmed();
    if (text.isEmpty())
        return search;
    if (text.size() >= 2 && text.startsWith(u'"') && text.endsWith(u'"')) {
        search.m_kind = Kind::Exact;
        search.m_idText = text.mid(1, text.size() - 2);
        search.m_text = search.m_idText.toLower();
        return search;
    }
    search.m_kind = Kind::Start;
    search.m_text = text.toLower();
    const qsizetype star = search.m_text.indexOf(u'*');
    search.m_literalStart = star < 0 ? search.m_text : search.m_text.left(star);
    if (star < 0)
        search.m_idText = text;
    return search;
}

std::optional<QString> UserSearch::startUpperBound() const
{
    if (m_kind != Kind::Start || m_literalStart.isEmpty())
        return std::nullopt;
    const char16_t last = m_literalStart.back().unicode();
    const char16_t next = char16_t(last + 1);
    if (QChar::isSurrogate(last) || last == 0xFFFF || QChar::isSurrogate(next))
        return std::nullopt;
    return m_literalStart.left(m_literalStart.size() - 1) + QChar(next);
}

QString UserSearch::likePattern() const
{
    QString pattern = m_text;
    pattern.replace(u'!', QStringLiteral("!!")).replace(u'%', QStringLiteral("!%")).replace(u'_', QStringLiteral("!_"));
    pattern.replace(u'*', u'%');
    return pattern + u'%';
}

bool UserSearch::matches(const std::optional<QString> &value) const
{
    if (m_kind == Kind::All)
        return true;
    if (!value)
        return false;
    const QString folded = value->toLower();
    if (m_kind == Kind::Exact)
        return folded == m_text;
    const QStringList pieces = m_text.split(u'*');
    qsizetype at = 0;
    for (qsizetype i = 0; i < pieces.size(); ++i) {
        if (i == 0) {
            if (!folded.startsWith(pieces[0]))
                return false;
            at = pieces[0].size();
            continue;
        }
        const qsizetype found = folded.indexOf(pieces[i], at);
        if (found < 0)
            return false;
        at = found + pieces[i].size();
    }
    return true;
}

} // namespace Gatehouse
