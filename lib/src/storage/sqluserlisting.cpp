// SqlAdapter's user listings: search, group, sort, keyset and positional paging (listUsersPage,
// countUsers). Stays fast with millions of users: a page next to a known row is
// an index range scan from that row's sort key, and a position near the end is counted from
// the end in the reversed order.
#include <gatehouse/sqladapter.h>

#include "storage/sqladapter_p.h"
#include "storage/usersearch.h"

namespace Gatehouse {

namespace {

/*!
 * A group's rows by its name's key. SQLite's statistics average the rows per name over all
 * groups: with one big group among few, it would read the whole table to find a small one.
 */
QString groupRows(SqlConnection &c)
{
    return c.backend() == SqlBackend::SQLite ? QStringLiteral("gatehouse_user_groups INDEXED BY gatehouse_user_groups_name_idx")
                                             : QStringLiteral("gatehouse_user_groups");
}

/*!
 * PostgreSQL plans the listing's statements for the values of each call while it lives: a
 * prepared statement's generic plan (the one PostgreSQL switches to after five calls) guesses
 * that a range of a search key holds a two-hundredth of the users, where \c user3 holds a
 * ninth: it then fetches every match and sorts them, or a small group's members are looked for
 * among a hundred thousand matches (0.1 s, where the plan for the values takes 5 ms). Planning
 * costs a fraction of a millisecond a statement. Other statements of the connection keep the
 * setting they had (RESET at the end, also when the listing fails).
 */
class CustomPlans
{
public:
    CustomPlans(SqlConnection &c, const QString &method)
        : m_c(c)
        , m_method(method)
    {
        if (c.backend() != SqlBackend::PostgreSQL)
            return;
        try {
            c.execute(QStringLiteral("SET plan_cache_mode = force_custom_plan"), method);
            m_set = true;
        } catch (const AdapterError &) {
            // PostgreSQL before 12 has no plan_cache_mode: the listing runs with its plans (a
            // lost connection is no AdapterError, and goes on to be reopened).
        }
    }
    ~CustomPlans()
    {
        if (!m_set)
            return;
        try {
            m_c.execute(QStringLiteral("RESET plan_cache_mode"), m_method);
        } catch (...) {
            // The connection is lost: a new one starts with the default.
        }
    }
    CustomPlans(const CustomPlans &) = delete;
    CustomPlans &operator=(const CustomPlans &) = delete;

private:
    SqlConnection &m_c;
    QString m_method;
    bool m_set = false;
};

/*!
 * The search condition (without WHERE) and its values, by the rule of UserSearch: the start of
 * the email or the name as a range of the schema-25 keys users (LOWER(email)) and (LOWER(name))
 * on SQLite and PostgreSQL (there in "C" order, so that the range is the prefix whatever the
 * database's collation), on MariaDB of the schema-26 keys on the generated columns that hold
 * them, a LIKE pattern for what follows a \c *; a text that starts with \c * is a LIKE over the
 * table; the id when the text is a whole one; and, with a group, membership of it (the group's
 * index).
 */
struct Search
{
    //! \a listing: for a page in the listing's order (else for a count).
    Search(SqlConnection &c, const QString &text, const QString &group, bool listing = false)
        : rule(UserSearch::parse(text))
        , id(rule.idText().isEmpty() ? std::nullopt : SqlRows::rowId(rule.idText().trimmed()))
        , group(group)
    {
        if (rule.kind() != UserSearch::Kind::All) {
            QStringList alternatives{column(QStringLiteral("email"), c.backend()), column(QStringLiteral("name"), c.backend())};
            if (id) {
                alternatives << QStringLiteral("users.id = ?");
                values << QVariant(*id);
            }
            parts << u'(' + alternatives.join(QStringLiteral(" OR ")) + u')';
        }
        const bool large = !group.isEmpty() && largeGroup(c, group);
        // PostgreSQL starts from a small group's members whatever the search: no probe then.
        const bool probe = c.backend() == SqlBackend::SQLite || (c.backend() == SqlBackend::PostgreSQL && (group.isEmpty() || large));
        if (listing && rule.kind() != UserSearch::Kind::All && probe && broad(c)) {
            // Found sooner in the listing's order: unary + keeps SQLite off the search keys
            // (with a group too: SQLite then starts from the group's rows, INDEXED BY).
            if (c.backend() == SqlBackend::SQLite)
                parts.last().replace(QStringLiteral("LOWER(users."), QStringLiteral("+LOWER(users."));
            // PostgreSQL: UserListing walks the order's key in a subquery; a small group's
            // members are fewer than a broad search's matches, and they drive the page instead.
            walk = group.isEmpty() || large;
        }
        if (!group.isEmpty()) {
            if (large && c.backend() == SqlBackend::MySQL) { // see from()
                join = true;
                parts << QStringLiteral("g.name = ?");
            } else if (large)
                parts << QStringLiteral("EXISTS (SELECT 1 FROM gatehouse_user_groups g WHERE g.\"userId\" = users.id AND g.name = ?)");
            else if (c.backend() == SqlBackend::PostgreSQL) // the members first, then each one's row by its id
                parts << QStringLiteral("users.id = ANY (ARRAY(SELECT \"userId\" FROM gatehouse_user_groups WHERE name = ?))");
            else
                parts << QStringLiteral("users.id IN (SELECT \"userId\" FROM %1 WHERE name = ?)").arg(groupRows(c));
            values << QVariant(group);
        }
    }

