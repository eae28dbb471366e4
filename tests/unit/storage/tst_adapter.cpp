#include <gatehouse/adapter.h>
#include <gatehouse/adaptererror.h>
#include <gatehouse/memoryadapter.h>

#include <QTest>

#include <functional>
#include <map>

using namespace Gatehouse;

namespace {

//! Implements getUser only; everything else is the base class's.
class GetUserOnly : public Adapter
{
public:
    QStringList implementedMethods() const override { return {QStringLiteral("getUser")}; }
    QFuture<std::optional<AdapterUser>> getUser(const QString &) override
    {
        return QtFuture::makeReadyFuture(std::optional<AdapterUser>());
    }
};

/*!
 * Forwards createUser, linkAccount and deleteUser to a MemoryAdapter and keeps the base class's
 * createUserAndLinkAccount, like a store without transactions.
 */
class WithoutTransactions : public Adapter
{
public:
    MemoryAdapter store;
    QStringList implementedMethods() const override
    {
        return {QStringLiteral("createUser"), QStringLiteral("linkAccount"), QStringLiteral("deleteUser")};
    }
    QFuture<AdapterUser> createUser(const AdapterUser &user) override { return store.createUser(user); }
    QFuture<AdapterAccount> linkAccount(const AdapterAccount &account) override { return store.linkAccount(account); }
    QFuture<std::optional<AdapterUser>> deleteUser(const QString &id) override { return store.deleteUser(id); }
};

AdapterAccount githubAccount(const QString &providerAccountId)
{
    AdapterAccount account;
    account.type = QStringLiteral("oauth");
    account.provider = QStringLiteral("github");
    account.providerAccountId = providerAccountId;
    return account;
}

//! "<type>: <message>" and the reason of the AdapterError \a future failed with; empty if none.
template<typename T>
std::pair<QString, AdapterError::Reason> errorOf(QFuture<T> future)
{
    try {
        future.waitForFinished();
    } catch (const AdapterError &error) {
        return {error.type() + QStringLiteral(": ") + error.message(), error.reason()};
    }
    return {};
}

} // namespace

