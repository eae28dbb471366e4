#pragma once
/*! \file userwindow.h  Which pages of a huge user listing are loaded, and how to load the next one. */
#include <gatehouse/gatehousestore.h>

#include <QHash>
#include <QSet>

namespace Gatehouse::Admin {

/*!
 * The loaded part of a user listing of \c total rows, in pages of \c pageSize rows, at most
 * \c maxPages of them (the pages farthest from the latest one requested are dropped first).
 * requestFor() plans how to load a page: from a loaded neighbour by keyset (an index range
 * scan, as fast at row 999,900 as at row 0), else by position counted from the nearer end.
 */
class UserWindow
{
public:
    explicit UserWindow(int pageSize = 100, int maxPages = 30);

    //! Forgets every page; the listing now has \a total rows.
    void reset(qint64 total);
    qint64 total() const { return m_total; }
    int pageSize() const { return m_pageSize; }
    void setPageSize(int rows);
    int pageCount() const;
    int pageOf(qint64 row) const { return int(row / m_pageSize); }
    //! The first row of \a page and how many rows it has.
    qint64 firstRowOf(int page) const { return qint64(page) * m_pageSize; }
    int rowsIn(int page) const;

    //! The row, or null when its page is not loaded.
    const UserListEntry *row(qint64 row) const;
    bool isLoaded(int page) const { return m_pages.contains(page); }
    bool isPending(int page) const { return m_pending.contains(page); }
    int loadedPages() const { return int(m_pages.size()); }

    //! \a base (search and sort) with where to find \a page.
    UserPageRequest requestFor(int page, const UserPageRequest &base) const;
    void setPending(int page, bool pending);
    //! Keeps \a rows as \a page (extra rows are ignored) and drops far pages beyond maxPages.
    void store(int page, QList<UserListEntry> rows);

private:
    int m_pageSize;
    int m_maxPages;
    qint64 m_total = 0;
    int m_latest = 0;
    QHash<int, QList<UserListEntry>> m_pages;
    QSet<int> m_pending;
};

} // namespace Gatehouse::Admin