    bool isEmpty() const { return parts.isEmpty(); }

    /*!
     * The users to search, with a large group's rows on MariaDB: there the EXISTS becomes a
     * semi-join (exists_to_in) that reads all the group's members and sorts them (0.23 s for
     * a page of 100,000), and kept as written it is a subquery per user walked (50 ms for
     * 10,000). STRAIGHT_JOIN walks the users first, in the listing's order, and looks each up
     * on the group's key (userId, name), a row at most: 18 ms for 10,000. The other columns
     * are then named with their table (the group has a \c name too).
     */
    QString from() const
    {
        return join ? QStringLiteral("users STRAIGHT_JOIN gatehouse_user_groups g ON g.\"userId\" = users.id") : QStringLiteral("users");
    }

    /*!
     * At least how many users the search (without its group) matches, up to \a limit, or
     * nullopt when it cannot tell so (SQLite, a search that is no range of a key): the
     * most matches of one key's range, each counted along its key, which stops at \a limit.
     * PostgreSQL's own choice for
     * such a count reads the table until it has found them, and finds the matches of a range
     * where they happen to lie: \c user2 took 20-35 ms of a million users for 2,000 of them,
     * its key 4 ms for 10,000. MariaDB merges both keys' ranges whole before it counts (70 ms
     * for \c user3 up to 10,000); along one key, 10 ms.
     */
    std::optional<qint64> atLeast(SqlConnection &c, qint64 limit, const QString &method) const
    {
        if (c.backend() == SqlBackend::SQLite || keys.isEmpty())
            return std::nullopt;
        qint64 most = 0;
        for (const Key &key : keys) {
            SqlQuery q(c,
                       QStringLiteral("SELECT COUNT(*) FROM (SELECT 1 FROM users WHERE %1 ORDER BY %2 LIMIT ?) counted")
                           .arg(key.condition, key.expression),
                       method);
            bindValues(q, key.values);
            q.bind(limit);
            most = qMax(most, q.execFirst() ? q.integer(0) : 0);
        }
        return most;
    }
    QString condition() const { return parts.join(QStringLiteral(" AND ")); }
    void bind(SqlQuery &q) const { bindValues(q, values); }
    static void bindValues(SqlQuery &q, const QVariantList &values)
    {
        for (const QVariant &value : values) {
            if (value.typeId() == QMetaType::LongLong)
                q.bind(value.toLongLong());
            else
                q.bind(value.toString());
        }
    }

