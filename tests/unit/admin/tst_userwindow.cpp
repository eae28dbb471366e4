// UserWindow: how the users table plans its page queries, checked against MemoryAdapter.
#include "userwindow.h"

#include <gatehouse/memoryadapter.h>

#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::Admin;

class TestUserWindow : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void plansFromTheNearerEndOrANeighbour()
    {
        UserWindow window(100, 4);
        window.reset(1050);
        QCOMPARE(window.pageCount(), 11);
        QCOMPARE(window.rowsIn(10), 50);
        QCOMPARE(window.rowsIn(11), 0);

        UserPageRequest base;
        base.search = QStringLiteral("x");
        UserPageRequest first = window.requestFor(0, base);
        QCOMPARE(first.search, QStringLiteral("x"));
        QVERIFY(!first.anchor && !first.backward);
        QCOMPARE(first.offset, qint64(0));
        QCOMPARE(first.limit, 100);

        // The last (short) page: counted from the end, nothing to skip.
        const UserPageRequest last = window.requestFor(10, base);
        QVERIFY(!last.anchor && last.backward);
        QCOMPARE(last.offset, qint64(0));
        QCOMPARE(last.limit, 50);
        // Page 7 (rows 700-799): 250 rows after it, 700 before: from the end.
        const UserPageRequest seventh = window.requestFor(7, base);
        QVERIFY(seventh.backward);
        QCOMPARE(seventh.offset, qint64(250));

        // With page 7 loaded, page 8 follows its last row and page 6 precedes its first.
        QList<UserListEntry> rows;
        for (int i = 0; i < 100; ++i)
            rows.append({AdapterUser{QString::number(701 + i), {}, QStringLiteral("u%1@x.test").arg(701 + i), {}, {}}});
        window.store(7, rows);
        QCOMPARE(window.row(750)->user.id, QStringLiteral("751"));
        QVERIFY(!window.row(800));
        const UserPageRequest next = window.requestFor(8, base);
        QVERIFY(next.anchor && !next.backward);
        QCOMPARE(next.anchor->id, QStringLiteral("800"));
        const UserPageRequest previous = window.requestFor(6, base);
        QVERIFY(previous.anchor && previous.backward);
        QCOMPARE(previous.anchor->id, QStringLiteral("701"));
    }

    void keepsAtMostMaxPagesNearTheLatest()
    {
        UserWindow window(10, 3);
        window.reset(1000);
        for (int page : {0, 1, 2, 50}) {
            window.setPending(page, true);
            window.store(page, QList<UserListEntry>(10));
        }
        QCOMPARE(window.loadedPages(), 3);
        QVERIFY(!window.isLoaded(0)); // farthest from page 50
        QVERIFY(window.isLoaded(50));
    }

    void walksAMemoryStoreLikeAnOffsetListing()
    {
        MemoryAdapter store;
        for (int i = 0; i < 237; ++i) {
            AdapterUser user;
            user.email = QStringLiteral("u%1@x.test").arg(i);
            if (i % 4)
                user.name = QStringLiteral("N%1").arg((i * 37) % 101);
            store.createUser(user).result();
        }
        for (bool ascending : {true, false}) {
            UserPageRequest base;
            base.sort = UserSortColumn::Name;
            base.ascending = ascending;
            UserPageRequest everyone = base;
            everyone.limit = 1000;
            QList<AdapterUser> expected;
            for (const UserListEntry &entry : store.listUsersPage(everyone).result())
                expected.append(entry.user);
            QCOMPARE(expected.size(), 237);
            UserWindow window(20, 50);
            window.reset(237);
            // Backward from the end: the last page by position, then each from its successor.
            for (int page = window.pageCount() - 1; page >= 0; --page) {
                const UserPageRequest request = window.requestFor(page, base);
                QCOMPARE(bool(request.anchor), page != window.pageCount() - 1);
                window.store(page, store.listUsersPage(request).result());
            }
            for (int row = 0; row < 237; ++row)
                QCOMPARE(window.row(row)->user, expected.at(row));
        }
    }
};

QTEST_GUILESS_MAIN(TestUserWindow)
#include "tst_userwindow.moc"
