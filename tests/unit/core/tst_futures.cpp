// recover(): a response passes through, a failure becomes the handler's response.
#include "core/futures.h"

#include <QTest>

#include <stdexcept>

using namespace Gatehouse;

namespace {

struct Failure : std::runtime_error
{
    using std::runtime_error::runtime_error;
};

} // namespace

class TestFutures : public QObject
{
    Q_OBJECT

private Q_SLOTS:
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

    void pendingFailureIsRecoveredWhenItFinishes()
    {
        QPromise<AuthResponse> promise;
        promise.start();
        const QFuture<AuthResponse> recovered = recover(promise.future(), [](std::exception_ptr) {
            AuthResponse response;
            response.status = 502;
            return response;
        });
        QVERIFY(!recovered.isFinished());
        promise.setException(std::make_exception_ptr(Failure("late")));
        promise.finish();
        QCOMPARE(recovered.result().status, 502);
    }
};

QTEST_GUILESS_MAIN(TestFutures)
#include "tst_futures.moc"