    UserSearch rule;
    std::optional<qint64> id;
    QString group;
    /*!
     * Whether the page is found sooner by walking the listing's order and asking each user
     * whether it matches (the search is broad(), and there is no small group to start from).
     */
    bool walk = false;
    //! Whether from() joins the group's rows (MariaDB, a large group).
    bool join = false;

private:
    /*!
     * Whether \a group has so many members that a page is found sooner by walking the users in
     * the listing's order and asking each whether it is a member (EXISTS, by the key (userId,
     * name)) than by fetching every member and sorting them (IN): SQLite takes the form as
     * written. A few thousand members sort in a few milliseconds; a tenth of a million users
     * took 50 ms a page. At most kLargeGroup index entries are read to tell.
     */
    static bool largeGroup(SqlConnection &c, const QString &group)
    {
        constexpr qint64 kLargeGroup = 2000;
        SqlQuery q(c, QStringLiteral("SELECT COUNT(*) FROM (SELECT 1 FROM %1 WHERE name = ? LIMIT ?) probe").arg(groupRows(c)),
                   QStringLiteral("listUsersPage"));
        q.bind(group).bind(kLargeGroup);
        return q.execFirst() && q.integer(0) >= kLargeGroup;
    }

    /*!
     * Whether the search (as written so far) matches kBroad users or more: then one user in a
     * few hundred at most is skipped walking the listing's order, where SQLite would otherwise
     * fetch every match by the search keys and sort them (a tenth of a million: 0.2 s a page).
     * At most kBroad index entries are read to tell.
     */
    bool broad(SqlConnection &c) const
    {
        constexpr qint64 kBroad = 2000;
        if (const std::optional<qint64> most = atLeast(c, kBroad, QStringLiteral("listUsersPage")))
            return *most >= kBroad;
        SqlQuery q(c, QStringLiteral("SELECT COUNT(*) FROM (SELECT 1 FROM users WHERE %1 LIMIT ?) probe").arg(parts.last()),
                   QStringLiteral("listUsersPage"));
        bind(q);
        q.bind(kBroad);
        return q.execFirst() && q.integer(0) >= kBroad;
    }

    //! The condition on \a name (email or name); its values go to \c values in order.
    QString column(const QString &name, SqlBackend backend)
    {
        // MariaDB keys no expressions: its keys are on generated columns holding LOWER(name),
        // compared by code point without padding (schema step 26).
        const QString folded = backend == SqlBackend::MySQL ? QStringLiteral("users.gatehouse_%1_key").arg(name)
                                                             : QStringLiteral("LOWER(users.%1)").arg(name);
        // The keys' own expression: PostgreSQL compares in "C" order there (schema step 25).
        const QString keyed = backend == SqlBackend::PostgreSQL ? folded + QStringLiteral(" COLLATE \"C\"") : folded;
        if (rule.kind() == UserSearch::Kind::Exact) {
            values << QVariant(rule.text());
            return keyed + QStringLiteral(" = ?");
        }
        const std::optional<QString> upper = rule.startUpperBound();
        if (upper) {
            const qsizetype first = values.size();
            values << QVariant(rule.literalStart()) << QVariant(*upper);
            QString sql = QStringLiteral("(%1 >= ? AND %1 < ?").arg(keyed);
            if (rule.hasWildcard()) {
                values << QVariant(rule.likePattern());
                sql += QStringLiteral(" AND %1 LIKE ? ESCAPE '!'").arg(folded);
            }
            sql += u')';
            keys.append(Key{sql, keyed, values.mid(first)});
            return sql;
        }
        values << QVariant(rule.likePattern());
        // SQLite's LIKE ignores ASCII case by itself (its LOWER() folds only ASCII too): one
        // function call less per row of the scan.
        return (backend == SqlBackend::SQLite ? QStringLiteral("users.") + name : folded) + QStringLiteral(" LIKE ? ESCAPE '!'");
    }

    //! One search key's range (and what it matches there), alone.
    struct Key
    {
        QString condition;
        QString expression;   //!< the key's expression, as ORDER BY walks it
        QVariantList values;
    };

