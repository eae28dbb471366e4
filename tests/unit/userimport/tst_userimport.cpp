// importUserFile() as a preview shows it: every user of the file in file order with what becomes
// of it, and the progress of the store's part.
#include <gatehouse/memoryadapter.h>
#include <gatehouse/userimport.h>

#include <QMutex>
#include <QTest>

using namespace Gatehouse;

namespace {

const QByteArray bcrypt10 = "$2y$10$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW";
const QByteArray bcrypt5 = "$2y$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW";

template<typename T>
T take(QFuture<T> future)
{
    future.waitForFinished();
    return future.result();
}

QString outcomeName(const std::optional<UserImportOutcome> &outcome)
{
    if (!outcome)
        return QStringLiteral("refused");
    switch (*outcome) {
    case UserImportOutcome::Created: return QStringLiteral("created");
    case UserImportOutcome::Updated: return QStringLiteral("updated");
    case UserImportOutcome::Unchanged: return QStringLiteral("unchanged");
    case UserImportOutcome::Skipped: return QStringLiteral("skipped");
    case UserImportOutcome::Conflict: return QStringLiteral("conflict");
    }
    return {};
}

QStringList rowsOf(const UserImportSummary &summary)
{
    QStringList out;
    for (const UserImportRow &row : summary.rows)
        out.append(QStringLiteral("%1|%2|%3|%4").arg(row.line).arg(row.email, outcomeName(row.outcome), row.reason));
    return out;
}

// An htpasswd file: a new user, a weak hash, a comment, an unknown scheme, a second "ada", a
// user the database has, a group name no store takes.
const QByteArray file = "ada:" + bcrypt10 + "\nbob:" + bcrypt5 + "\n# staff\ncy:{MD5}X03MO1qnZdYdgyfeuILPmQ==\nada:"
    + bcrypt10 + "\ndee:" + bcrypt10 + "\n";

} // namespace

class TestUserImport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void previewRowsInFileOrder_data();
    void previewRowsInFileOrder();
    void noRowsUnlessAsked();
    void progressEndsAtTheLastUser();
};

void TestUserImport::previewRowsInFileOrder_data()
{
    QTest::addColumn<UserImportConflict>("onConflict");
    QTest::addColumn<QString>("dee");
    QTest::addColumn<bool>("committed");
    QTest::newRow("skip") << UserImportConflict::Skip << QStringLiteral("6|dee@example.test|skipped|") << true;
    QTest::newRow("fail") << UserImportConflict::Fail
                          << QStringLiteral("6|dee@example.test|refused|a user with this address exists already") << false;
}

void TestUserImport::previewRowsInFileOrder()
{
    QFETCH(UserImportConflict, onConflict);
    QFETCH(QString, dee);
    QFETCH(bool, committed);
    auto store = std::make_shared<MemoryAdapter>();
    UserImportOptions existing;
    existing.format = QStringLiteral("htpasswd");
    existing.emailDomain = QStringLiteral("example.test");
    QVERIFY(take(importUserFile(store, "dee:" + bcrypt10 + "\n", existing)).committed);

    UserImportOptions options = existing;
    options.onConflict = onConflict;
    options.listRows = true;
    const UserImportSummary summary = take(importUserFile(store, file, options));
    QCOMPARE(rowsOf(summary), (QStringList{QStringLiteral("1|ada@example.test|created|"),
                                           QStringLiteral("2||refused|bcrypt cost 5 is below 10 (--allow-weak-hashes accepts it)"),
                                           QStringLiteral("4||refused|unknown hash scheme {MD5}"),
                                           QStringLiteral("5||refused|ada@example.test is on line 1 already"), dee}));
    // The rows say what the summary counts.
    QCOMPARE(summary.read, 5);
    QCOMPARE(summary.refused.size(), onConflict == UserImportConflict::Fail ? 4 : 3);
    QCOMPARE(summary.committed, committed);
    QCOMPARE(summary.created, 1);
}

void TestUserImport::noRowsUnlessAsked()
{
    UserImportOptions options;
    options.format = QStringLiteral("htpasswd");
    options.emailDomain = QStringLiteral("example.test");
    const UserImportSummary summary = take(importUserFile(std::make_shared<MemoryAdapter>(), file, options));
    QVERIFY(summary.rows.isEmpty());
    QCOMPARE(summary.read, 5);
}

void TestUserImport::progressEndsAtTheLastUser()
{
    QByteArray many;
    for (int i = 0; i < 2345; ++i)
        many += "user" + QByteArray::number(i) + ':' + bcrypt10 + '\n';
    UserImportOptions options;
    options.format = QStringLiteral("htpasswd");
    options.emailDomain = QStringLiteral("example.test");
    QMutex lock;
    QList<std::pair<qsizetype, qsizetype>> reported;
    options.progress = [&](qsizetype done, qsizetype total) {
        const QMutexLocker locker(&lock);
        reported.append({done, total});
    };
    auto store = std::make_shared<MemoryAdapter>();
    const UserImportSummary summary = take(importUserFile(store, many, options));
    QVERIFY(summary.committed);
    QCOMPARE(summary.created, 2345);
    const QMutexLocker locker(&lock);
    QCOMPARE(reported, (QList<std::pair<qsizetype, qsizetype>>{{1000, 2345}, {2000, 2345}, {2345, 2345}}));
}

QTEST_GUILESS_MAIN(TestUserImport)
#include "tst_userimport.moc"
