#include "userwindow.h"

namespace Gatehouse::Admin {

UserWindow::UserWindow(int pageSize, int maxPages)
    : m_pageSize(qMax(1, pageSize))
    , m_maxPages(qMax(2, maxPages))
{
}

void UserWindow::reset(qint64 total)
{
    m_total = qMax<qint64>(0, total);
    m_pages.clear();
    m_pending.clear();
}

void UserWindow::setPageSize(int rows)
{
    m_pageSize = qMax(1, rows);
    reset(m_total);
}

int UserWindow::pageCount() const
{
    return int((m_total + m_pageSize - 1) / m_pageSize);
}

int UserWindow::rowsIn(int page) const
{
    if (page < 0)
        return 0;
    return int(qBound(qint64(0), m_total - firstRowOf(page), qint64(m_pageSize)));
}

const UserListEntry *UserWindow::row(qint64 row) const
{
    const auto it = m_pages.constFind(pageOf(row));
    if (it == m_pages.cend())
        return nullptr;
    const qint64 index = row - firstRowOf(it.key());
    return index < it->size() ? &it->at(index) : nullptr;
}

UserPageRequest UserWindow::requestFor(int page, const UserPageRequest &base) const
{
    UserPageRequest request = base;
    request.limit = rowsIn(page);
    request.anchor.reset();
    const auto before = m_pages.constFind(page - 1);
    const auto after = m_pages.constFind(page + 1);
    if (before != m_pages.cend() && before->size() == m_pageSize) {
        request.anchor = before->constLast().user;
        request.backward = false;
    } else if (after != m_pages.cend() && !after->isEmpty()) {
        request.anchor = after->constFirst().user;
        request.backward = true;
    } else {
        const qint64 fromStart = firstRowOf(page);
        const qint64 fromEnd = m_total - fromStart - request.limit;
        request.backward = fromEnd < fromStart;
        request.offset = request.backward ? fromEnd : fromStart;
    }
    return request;
}

void UserWindow::setPending(int page, bool pending)
{
    if (pending) {
        m_pending.insert(page);
        m_latest = page;
    } else {
        m_pending.remove(page);
    }
}

void UserWindow::store(int page, QList<UserListEntry> rows)
{
    m_pending.remove(page);
    if (rows.size() > rowsIn(page))
        rows.resize(rowsIn(page));
    m_pages.insert(page, std::move(rows));
    while (m_pages.size() > m_maxPages) {
        int farthest = page;
        for (auto it = m_pages.cbegin(); it != m_pages.cend(); ++it) {
            if (qAbs(it.key() - m_latest) > qAbs(farthest - m_latest))
                farthest = it.key();
        }
        if (farthest == page)
            break;
        m_pages.remove(farthest);
    }
}

} // namespace Gatehouse::Admin