    QStringList parts;
    QVariantList values;
    QList<Key> keys;
};

QString sortColumnName(UserSortColumn sort)
{
    switch (sort) {
    case UserSortColumn::Id:
        return QStringLiteral("id");
    case UserSortColumn::Name:
        return QStringLiteral("name");
    case UserSortColumn::Email:
        return QStringLiteral("email");
    case UserSortColumn::EmailVerified:
        return QStringLiteral("\"emailVerified\"");
    }
    return QStringLiteral("id");
}

/*!
 * The listing order is a sequence of parts: the users with a value in the sort column,
 * ordered by (column, id), then those without, ordered by id (both in the listing's
 * direction). Sorting by id has one part. Each part is an index range (users (column, id)).
 */
struct Part
{
    bool valued;                    //!< the part with values (ordered by column, id)
};

class UserListing
{
public:
    UserListing(SqlConnection &c, const UserPageRequest &r, const QString &method)
        : m_c(c)
        , m_request(r)
        , m_method(method)
        , m_search(c, r.search, r.group, true)
        , m_column((m_search.join ? QStringLiteral("users.") : QString()) + sortColumnName(r.sort))
    {
        if (r.sort == UserSortColumn::Id)
            m_parts = {Part{true}};
        else
            m_parts = {Part{true}, Part{false}};
    }

    QList<UserListEntry> page()
    {
        const int limit = qMax(0, m_request.limit);
        if (limit == 0)
            return {};
        if (m_request.anchor)
            return keysetPage(*m_request.anchor, !m_request.backward, limit);
        return positionPage(qMax<qint64>(0, m_request.offset), !m_request.backward, limit);
    }

private:
    bool isIdSort() const { return m_request.sort == UserSortColumn::Id; }

    //! Whether \a user belongs to the valued part.
    int partOf(const AdapterUser &user) const
    {
        if (isIdSort())
            return 0;
        switch (m_request.sort) {
        case UserSortColumn::Name:
            return user.name ? 0 : 1;
        case UserSortColumn::EmailVerified:
            return user.emailVerified ? 0 : 1;
        case UserSortColumn::Email:
            return user.email.isNull() ? 1 : 0;
        case UserSortColumn::Id:
            break;
        }
        return 0;
    }

