#include "adapterconformance.h"

#include <QJsonArray>

namespace Gatehouse::Testing {

using Reason = AdapterError::Reason;

namespace {

AdapterAccount account(const QString &userId, const QString &provider, const QString &providerAccountId)
{
    AdapterAccount a;
    a.userId = userId;
    a.type = QStringLiteral("oidc");
    a.provider = provider;
    a.providerAccountId = providerAccountId;
    return a;
}

AdapterAuthenticator authenticator(const QString &credentialID, const QString &userId)
{
    AdapterAuthenticator a;
    a.credentialID = credentialID;
    a.userId = userId;
    a.providerAccountId = credentialID;
    a.credentialPublicKey = QStringLiteral("pQECAyYgASFYIPbase64key");
    a.counter = 0;
    a.credentialDeviceType = QStringLiteral("singleDevice");
    a.credentialBackedUp = false;
    a.transports = QStringLiteral("internal,hybrid");
    return a;
}

} // namespace

AdapterConformance::AdapterConformance(AdapterFixture &fixture, QObject *parent)
    : QObject(parent)
    , m_fixture(fixture)
{
}

void AdapterConformance::initTestCase()
{
    if (const QString why = m_fixture.unavailableReason(); !why.isEmpty())
        QSKIP(qPrintable(why));
    QString error;
    QVERIFY2(m_fixture.start(&error), qPrintable(error));
}

void AdapterConformance::init()
{
    QString error;
    m_adapter = m_fixture.create(&error);
    QVERIFY2(m_adapter, qPrintable(error));
    m_stores = StoreInterfaces(m_adapter.get());
    QVERIFY2(m_stores.complete(), "the store lacks one of the interfaces of gatehousestore.h");
}

void AdapterConformance::cleanup()
{
    m_stores = {};
    m_adapter.reset();
}

void AdapterConformance::implementsTheWholeContract()
{
    QCOMPARE(m_adapter->implementedMethods(), Adapter::contractMethods());
    QVERIFY(m_adapter->missingMethods(Adapter::contractMethods()).isEmpty());
}

void AdapterConformance::createUserRoundTrips()
{
    AdapterUser input = newUser(QStringLiteral("alice@example.test"), QStringLiteral("Alice"));
    input.emailVerified = inSeconds(-60);
    input.image = QStringLiteral("https://example.test/alice.png");
    const AdapterUser created = take(m_adapter->createUser(input));
    QVERIFY(!created.id.isEmpty());
    QCOMPARE(created.email, input.email);
    QCOMPARE(created.name, input.name);
    QCOMPARE(created.emailVerified, input.emailVerified);
    QCOMPARE(created.image, input.image);
    QCOMPARE(take(m_adapter->getUser(created.id)), std::optional(created));
    QCOMPARE(take(m_adapter->getUserByEmail(input.email)), std::optional(created));
    const AdapterUser second = take(m_adapter->createUser(newUser(QStringLiteral("bob@example.test"))));
    QVERIFY(second.id != created.id);
}

void AdapterConformance::createUserKeepsNulls()
{
    const AdapterUser created = take(m_adapter->createUser(newUser(QStringLiteral("nobody@example.test"))));
    const std::optional<AdapterUser> stored = take(m_adapter->getUser(created.id));
    QVERIFY(stored);
    QCOMPARE(stored->name, std::nullopt);
    QCOMPARE(stored->emailVerified, std::nullopt);
    QCOMPARE(stored->image, std::nullopt);
}

void AdapterConformance::duplicateEmailIsAConflict()
{
    const AdapterUser first = take(m_adapter->createUser(newUser(QStringLiteral("same@example.test"), QStringLiteral("First"))));
    QCOMPARE(failure(m_adapter->createUser(newUser(QStringLiteral("same@example.test"), QStringLiteral("Second")))),
             Reason::Conflict);
    QCOMPARE(take(m_adapter->getUserByEmail(QStringLiteral("same@example.test"))), std::optional(first));
    QCOMPARE(take(m_stores.admin->countUsers({})), qint64(1));
}

void AdapterConformance::unknownUsersAreNull_data()
{
    QTest::addColumn<QString>("id");
    QTest::newRow("unused number") << QStringLiteral("987654");
    QTest::newRow("not a number") << QStringLiteral("3f1c0f7e-user");
    QTest::newRow("empty") << QString();
    QTest::newRow("negative") << QStringLiteral("-1");
}

void AdapterConformance::unknownUsersAreNull()
{
    QFETCH(QString, id);
    take(m_adapter->createUser(newUser(QStringLiteral("someone@example.test"))));
    QCOMPARE(take(m_adapter->getUser(id)), std::nullopt);
    QCOMPARE(take(m_adapter->deleteUser(id)), std::nullopt);
    QVERIFY(take(m_adapter->listAuthenticatorsByUserId(id)).isEmpty());
    QCOMPARE(take(m_adapter->getUserByEmail(QStringLiteral("unknown@example.test"))), std::nullopt);
    QCOMPARE(take(m_adapter->getUserByEmail(QString())), std::nullopt);
    QCOMPARE(take(m_adapter->getUserByAccount(QStringLiteral("github"), QStringLiteral("123"))), std::nullopt);
    QCOMPARE(take(m_stores.admin->countUsers({})), qint64(1));
}

void AdapterConformance::updateUserChangesOnlyWhatIsSet()
{
    AdapterUser input = newUser(QStringLiteral("carol@example.test"), QStringLiteral("Carol"));
    input.image = QStringLiteral("https://example.test/carol.png");
    const AdapterUser created = take(m_adapter->createUser(input));

    const QDateTime verified = inSeconds(-5);
    AdapterUser updated = take(m_adapter->updateUser(AdapterUserUpdate(created.id).setEmailVerified(verified)));
    AdapterUser expected = created;
    expected.emailVerified = verified;
    QCOMPARE(updated, expected);

    updated = take(m_adapter->updateUser(AdapterUserUpdate(created.id).setName(QStringLiteral("Caroline")).setImage(std::nullopt)));
    expected.name = QStringLiteral("Caroline");
    expected.image = std::nullopt;
    QCOMPARE(updated, expected);

    updated = take(m_adapter->updateUser(AdapterUserUpdate(created.id).setEmail(QStringLiteral("caroline@example.test"))));
    expected.email = QStringLiteral("caroline@example.test");
    QCOMPARE(updated, expected);
    QCOMPARE(take(m_adapter->getUserByEmail(QStringLiteral("caroline@example.test"))), std::optional(expected));
    QCOMPARE(take(m_adapter->getUserByEmail(QStringLiteral("carol@example.test"))), std::nullopt);

    QCOMPARE(take(m_adapter->updateUser(AdapterUserUpdate(created.id))), expected);
    QCOMPARE(take(m_adapter->getUser(created.id)), std::optional(expected));
}

void AdapterConformance::updateUserErrors()
{
    const AdapterUser dave = take(m_adapter->createUser(newUser(QStringLiteral("dave@example.test"))));
    take(m_adapter->createUser(newUser(QStringLiteral("erin@example.test"))));
    QCOMPARE(failure(m_adapter->updateUser(AdapterUserUpdate(QStringLiteral("987654")).setName(QStringLiteral("X")))),
             Reason::NotFound);
    QCOMPARE(failure(m_adapter->updateUser(AdapterUserUpdate(QStringLiteral("no-such-id")))), Reason::NotFound);
    QCOMPARE(failure(m_adapter->updateUser(AdapterUserUpdate(dave.id).setEmail(QStringLiteral("erin@example.test")))),
             Reason::Conflict);
    QCOMPARE(take(m_adapter->getUser(dave.id)), std::optional(dave));
}

void AdapterConformance::deleteUserCascades()
{
    const AdapterUser gone = take(m_adapter->createUser(newUser(QStringLiteral("gone@example.test"), QStringLiteral("Gone"))));
    const AdapterUser kept = take(m_adapter->createUser(newUser(QStringLiteral("kept@example.test"))));
    for (const AdapterUser &u : {gone, kept}) {
        take(m_adapter->linkAccount(account(u.id, QStringLiteral("github"), u.email)));
        take(m_adapter->createSession({QStringLiteral("session-") + u.id, u.id, inSeconds(3600)}));
        take(m_adapter->createAuthenticator(authenticator(QStringLiteral("cred-") + u.id, u.id)));
        take(m_stores.userState->setPassword(u.id, QStringLiteral("$argon2id$v=19$hash-") + u.id));
    }

    QCOMPARE(take(m_adapter->deleteUser(gone.id)), std::optional(gone));
    QCOMPARE(take(m_adapter->getUser(gone.id)), std::nullopt);
    QCOMPARE(take(m_adapter->getAccount(gone.email, QStringLiteral("github"))), std::nullopt);
    QCOMPARE(take(m_adapter->getUserByAccount(QStringLiteral("github"), gone.email)), std::nullopt);
    QVERIFY(!take(m_adapter->getSessionAndUser(QStringLiteral("session-") + gone.id)));
    QCOMPARE(take(m_adapter->getAuthenticator(QStringLiteral("cred-") + gone.id)), std::nullopt);
    QVERIFY(take(m_adapter->listAuthenticatorsByUserId(gone.id)).isEmpty());
    QVERIFY(!take(m_stores.userState->passwordHash(gone.email)));
    QCOMPARE(take(m_adapter->deleteUser(gone.id)), std::nullopt);

    QCOMPARE(take(m_adapter->getUserByAccount(QStringLiteral("github"), kept.email)), std::optional(kept));
    QVERIFY(take(m_adapter->getSessionAndUser(QStringLiteral("session-") + kept.id)));
    QCOMPARE(take(m_adapter->listAuthenticatorsByUserId(kept.id)).size(), 1);
    QVERIFY(take(m_stores.userState->passwordHash(kept.email)));
}

void AdapterConformance::linkAccountRoundTrips()
{
    const AdapterUser owner = take(m_adapter->createUser(newUser(QStringLiteral("frank@example.test"))));
    AdapterAccount input = account(owner.id, QStringLiteral("local-idp"), QStringLiteral("user-1"));
    input.accessToken = QStringLiteral("access-") + QString(3000, u'a'); // longer than any VARCHAR(255)
    input.refreshToken = QStringLiteral("refresh-token");
    input.idToken = QStringLiteral("eyJhbGciOiJSUzI1NiJ9.") + QString(2000, u'b');
    input.expiresAt = 1893456000;
    input.scope = QStringLiteral("openid profile email");
    input.tokenType = QStringLiteral("bearer");
    input.sessionState = QJsonObject{{QStringLiteral("sid"), QStringLiteral("abc")}};
    input.extra = QJsonObject{{QStringLiteral("refresh_expires_in"), 1800},
                              {QStringLiteral("not-before-policy"), 0}};

    const AdapterAccount linked = take(m_adapter->linkAccount(input));
    QVERIFY(!linked.id.isEmpty());
    AdapterAccount expected = input;
    expected.id = linked.id;
    QCOMPARE(linked, expected);
    QCOMPARE(take(m_adapter->getAccount(QStringLiteral("user-1"), QStringLiteral("local-idp"))), std::optional(expected));
    QCOMPARE(take(m_adapter->getUserByAccount(QStringLiteral("local-idp"), QStringLiteral("user-1"))), std::optional(owner));
    QCOMPARE(take(m_adapter->getAccount(QStringLiteral("user-1"), QStringLiteral("github"))), std::nullopt);
    QCOMPARE(take(m_adapter->getAccount(QStringLiteral("user-2"), QStringLiteral("local-idp"))), std::nullopt);
}

void AdapterConformance::linkAccountLowerCasesTokenType_data()
{
    QTest::addColumn<QString>("given");
    QTest::addColumn<QString>("stored");
    QTest::newRow("Bearer") << QStringLiteral("Bearer") << QStringLiteral("bearer");
    QTest::newRow("DPoP") << QStringLiteral("DPoP") << QStringLiteral("dpop");
    QTest::newRow("lower already") << QStringLiteral("mac") << QStringLiteral("mac");
}

void AdapterConformance::linkAccountLowerCasesTokenType()
{
    QFETCH(QString, given);
    QFETCH(QString, stored);
    const AdapterUser owner = take(m_adapter->createUser(newUser(QStringLiteral("grace@example.test"))));
    AdapterAccount input = account(owner.id, QStringLiteral("github"), QStringLiteral("42"));
    input.tokenType = given;
    QCOMPARE(take(m_adapter->linkAccount(input)).tokenType, std::optional(stored));
    QCOMPARE(take(m_adapter->getAccount(QStringLiteral("42"), QStringLiteral("github")))->tokenType, std::optional(stored));
}

void AdapterConformance::linkAccountComputesExpiresAt()
{
    const AdapterUser owner = take(m_adapter->createUser(newUser(QStringLiteral("heidi@example.test"))));
    AdapterAccount input = account(owner.id, QStringLiteral("github"), QStringLiteral("7"));
    input.expiresIn = 3600;
    const qint64 before = QDateTime::currentSecsSinceEpoch();
    const AdapterAccount linked = take(m_adapter->linkAccount(input));
    const qint64 after = QDateTime::currentSecsSinceEpoch();
    QVERIFY(linked.expiresAt);
    QVERIFY2(*linked.expiresAt >= before + 3600 && *linked.expiresAt <= after + 3600,
             qPrintable(QString::number(*linked.expiresAt)));
    QCOMPARE(linked.expiresIn, std::nullopt);
    QCOMPARE(take(m_adapter->getAccount(QStringLiteral("7"), QStringLiteral("github")))->expiresAt, linked.expiresAt);

    AdapterAccount explicitExpiry = account(owner.id, QStringLiteral("gitlab"), QStringLiteral("7"));
    explicitExpiry.expiresAt = 1700000000;
    explicitExpiry.expiresIn = 3600;
    QCOMPARE(take(m_adapter->linkAccount(explicitExpiry)).expiresAt, std::optional<qint64>(1700000000));
}

void AdapterConformance::linkAccountErrors()
{
    const AdapterUser owner = take(m_adapter->createUser(newUser(QStringLiteral("ivan@example.test"))));
    const AdapterUser other = take(m_adapter->createUser(newUser(QStringLiteral("judy@example.test"))));
    take(m_adapter->linkAccount(account(owner.id, QStringLiteral("github"), QStringLiteral("1"))));
    QCOMPARE(failure(m_adapter->linkAccount(account(other.id, QStringLiteral("github"), QStringLiteral("1")))),
             Reason::Conflict);
    QCOMPARE(take(m_adapter->getUserByAccount(QStringLiteral("github"), QStringLiteral("1"))), std::optional(owner));
    QCOMPARE(failure(m_adapter->linkAccount(account(QStringLiteral("987654"), QStringLiteral("github"), QStringLiteral("2")))),
             Reason::NotFound);
    QCOMPARE(failure(m_adapter->linkAccount(account(QStringLiteral("nope"), QStringLiteral("github"), QStringLiteral("3")))),
             Reason::NotFound);
    QCOMPARE(failure(m_adapter->linkAccount(account(owner.id, QString(), QStringLiteral("4")))), Reason::InvalidArgument);
    QCOMPARE(take(m_adapter->getAccount(QStringLiteral("2"), QStringLiteral("github"))), std::nullopt);
}

void AdapterConformance::sessionStateRoundTrips_data()
{
    QTest::addColumn<QJsonValue>("given");
    QTest::addColumn<QJsonValue>("stored");
    QTest::newRow("absent") << QJsonValue(QJsonValue::Undefined) << QJsonValue(QJsonValue::Undefined);
    QTest::newRow("string") << QJsonValue(QStringLiteral("b1f3c")) << QJsonValue(QStringLiteral("b1f3c"));
    QTest::newRow("object") << QJsonValue(QJsonObject{{QStringLiteral("a"), 1}})
                            << QJsonValue(QJsonObject{{QStringLiteral("a"), 1}});
    QTest::newRow("array") << QJsonValue(QJsonArray{1, 2}) << QJsonValue(QJsonArray{1, 2});
    QTest::newRow("number becomes text") << QJsonValue(42) << QJsonValue(QStringLiteral("42"));
}

void AdapterConformance::sessionStateRoundTrips()
{
    QFETCH(QJsonValue, given);
    QFETCH(QJsonValue, stored);
    const AdapterUser owner = take(m_adapter->createUser(newUser(QStringLiteral("kim@example.test"))));
    AdapterAccount input = account(owner.id, QStringLiteral("oidc"), QStringLiteral("k"));
    input.sessionState = given;
    QCOMPARE(take(m_adapter->linkAccount(input)).sessionState, stored);
    QCOMPARE(take(m_adapter->getAccount(QStringLiteral("k"), QStringLiteral("oidc")))->sessionState, stored);
}

void AdapterConformance::unlinkAccount()
{
    const AdapterUser owner = take(m_adapter->createUser(newUser(QStringLiteral("leo@example.test"))));
    AdapterAccount input = account(owner.id, QStringLiteral("github"), QStringLiteral("99"));
    input.extra = QJsonObject{{QStringLiteral("installation"), QStringLiteral("x")}};
    const AdapterAccount linked = take(m_adapter->linkAccount(input));
    QCOMPARE(take(m_adapter->unlinkAccount(QStringLiteral("github"), QStringLiteral("99"))), std::optional(linked));
    QCOMPARE(take(m_adapter->getAccount(QStringLiteral("99"), QStringLiteral("github"))), std::nullopt);
    QCOMPARE(take(m_adapter->unlinkAccount(QStringLiteral("github"), QStringLiteral("99"))), std::nullopt);
    QCOMPARE(take(m_adapter->getUser(owner.id)), std::optional(owner));
    // The pair is free again.
    QVERIFY(!take(m_adapter->linkAccount(account(owner.id, QStringLiteral("github"), QStringLiteral("99")))).id.isEmpty());
}

void AdapterConformance::sessionLifeCycle()
{
    const AdapterUser owner = take(m_adapter->createUser(newUser(QStringLiteral("mallory@example.test"), QStringLiteral("M"))));
    const AdapterSession input{QStringLiteral("3c9a1f0e-session-token"), owner.id, inSeconds(30 * 86400)};
    QCOMPARE(take(m_adapter->createSession(input)), input);

    const std::optional<SessionAndUser> found = take(m_adapter->getSessionAndUser(input.sessionToken));
    QVERIFY(found);
    QCOMPARE(found->session, input);
    QCOMPARE(found->user, owner);
    QVERIFY(!take(m_adapter->getSessionAndUser(QStringLiteral("unknown-token"))));

    // Expired sessions are still returned: the engine deletes them when it sees them.
    const AdapterSession expired{QStringLiteral("expired-token"), owner.id, inSeconds(-60)};
    take(m_adapter->createSession(expired));
    QCOMPARE(take(m_adapter->getSessionAndUser(expired.sessionToken))->session, expired);

    QCOMPARE(take(m_adapter->deleteSession(input.sessionToken)), std::optional(input));
    QVERIFY(!take(m_adapter->getSessionAndUser(input.sessionToken)));
    QCOMPARE(take(m_adapter->deleteSession(input.sessionToken)), std::nullopt);
}

void AdapterConformance::sessionErrors()
{
    const AdapterUser owner = take(m_adapter->createUser(newUser(QStringLiteral("nina@example.test"))));
    take(m_adapter->createSession({QStringLiteral("taken"), owner.id, inSeconds(60)}));
    QCOMPARE(failure(m_adapter->createSession({QStringLiteral("taken"), owner.id, inSeconds(120)})), Reason::Conflict);
    QCOMPARE(failure(m_adapter->createSession({QStringLiteral("orphan"), QStringLiteral("987654"), inSeconds(60)})),
             Reason::NotFound);
    QCOMPARE(failure(m_adapter->createSession({QStringLiteral("no-expiry"), owner.id, QDateTime()})),
             Reason::InvalidArgument);
    QCOMPARE(failure(m_adapter->createSession({QString(), owner.id, inSeconds(60)})), Reason::InvalidArgument);
    QVERIFY(!take(m_adapter->getSessionAndUser(QStringLiteral("orphan"))));
}

void AdapterConformance::updateSessionChangesOnlyWhatIsSet()
{
    const AdapterUser first = take(m_adapter->createUser(newUser(QStringLiteral("olivia@example.test"))));
    const AdapterUser second = take(m_adapter->createUser(newUser(QStringLiteral("peggy@example.test"))));
    const AdapterSession session{QStringLiteral("token-1"), first.id, inSeconds(60)};
    take(m_adapter->createSession(session));

    const QDateTime later = inSeconds(7200);
    QCOMPARE(take(m_adapter->updateSession(AdapterSessionUpdate(session.sessionToken).setExpires(later))),
             std::optional(AdapterSession{session.sessionToken, first.id, later}));
    QCOMPARE(take(m_adapter->updateSession(AdapterSessionUpdate(session.sessionToken).setUserId(second.id))),
             std::optional(AdapterSession{session.sessionToken, second.id, later}));
    QCOMPARE(take(m_adapter->getSessionAndUser(session.sessionToken))->user, second);
    QCOMPARE(take(m_adapter->updateSession(AdapterSessionUpdate(session.sessionToken))),
             std::optional(AdapterSession{session.sessionToken, second.id, later}));
    QCOMPARE(take(m_adapter->updateSession(AdapterSessionUpdate(QStringLiteral("unknown")).setExpires(later))), std::nullopt);
    QCOMPARE(failure(m_adapter->updateSession(AdapterSessionUpdate(session.sessionToken).setUserId(QStringLiteral("987654")))),
             Reason::NotFound);
    QCOMPARE(take(m_adapter->getSessionAndUser(session.sessionToken))->session.userId, second.id);
}

void AdapterConformance::verificationTokenIsSingleUse()
{
    const VerificationToken token{QStringLiteral("quinn@example.test"), QStringLiteral("5e884898da2804"), inSeconds(86400)};
    QCOMPARE(take(m_adapter->createVerificationToken(token)), std::optional(token));
    QCOMPARE(failure(m_adapter->createVerificationToken(token)), Reason::Conflict);
    QCOMPARE(take(m_adapter->useVerificationToken(QStringLiteral("other@example.test"), token.token)), std::nullopt);
    QCOMPARE(take(m_adapter->useVerificationToken(token.identifier, token.token)), std::optional(token));
    QCOMPARE(take(m_adapter->useVerificationToken(token.identifier, token.token)), std::nullopt);
    QCOMPARE(failure(m_adapter->createVerificationToken({token.identifier, QString(), inSeconds(60)})),
             Reason::InvalidArgument);
    // Used tokens may be issued again.
    QCOMPARE(take(m_adapter->createVerificationToken(token)), std::optional(token));
}

void AdapterConformance::verificationTokenRace()
{
    const VerificationToken token{QStringLiteral("race@example.test"), QStringLiteral("c0ffee"), inSeconds(600)};
    take(m_adapter->createVerificationToken(token));
    QString error;
    const int winners = raceCount(
        50, [this, &token] { return take(m_adapter->useVerificationToken(token.identifier, token.token)).has_value(); },
        &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(winners, 1);
}

void AdapterConformance::authenticators()
{
    const AdapterUser owner = take(m_adapter->createUser(newUser(QStringLiteral("rupert@example.test"))));
    const AdapterUser other = take(m_adapter->createUser(newUser(QStringLiteral("sybil@example.test"))));
    AdapterAuthenticator second = authenticator(QStringLiteral("Zm9vYmFy-second"), owner.id);
    second.credentialBackedUp = true;
    second.credentialDeviceType = QStringLiteral("multiDevice");
    second.transports = std::nullopt;
    const AdapterAuthenticator first = authenticator(QStringLiteral("Ym9vYmFy-first"), owner.id);
    QCOMPARE(take(m_adapter->createAuthenticator(second)), second);
    QCOMPARE(take(m_adapter->createAuthenticator(first)), first);

    QCOMPARE(take(m_adapter->getAuthenticator(first.credentialID)), std::optional(first));
    QCOMPARE(take(m_adapter->getAuthenticator(QStringLiteral("unknown"))), std::nullopt);
    QCOMPARE(take(m_adapter->listAuthenticatorsByUserId(owner.id)), (QList<AdapterAuthenticator>{first, second}));
    QVERIFY(take(m_adapter->listAuthenticatorsByUserId(other.id)).isEmpty());

    AdapterAuthenticator counted = first;
    counted.counter = 7;
    QCOMPARE(take(m_adapter->updateAuthenticatorCounter(first.credentialID, 7)), counted);
    QCOMPARE(take(m_adapter->getAuthenticator(first.credentialID)), std::optional(counted));

    QCOMPARE(take(m_adapter->deleteAuthenticator(second.credentialID)), std::optional(second));
    QCOMPARE(take(m_adapter->deleteAuthenticator(second.credentialID)), std::nullopt);
    QCOMPARE(take(m_adapter->listAuthenticatorsByUserId(owner.id)), QList<AdapterAuthenticator>{counted});
}

void AdapterConformance::authenticatorErrors()
{
    const AdapterUser owner = take(m_adapter->createUser(newUser(QStringLiteral("trent@example.test"))));
    take(m_adapter->createAuthenticator(authenticator(QStringLiteral("dup"), owner.id)));
    QCOMPARE(failure(m_adapter->createAuthenticator(authenticator(QStringLiteral("dup"), owner.id))), Reason::Conflict);
    // Credential IDs are case-sensitive base64url.
    QCOMPARE(take(m_adapter->createAuthenticator(authenticator(QStringLiteral("DUP"), owner.id))).credentialID,
             QStringLiteral("DUP"));
    QCOMPARE(failure(m_adapter->createAuthenticator(authenticator(QStringLiteral("x"), QStringLiteral("987654")))),
             Reason::NotFound);
    QCOMPARE(failure(m_adapter->createAuthenticator(authenticator(QString(), owner.id))), Reason::InvalidArgument);
    QCOMPARE(failure(m_adapter->updateAuthenticatorCounter(QStringLiteral("unknown"), 1)), Reason::NotFound);
}

void AdapterConformance::createUserAndLinkAccount()
{
    AdapterAccount input = account(QString(), QStringLiteral("local-idp"), QStringLiteral("user-9"));
    input.tokenType = QStringLiteral("Bearer");
    input.expiresIn = 60;
    const UserAndAccount created = take(
        m_adapter->createUserAndLinkAccount(newUser(QStringLiteral("uma@example.test"), QStringLiteral("Uma")), input));
    QVERIFY(!created.user.id.isEmpty());
    QCOMPARE(created.account.userId, created.user.id);
    QCOMPARE(created.account.tokenType, std::optional<QString>(QStringLiteral("bearer")));
    QVERIFY(created.account.expiresAt);
    QCOMPARE(take(m_adapter->getUserByAccount(QStringLiteral("local-idp"), QStringLiteral("user-9"))),
             std::optional(created.user));
    QCOMPARE(take(m_adapter->getAccount(QStringLiteral("user-9"), QStringLiteral("local-idp"))), std::optional(created.account));
}

void AdapterConformance::createUserAndLinkAccountIsAllOrNothing()
{
    const AdapterUser existing = take(m_adapter->createUser(newUser(QStringLiteral("victor@example.test"))));
    take(m_adapter->linkAccount(account(existing.id, QStringLiteral("github"), QStringLiteral("taken"))));

    QCOMPARE(failure(m_adapter->createUserAndLinkAccount(newUser(QStringLiteral("walter@example.test")),
                                                         account(QString(), QStringLiteral("github"), QStringLiteral("taken")))),
             Reason::Conflict);
    QCOMPARE(take(m_adapter->getUserByEmail(QStringLiteral("walter@example.test"))), std::nullopt);

    QCOMPARE(failure(m_adapter->createUserAndLinkAccount(newUser(QStringLiteral("victor@example.test")),
                                                         account(QString(), QStringLiteral("github"), QStringLiteral("free")))),
             Reason::Conflict);
    QCOMPARE(take(m_adapter->getAccount(QStringLiteral("free"), QStringLiteral("github"))), std::nullopt);
    QCOMPARE(take(m_stores.admin->countUsers({})), qint64(1));
}

} // namespace Gatehouse::Testing
