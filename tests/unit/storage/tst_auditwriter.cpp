// writeAudit(): the one audit writer of the engine. It never throws into what it records, and an
// unavailable store is a debug line (StoreHealth reports the outage), any other failure a warning.
#include "core/futures.h"
#include "storage/auditwriter.h"

#include <gatehouse/adaptererror.h>

#include <QLoggingCategory>
#include <QTest>

using namespace Gatehouse;

namespace {

enum class Behaviour { Succeed, FailUnavailable, FailOtherwise, ThrowAtOnce };

class FakeAuditStore : public AuditStore
{
public:
    Behaviour behaviour = Behaviour::Succeed;
    QList<AuditEvent> written;

    QFuture<qint64> appendAudit(const AuditEvent &event) override
    {
        switch (behaviour) {
        case Behaviour::Succeed:
            written.append(event);
            return QtFuture::makeReadyFuture(qint64(written.size()));
        case Behaviour::FailUnavailable:
            return failedFuture<qint64>(AdapterError(AdapterError::Reason::Unavailable, QStringLiteral("connection refused")));
        case Behaviour::FailOtherwise:
            return failedFuture<qint64>(AdapterError(AdapterError::Reason::Failed, QStringLiteral("disk full")));
        case Behaviour::ThrowAtOnce:
            throw AdapterError(AdapterError::Reason::Failed, QStringLiteral("no connection slot"));
        }
        return {};
    }
    QFuture<QList<AuditEvent>> auditEvents(const AuditFilter &, int, int) override
    {
        return QtFuture::makeReadyFuture(written);
    }
};

struct Logged
{
    QtMsgType type;
    QString text;
};
QList<Logged> logged;

void capture(QtMsgType type, const QMessageLogContext &context, const QString &text)
{
    if (QByteArray(context.category) == "gatehouse.storage")
        logged.append({type, text});
}

AuditEvent signIn()
{
    AuditEvent event;
    event.time = QDateTime::currentDateTimeUtc();
    event.type = QStringLiteral("signIn");
    event.userId = QStringLiteral("u1");
    return event;
}

} // namespace

class TestAuditWriter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QLoggingCategory::setFilterRules(QStringLiteral("gatehouse.storage.debug=true"));
        qInstallMessageHandler(capture);
    }
    void init() { logged.clear(); }

    void writesTheEvent()
    {
        FakeAuditStore store;
        writeAudit(&store, signIn());
        QCOMPARE(store.written.size(), 1);
        QCOMPARE(store.written[0].type, QStringLiteral("signIn"));
        QCOMPARE(store.written[0].userId, QStringLiteral("u1"));
        QVERIFY(logged.isEmpty());
    }

    void noStoreIsNothing() { writeAudit(nullptr, signIn()); QVERIFY(logged.isEmpty()); }

    void anUnavailableStoreIsADebugLine()
    {
        FakeAuditStore store;
        store.behaviour = Behaviour::FailUnavailable;
        writeAudit(&store, signIn());
        QCOMPARE(logged.size(), 1);
        QCOMPARE(logged[0].type, QtDebugMsg);
        QVERIFY(logged[0].text.contains(QStringLiteral("could not write the audit log")));
    }

    void anyOtherFailureWarns()
    {
        FakeAuditStore store;
        store.behaviour = Behaviour::FailOtherwise;
        writeAudit(&store, signIn());
        QCOMPARE(logged.size(), 1);
        QCOMPARE(logged[0].type, QtWarningMsg);
        QVERIFY(logged[0].text.contains(QStringLiteral("disk full")));
    }

    void aStoreThatThrowsAtOnceDoesNotFailTheCaller()
    {
        FakeAuditStore store;
        store.behaviour = Behaviour::ThrowAtOnce;
        writeAudit(&store, signIn()); // must not throw
        QCOMPARE(logged.size(), 1);
        QCOMPARE(logged[0].type, QtWarningMsg);
        QVERIFY(logged[0].text.contains(QStringLiteral("no connection slot")));
    }
};

QTEST_GUILESS_MAIN(TestAuditWriter)
#include "tst_auditwriter.moc"
