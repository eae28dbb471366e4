#pragma once
/*! \file usersearch.h  The admin listings' search text (UserPageRequest::search), read once. */
#include <QString>

#include <optional>

namespace Gatehouse {

/*!
 * What a search text asks for (adminstore.h, UserPageRequest::search, states the rule): the
 * start of the email or the name, any case, \c * standing for any text; \c "text" in double
 * quotes for the whole email or name; and a user id, whole. SqlAdapter turns it into a range of
 * the users (LOWER(email)) and (LOWER(name)) keys (schema step 25) when the text starts with
 * something other than \c *; MemoryAdapter asks matches().
 */
class UserSearch
{
public:
    enum class Kind
    {
        All,      //!< no text: every user
        Start,    //!< the email or name starts with pattern() (\c * in it: any text)
        Exact,    //!< the email or name is text(), any case
    };

    static UserSearch parse(const QString &text);

    Kind kind() const { return m_kind; }
    //! Start: the lower-cased text with its \c *; Exact: the lower-cased text inside the quotes.
    QString text() const { return m_text; }
    //! Start: the lower-cased text before the first \c * (empty when it starts with one).
    QString literalStart() const { return m_literalStart; }
    //! Start: whether the text has a \c * (then a LIKE pattern checks the rest).
    bool hasWildcard() const { return m_text.contains(u'*'); }
    /*!
     * Start: the least string after every string that starts with literalStart() in code point
     * order (byte order of UTF-8: SQLite's BINARY, PostgreSQL's "C"); nullopt when there is no
     * literal start or none can be formed (its last character is a surrogate or U+FFFF).
     */
    std::optional<QString> startUpperBound() const;
    //! Start: the text as a LIKE pattern with ESCAPE '!': \c * is \c %, and \c % at the end.
    QString likePattern() const;
    //! The text an id must equal to match (no \c * in it), else empty.
    QString idText() const { return m_idText; }

    //! Whether \a value (an email or a name) matches, by the rule above.
    bool matches(const std::optional<QString> &value) const;

private:
    Kind m_kind = Kind::All;
    QString m_text;
    QString m_literalStart;
    QString m_idText;
};

} // namespace Gatehouse