class TestAdapter : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void missingMethodsFailByName_data()
    {
        QTest::addColumn<QString>("method");
        QTest::addColumn<QString>("message");
        GetUserOnly adapter;
        const std::map<QString, std::function<QString()>> calls{
            {QStringLiteral("createUser"), [&] { return errorOf(adapter.createUser({})).first; }},
            {QStringLiteral("getUserByEmail"), [&] { return errorOf(adapter.getUserByEmail({})).first; }},
            {QStringLiteral("getUserByAccount"), [&] { return errorOf(adapter.getUserByAccount({}, {})).first; }},
            {QStringLiteral("updateUser"), [&] { return errorOf(adapter.updateUser(AdapterUserUpdate({}))).first; }},
            {QStringLiteral("deleteUser"), [&] { return errorOf(adapter.deleteUser({})).first; }},
            {QStringLiteral("linkAccount"), [&] { return errorOf(adapter.linkAccount({})).first; }},
            {QStringLiteral("unlinkAccount"), [&] { return errorOf(adapter.unlinkAccount({}, {})).first; }},
            {QStringLiteral("getAccount"), [&] { return errorOf(adapter.getAccount({}, {})).first; }},
            {QStringLiteral("createSession"), [&] { return errorOf(adapter.createSession({})).first; }},
            {QStringLiteral("getSessionAndUser"), [&] { return errorOf(adapter.getSessionAndUser({})).first; }},
            {QStringLiteral("updateSession"), [&] { return errorOf(adapter.updateSession(AdapterSessionUpdate(QString()))).first; }},
            {QStringLiteral("deleteSession"), [&] { return errorOf(adapter.deleteSession({})).first; }},
            {QStringLiteral("createVerificationToken"), [&] { return errorOf(adapter.createVerificationToken({})).first; }},
            {QStringLiteral("useVerificationToken"), [&] { return errorOf(adapter.useVerificationToken({}, {})).first; }},
            {QStringLiteral("createAuthenticator"), [&] { return errorOf(adapter.createAuthenticator({})).first; }},
            {QStringLiteral("getAuthenticator"), [&] { return errorOf(adapter.getAuthenticator({})).first; }},
            {QStringLiteral("listAuthenticatorsByUserId"), [&] { return errorOf(adapter.listAuthenticatorsByUserId({})).first; }},
            {QStringLiteral("updateAuthenticatorCounter"), [&] { return errorOf(adapter.updateAuthenticatorCounter({}, 1)).first; }},
            {QStringLiteral("deleteAuthenticator"), [&] { return errorOf(adapter.deleteAuthenticator({})).first; }},
        };
        QCOMPARE(calls.size() + 1, size_t(Adapter::contractMethods().size())); // all but getUser
        for (const auto &[method, call] : calls)
            QTest::newRow(qPrintable(method)) << method << call();
    }

    void missingMethodsFailByName()
    {
        QFETCH(QString, method);
        QFETCH(QString, message);
        QCOMPARE(message, QStringLiteral("AdapterError: adapter method %1 is not implemented").arg(method));
    }

    void implementedMethodsTellWhatIsMissing()
    {
        GetUserOnly adapter;
        QCOMPARE(adapter.missingMethods({QStringLiteral("getUser"), QStringLiteral("createSession"),
                                         QStringLiteral("getSessionAndUser")}),
                 (QStringList{QStringLiteral("createSession"), QStringLiteral("getSessionAndUser")}));
        QCOMPARE(take(adapter.getUser(QStringLiteral("1"))), std::nullopt);
        QCOMPARE(errorOf(adapter.createUser({})).second, AdapterError::Reason::NotImplemented);
    }

    void chainedCreateUserAndLinkAccount()
    {
        WithoutTransactions adapter;
        const UserAndAccount created = adapter.createUserAndLinkAccount({{}, {}, QStringLiteral("a@example.test"), {}, {}},
                                                                        githubAccount(QStringLiteral("1")))
                                           .result();
        QCOMPARE(created.account.userId, created.user.id);
        QCOMPARE(adapter.store.getUserByAccount(QStringLiteral("github"), QStringLiteral("1")).result(),
                 std::optional(created.user));
    }

    void chainedCreateUserAndLinkAccountTakesTheUserBack()
    {
        WithoutTransactions adapter;
        adapter.createUserAndLinkAccount({{}, {}, QStringLiteral("a@example.test"), {}, {}}, githubAccount(QStringLiteral("1")))
            .waitForFinished();
        const auto [message, reason] = errorOf(adapter.createUserAndLinkAccount(
            {{}, {}, QStringLiteral("b@example.test"), {}, {}}, githubAccount(QStringLiteral("1"))));
        QCOMPARE(reason, AdapterError::Reason::Conflict);
        QVERIFY2(message.startsWith(QStringLiteral("AdapterError: linkAccount: ")), qPrintable(message));
        QCOMPARE(adapter.store.getUserByEmail(QStringLiteral("b@example.test")).result(), std::nullopt);
        QCOMPARE(errorOf(adapter.createUserAndLinkAccount({{}, {}, QStringLiteral("a@example.test"), {}, {}},
                                                          githubAccount(QStringLiteral("2"))))
                     .second,
                 AdapterError::Reason::Conflict);
    }

    void userJson()
    {
        AdapterUser user{QStringLiteral("12"), QStringLiteral("Alice"), QStringLiteral("alice@example.test"),
                         QDateTime(QDate(2024, 5, 6), QTime(7, 8, 9, 123), Qt::UTC), std::nullopt};
        const QJsonObject json = user.toJson();
        QCOMPARE(json.value(QLatin1String("emailVerified")).toString(), QStringLiteral("2024-05-06T07:08:09.123Z"));
        QVERIFY(json.value(QLatin1String("image")).isNull());
        QCOMPARE(AdapterUser::fromJson(json), user);
        QCOMPARE(AdapterUser::fromJson(QJsonObject{{QStringLiteral("id"), 5}, {QStringLiteral("email"), QStringLiteral("x@y")}}).id,
                 QStringLiteral("5"));
    }

    void accountJson()
    {
        const QJsonObject tokenSet{
            {QStringLiteral("userId"), QStringLiteral("3")},
            {QStringLiteral("type"), QStringLiteral("oidc")},
            {QStringLiteral("provider"), QStringLiteral("local-idp")},
            {QStringLiteral("providerAccountId"), QStringLiteral("user-1")},
            {QStringLiteral("access_token"), QStringLiteral("at")},
            {QStringLiteral("expires_at"), 1893456000},
            {QStringLiteral("token_type"), QStringLiteral("Bearer")},
            {QStringLiteral("session_state"), QStringLiteral("s")},
            {QStringLiteral("refresh_expires_in"), 1800},
        };
        const AdapterAccount account = AdapterAccount::fromJson(tokenSet);
        QCOMPARE(account.accessToken, std::optional<QString>(QStringLiteral("at")));
        QCOMPARE(account.expiresAt, std::optional<qint64>(1893456000));
        QCOMPARE(account.refreshToken, std::nullopt);
        QCOMPARE(account.sessionState, QJsonValue(QStringLiteral("s")));
        QCOMPARE(account.extra, (QJsonObject{{QStringLiteral("refresh_expires_in"), 1800}}));
        QCOMPARE(account.toJson(), tokenSet);
    }

    void userUpdateAppliesOnlyWhatIsSet()
    {
        AdapterUser user{QStringLiteral("1"), QStringLiteral("A"), QStringLiteral("a@x"), std::nullopt, QStringLiteral("i")};
        AdapterUserUpdate update(QStringLiteral("1"));
        QVERIFY(update.isEmpty());
        update.setImage(std::nullopt);
        QVERIFY(update.hasImage() && !update.hasName());
        update.applyTo(user);
        QCOMPARE(user, (AdapterUser{QStringLiteral("1"), QStringLiteral("A"), QStringLiteral("a@x"), std::nullopt, std::nullopt}));
    }

private:
    template<typename T>
    static T take(QFuture<T> future)
    {
        return future.result();
    }
};

QTEST_GUILESS_MAIN(TestAdapter)
#include "tst_adapter.moc"