    //! The rows of part \a index in walking direction \a forward (the listing's own order when
    //! true), after the anchor (when given), skipping \a offset, at most \a limit.
    QList<UserListEntry> query(int index, bool forward, const AdapterUser *anchor, qint64 offset, int limit)
    {
        const Part part = m_parts[index];
        const bool ascending = m_request.ascending == forward;
        const QString direction = ascending ? QStringLiteral("ASC") : QStringLiteral("DESC");
        const QString op = ascending ? QStringLiteral(">") : QStringLiteral("<");
        QStringList conditions;
        if (!isIdSort())
            conditions << QStringLiteral("%1 IS %2NULL").arg(m_column, part.valued ? QStringLiteral("NOT ") : QString());
        // PostgreSQL walks the part in its order (OFFSET 0 keeps the search out of the
        // subquery, whose only plan is then the order's key) and the search filters the walk.
        const bool walk = m_search.walk && m_c.backend() == SqlBackend::PostgreSQL;
        if (!m_search.isEmpty() && !walk)
            conditions << m_search.condition();
        const bool keyed = anchor && part.valued && !isIdSort();
        if (anchor) {
            if (keyed) {
                if (m_c.backend() == SqlBackend::MySQL) // MariaDB uses the index for this form only
                    conditions << QStringLiteral("(%1 %2 ? OR (%1 = ? AND id %2 ?))").arg(m_column, op);
                else
                    conditions << QStringLiteral("(%1, id) %2 (?, ?)").arg(m_column, op);
            } else {
                conditions << QStringLiteral("id %1 ?").arg(op);
            }
        }
        // With the group joined (MariaDB), the page's ids alone are walked for: the key of the
        // order holds them (InnoDB's secondary keys end with the primary key), no user's row
        // is read for the members skipped (page 50 of 100,000: 8 ms where the rows took 25).
        const QString id = m_search.join ? QStringLiteral("users.id") : QStringLiteral("id");
        QString order = part.valued && !isIdSort() ? QStringLiteral("%1 %2, %3 %2").arg(m_column, direction, id)
                                                   : QStringLiteral("%1 %2").arg(id, direction);
        const QString where =
            conditions.isEmpty() ? QString() : QStringLiteral(" WHERE ") + conditions.join(QStringLiteral(" AND "));
        const QString source = walk ? QStringLiteral("(SELECT * FROM users%1 ORDER BY %2 OFFSET 0) users WHERE %3")
                                        .arg(where, order, m_search.condition())
                                    : m_search.from() + where;
        // The page is found first and only its rows are joined: a broad search sorts its
        // matches (a tenth of a million) without looking up the password and state of each.
        const QString found = m_search.join ? QStringLiteral("(SELECT users.id FROM %2 ORDER BY %3 LIMIT ? OFFSET ?) page "
                                                            "JOIN users ON users.id = page.id ")
                                           : QStringLiteral("(SELECT * FROM %2 ORDER BY %3 LIMIT ? OFFSET ?) users ");
        const QString sql = (QStringLiteral("SELECT %1, p.\"userId\" IS NOT NULL, p.disabled, st.disabled FROM ") + found
                             + QStringLiteral("LEFT JOIN gatehouse_passwords p ON p.\"userId\" = users.id "
                                              "LEFT JOIN gatehouse_user_state st ON st.\"userId\" = users.id "
                                              "ORDER BY %3"))
                                .arg(qualifiedUserColumns(), source, order);
        SqlQuery q(m_c, sql, m_method);
        if (!walk)
            m_search.bind(q);
        if (anchor) {
            const std::optional<qint64> anchorId = SqlRows::rowId(anchor->id);
            if (keyed) {
                bindSortValue(q, *anchor);
                if (m_c.backend() == SqlBackend::MySQL)
                    bindSortValue(q, *anchor);
            }
            q.bind(anchorId.value_or(0));
        }
        if (walk)
            m_search.bind(q);
        q.bind(qint64(limit)).bind(offset).exec();
        QList<UserListEntry> rows;
        while (q.next()) {
            UserListEntry entry;
            entry.user = SqlRows::user(q);
            entry.hasPassword = q.value(5).toBool();
            entry.passwordDisabled = entry.hasPassword && q.value(6).toBool();
            entry.disabled = q.value(7).toBool();
            rows.append(entry);
        }
        return rows;
    }

    qint64 count(int index)
    {
        const Part part = m_parts[index];
        QStringList conditions;
        if (!isIdSort())
            conditions << QStringLiteral("%1 IS %2NULL").arg(m_column, part.valued ? QStringLiteral("NOT ") : QString());
        if (!m_search.isEmpty())
            conditions << m_search.condition();
        SqlQuery q(m_c,
                   QStringLiteral("SELECT COUNT(*) FROM ") + m_search.from()
                       + (conditions.isEmpty() ? QString() : QStringLiteral(" WHERE ") + conditions.join(QStringLiteral(" AND "))),
                   m_method);
        m_search.bind(q);
        return q.execFirst() ? q.integer(0) : 0;
    }

    void bindSortValue(SqlQuery &q, const AdapterUser &anchor) const
    {
        switch (m_request.sort) {
        case UserSortColumn::Name:
            q.bind(anchor.name.value_or(QString()));
            break;
        case UserSortColumn::Email:
            q.bind(anchor.email);
            break;
        case UserSortColumn::EmailVerified:
            q.bind(anchor.emailVerified.value_or(QDateTime()));
            break;
        case UserSortColumn::Id:
            break;
        }
    }

