#include "actions/continuewith.h"

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

    void recoverPassesAResponseThroughAndTurnsAnErrorIntoOne()
    {
        AuthResponse ok;
        ok.status = 200;
        QCOMPARE(recover(QtFuture::makeReadyFuture(ok), [](std::exception_ptr) { return AuthResponse(); }).result().status, 200);

        const QFuture<AuthResponse> recovered =
            recover(failedFuture<AuthResponse>(std::make_exception_ptr(Failure("boom"))), [](std::exception_ptr error) {
                AuthResponse response;
                try {
                    std::rethrow_exception(error);
                } catch (const Failure &) {
                    response.status = 503;
                }
                return response;
            });
        QCOMPARE(recovered.result().status, 503);
    }
};

QTEST_GUILESS_MAIN(TestContinueWith)
#include "tst_continuewith.moc"
