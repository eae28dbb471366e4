// continueWith(): continuations at once when finished, later when pending, flattened, errors and cancellation passed on.
#include "core/futures.h"

#include <QPromise>
#include <QTest>

#include <stdexcept>

using namespace Gatehouse;

namespace {

struct Failure : std::runtime_error
{
    using std::runtime_error::runtime_error;
};

QString errorOf(QFuture<int> future)
{
    try {
        future.waitForFinished();
        return QString();
    } catch (const std::exception &e) {
        return QString::fromLatin1(e.what());
    }
}

} // namespace

class TestContinueWith : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void finishedFutureContinuesAtOnce()
    {
        bool ran = false;
        const QFuture<int> doubled = continueWith(QtFuture::makeReadyFuture(21), [&](int v) {
            ran = true;
            return v * 2;
        });
        QVERIFY(ran);
        QVERIFY(doubled.isFinished());
        QCOMPARE(doubled.result(), 42);
    }

    void continuationReturningAFutureIsUnwrapped()
    {
        QPromise<int> inner;
        inner.start();
        const QFuture<int> result = continueWith(QtFuture::makeReadyFuture(1), [&](int) { return inner.future(); });
        QVERIFY(!result.isFinished());
        inner.addResult(7);
        inner.finish();
        QCOMPARE(result.result(), 7);
    }

    void pendingFutureContinuesWhenItFinishes()
    {
        QPromise<int> promise;
        promise.start();
        bool ran = false;
        const QFuture<QString> text = continueWith(promise.future(), [&](int v) {
            ran = true;
            return QString::number(v);
        });
        QVERIFY(!ran);
        promise.addResult(5);
        promise.finish();
        QVERIFY(ran);
        QCOMPARE(text.result(), QStringLiteral("5"));
    }

    void throwingContinuationFailsTheFuture()
    {
        const QFuture<int> failed = continueWith(QtFuture::makeReadyFuture(1), [](int) -> int {
            throw Failure("callback failed");
        });
        QVERIFY(failed.isFinished());
        QCOMPARE(errorOf(failed), QStringLiteral("callback failed"));
    }

    void failedFuturePassesItsErrorOnWithoutRunning()
    {
        bool ran = false;
        const QFuture<int> result = continueWith(failedFuture<int>(std::make_exception_ptr(Failure("lookup failed"))),
                                                 [&](int v) {
                                                     ran = true;
                                                     return v;
                                                 });
        QCOMPARE(errorOf(result), QStringLiteral("lookup failed"));
        QVERIFY(!ran);
    }

    void pendingFutureWhoseContinuationReturnsAPendingOne()
    {
        QPromise<int> outer;
        outer.start();
        QPromise<int> inner;
        inner.start();
        int seen = 0;
        const QFuture<int> result = continueWith(outer.future(), [&](int v) {
            seen = v;
            return inner.future();
        });
        outer.addResult(3);
        outer.finish();
        QCOMPARE(seen, 3);
        QVERIFY(!result.isFinished());
        inner.addResult(9);
        inner.finish();
        QVERIFY(result.isFinished());
        QCOMPARE(result.result(), 9);
    }

    void flatteningContinuationLetsGoOfWhatItHoldsBeforeTheResult()
    {
        // What the continuation captured is gone when the result is out, even when the future it
        // returns has finished already (the result is then settled inside the continuation's
        // own call): whoever is told of the result finds the capture released.
        QPromise<int> outer;
        outer.start();
        auto held = std::make_shared<int>(0);
        const std::weak_ptr<int> watch = held;
        QFuture<int> result = continueWith(outer.future(), [held = std::move(held)](int v) {
            return QtFuture::makeReadyFuture(v + 1);
        });
        const QFuture<bool> releasedAtResult =
            result.then(QtFuture::Launch::Sync, [watch](int) { return watch.expired(); });
        outer.addResult(1);
        outer.finish();
        QCOMPARE(result.result(), 2);
        QVERIFY(releasedAtResult.result());

        // Also when the continuation throws.
        QPromise<int> failing;
        failing.start();
        auto thrown = std::make_shared<int>(0);
        const std::weak_ptr<int> thrownWatch = thrown;
        QFuture<int> failed = continueWith(failing.future(), [thrown = std::move(thrown)](int) -> QFuture<int> {
            throw Failure("no");
        });
        const QFuture<bool> releasedAtFailure =
            failed.then(QtFuture::Launch::Sync, [thrownWatch](QFuture<int>) { return thrownWatch.expired(); });
        failing.addResult(1);
        failing.finish();
        QCOMPARE(errorOf(failed), QStringLiteral("no"));
        QVERIFY(releasedAtFailure.result());
    }

    void pendingFutureWhoseContinuationAnswersAtOnce()
    {
        QPromise<int> outer;
        outer.start();
        const QFuture<int> result =
            continueWith(outer.future(), [](int v) { return QtFuture::makeReadyFuture(v + 1); });
        outer.addResult(1);
        outer.finish();
        QVERIFY(result.isFinished());
        QCOMPARE(result.result(), 2);
    }

    void pendingFailuresPassOnThroughAFlattenedChain()
    {
        // The outer future fails: the continuation does not run.
        QPromise<int> outer;
        outer.start();
        bool ran = false;
        const QFuture<int> outerFailed = continueWith(outer.future(), [&](int v) {
            ran = true;
            return QtFuture::makeReadyFuture(v);
        });
        outer.setException(std::make_exception_ptr(Failure("lookup failed")));
        outer.finish();
        QVERIFY(!ran);
        QCOMPARE(errorOf(outerFailed), QStringLiteral("lookup failed"));

        // The continuation throws, or the future it returns fails.
        QPromise<int> second;
        second.start();
        const QFuture<int> thrown =
            continueWith(second.future(), [](int) -> QFuture<int> { throw Failure("callback failed"); });
        second.addResult(1);
        second.finish();
        QCOMPARE(errorOf(thrown), QStringLiteral("callback failed"));

        QPromise<int> third;
        third.start();
        QPromise<int> inner;
        inner.start();
        const QFuture<int> innerFailed = continueWith(third.future(), [&](int) { return inner.future(); });
        third.addResult(1);
        third.finish();
        inner.setException(std::make_exception_ptr(Failure("update failed")));
        inner.finish();
        QCOMPARE(errorOf(innerFailed), QStringLiteral("update failed"));
    }

    void cancellationPassesOnThroughAFlattenedChain()
    {
        QFuture<int> outerCancelled;
        {
            QPromise<int> outer;
            outer.start();
            outerCancelled = continueWith(outer.future(), [](int v) { return QtFuture::makeReadyFuture(v); });
        }  // destroyed unfinished: cancelled
        QVERIFY(outerCancelled.isFinished());
        QVERIFY(outerCancelled.isCanceled());

        QPromise<int> outer;
        outer.start();
        QFuture<int> innerCancelled;
        {
            QPromise<int> inner;
            inner.start();
            innerCancelled = continueWith(outer.future(), [&](int) { return inner.future(); });
            outer.addResult(1);
            outer.finish();
            QVERIFY(!innerCancelled.isFinished());
        }
        QVERIFY(innerCancelled.isFinished());
        QVERIFY(innerCancelled.isCanceled());
        QCOMPARE(innerCancelled.resultCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestContinueWith)
#include "tst_continuewith.moc"