    //! Walks from the anchor through its part and on into the following (or preceding) parts.
    QList<UserListEntry> keysetPage(const AdapterUser &anchor, bool forward, int limit)
    {
        const int step = forward ? 1 : -1;
        QList<UserListEntry> rows;
        for (int index = partOf(anchor); index >= 0 && index < m_parts.size() && rows.size() < limit; index += step) {
            const bool first = index == partOf(anchor);
            rows += query(index, forward, first ? &anchor : nullptr, 0, limit - int(rows.size()));
        }
        if (!forward)
            std::reverse(rows.begin(), rows.end());
        return rows;
    }

    //! Skips \a offset rows from the start (\a forward) or the end, part by part.
    QList<UserListEntry> positionPage(qint64 offset, bool forward, int limit)
    {
        QList<UserListEntry> rows;
        const int n = int(m_parts.size());
        for (int i = 0; i < n && rows.size() < limit; ++i) {
            const int index = forward ? i : n - 1 - i;
            const QList<UserListEntry> found = query(index, forward, nullptr, offset, limit - int(rows.size()));
            rows += found;
            if (i + 1 == n || rows.size() >= limit)
                break;
            // How many rows of this part lie before the next part's first one to take.
            offset = found.isEmpty() ? qMax<qint64>(0, offset - count(index)) : 0;
        }
        if (!forward)
            std::reverse(rows.begin(), rows.end());
        return rows;
    }

    static QString qualifiedUserColumns()
    {
        return QStringLiteral("users.id, users.name, users.email, users.\"emailVerified\", users.image");
    }

    SqlConnection &m_c;
    const UserPageRequest &m_request;
    QString m_method;
    Search m_search;
    QString m_column;
    QList<Part> m_parts;
};

} // namespace

QFuture<QList<UserListEntry>> SqlAdapter::listUsersPage(const UserPageRequest &request)
{
    const QString method = QStringLiteral("listUsersPage");
    return d->run(method, [request, method](SqlConnection &c) {
        const CustomPlans plans(c, method);
        return UserListing(c, request, method).page();
    });
}

QFuture<qint64> SqlAdapter::countUsers(const QString &search)
{
    return countUsers(search, QString());
}

QFuture<qint64> SqlAdapter::countUsers(const QString &search, const QString &group)
{
    const QString method = QStringLiteral("countUsers");
    return d->run(method, [search, group, method](SqlConnection &c) {
        const CustomPlans plans(c, method);
        if (UserSearch::parse(search).kind() == UserSearch::Kind::All && !group.isEmpty()) {
            // A group's members are its rows (they go with their user): counted on its key.
            SqlQuery q(c, QStringLiteral("SELECT COUNT(*) FROM %1 WHERE name = ?").arg(groupRows(c)), method);
            q.bind(group);
            return q.execFirst() ? q.integer(0) : 0;
        }
        const Search s(c, search, group);
        SqlQuery q(c, QStringLiteral("SELECT COUNT(*) FROM ") + s.from() + (s.isEmpty() ? QString() : QStringLiteral(" WHERE ") + s.condition()),
                   method);
        s.bind(q);
        return q.execFirst() ? q.integer(0) : 0;
    });
}

QFuture<qint64> SqlAdapter::countUsersUpTo(const QString &search, const QString &group, qint64 limit)
{
    const QString method = QStringLiteral("countUsersUpTo");
    return d->run(method, [search, group, limit, method](SqlConnection &c) {
        const CustomPlans plans(c, method);
        const Search s(c, search, group);
        const qint64 wanted = qMax<qint64>(0, limit);
        if (group.isEmpty()) {
            if (const std::optional<qint64> most = s.atLeast(c, wanted, method); most && *most >= wanted)
                return wanted;
        }
        // The rows stop coming at the limit: a broad search counts no further.
        SqlQuery q(c,
                   QStringLiteral("SELECT COUNT(*) FROM (SELECT 1 FROM %2%1 LIMIT ?) counted")
                       .arg(s.isEmpty() ? QString() : QStringLiteral(" WHERE ") + s.condition(), s.from()),
                   method);
        s.bind(q);
        q.bind(wanted);
        return q.execFirst() ? q.integer(0) : 0;
    });
}

} // namespace Gatehouse
