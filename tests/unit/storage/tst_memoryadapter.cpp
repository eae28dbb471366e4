#include "conformancesupport.h"

#include <gatehouse/memoryadapter.h>

#include <QCoreApplication>

using namespace Gatehouse;
using namespace Gatehouse::Testing;

namespace {

class MemoryFixture : public AdapterFixture
{
public:
    std::shared_ptr<Adapter> create(QString *) override { return std::make_shared<MemoryAdapter>(); }
};

} // namespace

class TestMemoryAdapter : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void answersAtOnce()
    {
        MemoryAdapter adapter;
        QFuture<AdapterUser> created = adapter.createUser({{}, {}, QStringLiteral("a@example.test"), {}, {}});
        QVERIFY(created.isFinished());
        QFuture<AdapterUser> duplicate = adapter.createUser({{}, {}, QStringLiteral("a@example.test"), {}, {}});
        QVERIFY(duplicate.isFinished());
        QCOMPARE(failure(duplicate), AdapterError::Reason::Conflict);
        QCOMPARE(created.result().id, QStringLiteral("1"));
    }

    void storesAreIndependent()
    {
        MemoryAdapter first;
        MemoryAdapter second;
        const AdapterUser user = take(first.createUser({{}, {}, QStringLiteral("b@example.test"), {}, {}}));
        QCOMPARE(take(second.getUser(user.id)), std::nullopt);
    }
};

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    MemoryFixture fixture;
    TestMemoryAdapter specific;
    int failed = runConformance(fixture, argc, argv);
    failed += QTest::qExec(&specific, argc, argv);
    return failed;
}

#include "tst_memoryadapter.moc"
