#include "conformancesupport.h"

#include "adapterconformance.h"
#include "auditfeedstoreconformance.h"
#include "admintokenstoreconformance.h"
#include "groupstoreconformance.h"
#include "noticepreferencestoreconformance.h"
#include "oidccodestoreconformance.h"
#include "oidcconsentstoreconformance.h"
#include "oidcgrantstoreconformance.h"
#include "oidckeystoreconformance.h"
#include "oidcsessionstoreconformance.h"
#include "passwordresetstoreconformance.h"
#include "storeconformance.h"
#include "tokenstoreconformance.h"
#include "twofactorstoreconformance.h"
#include "usertransferstoreconformance.h"
#include "webhookstoreconformance.h"

#include <QMutex>
#include <QSemaphore>
#include <QThreadPool>

#include <atomic>

namespace Gatehouse::Testing {

int runConformance(AdapterFixture &fixture, int argc, char **argv)
{
    AdapterConformance adapter(fixture);
    StoreConformance store(fixture);
    TokenStoreConformance tokens(fixture);
    TwoFactorStoreConformance twoFactor(fixture);
    GroupStoreConformance groups(fixture);
    OidcKeyStoreConformance oidcKeys(fixture);
    OidcCodeStoreConformance oidcCodes(fixture);
    OidcGrantStoreConformance oidcGrants(fixture);
    OidcSessionStoreConformance oidcSessions(fixture);
    OidcConsentStoreConformance oidcConsents(fixture);
    PasswordResetStoreConformance passwordResets(fixture);
    AuditFeedStoreConformance auditFeed(fixture);
    AdminTokenStoreConformance adminTokens(fixture);
    UserTransferStoreConformance transfers(fixture);
    NoticePreferenceStoreConformance noticePreferences(fixture);
    WebhookStoreConformance webhooks(fixture);
    return QTest::qExec(&adapter, argc, argv) + QTest::qExec(&store, argc, argv) + QTest::qExec(&tokens, argc, argv)
        + QTest::qExec(&twoFactor, argc, argv) + QTest::qExec(&groups, argc, argv) + QTest::qExec(&oidcKeys, argc, argv)
        + QTest::qExec(&oidcCodes, argc, argv) + QTest::qExec(&oidcGrants, argc, argv) + QTest::qExec(&oidcSessions, argc, argv)
        + QTest::qExec(&oidcConsents, argc, argv) + QTest::qExec(&passwordResets, argc, argv)
        + QTest::qExec(&auditFeed, argc, argv) + QTest::qExec(&adminTokens, argc, argv)
        + QTest::qExec(&transfers, argc, argv) + QTest::qExec(&noticePreferences, argc, argv)
        + QTest::qExec(&webhooks, argc, argv);
}

QDateTime inSeconds(qint64 seconds)
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    return QDateTime::fromMSecsSinceEpoch(now + seconds * 1000, Qt::UTC);
}

AdapterUser newUser(const QString &email, std::optional<QString> name)
{
    AdapterUser user;
    user.email = email;
    user.name = std::move(name);
    return user;
}

int raceCount(int callers, const std::function<bool()> &call, QString *error)
{
    QThreadPool racers;
    racers.setMaxThreadCount(callers);
    QSemaphore ready;
    QSemaphore go;
    std::atomic<int> winners{0};
    std::atomic<int> finished{0};
    QMutex errorLock;
    for (int i = 0; i < callers; ++i) {
        racers.start([&] {
            ready.release();
            go.acquire();
            try {
                if (call())
                    ++winners;
                ++finished;
            } catch (const AdapterError &failure) {
                QMutexLocker locker(&errorLock);
                *error = failure.message();
            }
        });
    }
    ready.acquire(callers);
    go.release(callers);
    if (!racers.waitForDone(60000)) {
        *error = QStringLiteral("the calls did not finish within 60 s");
        return -1;
    }
    return finished == callers ? winners.load() : -1;
}

} // namespace Gatehouse::Testing
