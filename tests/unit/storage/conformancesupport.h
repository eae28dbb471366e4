#pragma once
/*! \file conformancesupport.h  What the storage conformance suites share: the fixture that makes
 *  the store under test, readable comparisons, and small helpers. */
#include <gatehouse/adapter.h>
#include <gatehouse/adaptererror.h>
#include <gatehouse/gatehousestore.h>

#include <QJsonDocument>
#include <QTest>
#include <functional>
#include <memory>

// Readable values in failed comparisons (found by QTest through argument-dependent lookup).
namespace Gatehouse {

inline char *toString(const AdapterUser &user)
{
    return QTest::toString(QString::fromUtf8(QJsonDocument(user.toJson()).toJson(QJsonDocument::Compact)));
}

inline char *toString(const AdapterAccount &account)
{
    return QTest::toString(QString::fromUtf8(QJsonDocument(account.toJson()).toJson(QJsonDocument::Compact)));
}

inline char *toString(const AdapterSession &session)
{
    return QTest::toString(QStringLiteral("{%1, user %2, %3}")
                               .arg(session.sessionToken, session.userId, session.expires.toString(Qt::ISODateWithMs)));
}

inline char *toString(const VerificationToken &token)
{
    return QTest::toString(
        QStringLiteral("{%1, %2, %3}").arg(token.identifier, token.token, token.expires.toString(Qt::ISODateWithMs)));
}

inline char *toString(const AdapterAuthenticator &a)
{
    return QTest::toString(QStringLiteral("{%1, user %2, counter %3, %4, backed up %5, %6}")
                               .arg(a.credentialID, a.userId)
                               .arg(a.counter)
                               .arg(a.credentialDeviceType)
                               .arg(a.credentialBackedUp)
                               .arg(a.transports.value_or(QStringLiteral("no transports"))));
}

inline char *toString(AdapterError::Reason reason)
{
    static const char *const names[] = {"NotImplemented",  "NotFound", "Conflict", "Unavailable",
                                        "InvalidArgument", "Failed"};
    return qstrdup(names[int(reason)]);
}

template<typename T>
char *toString(const std::optional<T> &value)
{
    using QTest::toString;
    return value ? toString(*value) : qstrdup("nullopt");
}

} // namespace Gatehouse

namespace Gatehouse::Testing {

/*!
 * Makes the store under test. \c create() is called before every test function and must return
 * a fresh, empty store (a new database, migrated) that implements the Adapter contract and
 * every store interface of gatehousestore.h.
 */
class AdapterFixture
{
public:
    virtual ~AdapterFixture() = default;
    //! Empty when the fixture can run here; otherwise why not (the suite is skipped).
    virtual QString unavailableReason() const { return {}; }
    //! Starts what the fixture needs (a server); on failure the suite fails with \a error.
    virtual bool start(QString *error)
    {
        Q_UNUSED(error);
        return true;
    }
    virtual std::shared_ptr<Adapter> create(QString *error) = 0;
    /*!
     * Another adapter on the store \a adapter (made by create()) uses, as a second server
     * sharing its database has. A store that lives in one process has no other: the default
     * returns \a adapter itself.
     */
    virtual std::shared_ptr<Adapter> reopen(const std::shared_ptr<Adapter> &adapter, QString *error)
    {
        Q_UNUSED(error);
        return adapter;
    }
};

//! The store interfaces (gatehousestore.h) of an adapter under test; null where it lacks one.
struct StoreInterfaces
{
    StoreInterfaces() = default;
    explicit StoreInterfaces(Adapter *adapter)
        : audit(dynamic_cast<AuditStore *>(adapter))
        , userState(dynamic_cast<UserStateStore *>(adapter))
        , rateLimits(dynamic_cast<RateLimitStore *>(adapter))
        , admin(dynamic_cast<AdminStore *>(adapter))
        , account(dynamic_cast<AccountStore *>(adapter))
    {
    }
    bool complete() const { return audit && userState && rateLimits && admin && account; }

    AuditStore *audit = nullptr;
    UserStateStore *userState = nullptr;
    RateLimitStore *rateLimits = nullptr;
    AdminStore *admin = nullptr;
    AccountStore *account = nullptr;
};

/*!
 * Runs AdapterConformance, StoreConformance, TokenStoreConformance, TwoFactorStoreConformance,
 * GroupStoreConformance, OidcKeyStoreConformance, OidcCodeStoreConformance, OidcGrantStoreConformance, OidcSessionStoreConformance, OidcConsentStoreConformance, PasswordResetStoreConformance and
 * AdminTokenStoreConformance against \a fixture's stores (QTest::qExec with
 * \a argc, \a argv); returns the number of failures, like QTest::qExec.
 */
int runConformance(AdapterFixture &fixture, int argc, char **argv);

//! Waits for \a future and returns its value; an AdapterError escapes, and QTest fails the test.
template<typename T>
T take(QFuture<T> future)
{
    return future.result();
}

inline void take(QFuture<void> future)
{
    future.waitForFinished();
}

//! Waits for \a future and returns the AdapterError::Reason it failed with, or nullopt if it did not fail.
template<typename T>
std::optional<AdapterError::Reason> failure(QFuture<T> future)
{
    try {
        future.waitForFinished();
    } catch (const AdapterError &error) {
        return error.reason();
    }
    return std::nullopt;
}

//! A time that survives every store's precision (milliseconds, UTC), \a seconds from now.
QDateTime inSeconds(qint64 seconds);

//! A new user with \a email and \a name; the other fields empty.
AdapterUser newUser(const QString &email, std::optional<QString> name = std::nullopt);

/*!
 * Runs \a call from \a callers threads released at the same moment and returns how many got
 * \c true, or -1 with the reason in \a error when a call failed or they did not all finish
 * within 60 s.
 */
int raceCount(int callers, const std::function<bool()> &call, QString *error);

} // namespace Gatehouse::Testing
