#include "signin/webauthnflow.h"

#include "signin/completesignin.h"
#include "request/audit.h"
#include "storage/stores.h"
#include "signin/currentuser.h"
#include "request/errorresponse.h"
#include "core/futures.h"
#include "signin/webauthnchallenge.h"
#include "request/pageresponses.h"
#include "signin/singleuse.h"
#include "webauthn/ceremony.h"
#include "webauthn/logging.h"
#include "webauthn/options.h"
#include "webauthn/verificationerror.h"
#include "crypto/hash.h"
#include "crypto/random.h"

#include <gatehouse/adapter.h>
#include <gatehouse/adaptererror.h>
#include <gatehouse/errors.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

namespace Gatehouse::WebAuthnFlow {

namespace {

const QString Register = QStringLiteral("register");
const QString Authenticate = QStringLiteral("authenticate");
constexpr int TimeoutMs = 5 * 60 * 1000;

struct RelyingParty
{
    QString id;
    QString name;
    QString origin;
};

//! Who the options are for: a stored user (exists) or the email of a new one.
struct UserInfo
{
    AdapterUser user;
    bool exists = false;
};

template<typename T>
QFuture<T> ready(T value)
{
    return QtFuture::makeReadyFuture(std::move(value));
}

RelyingParty relyingPartyOf(const RequestState &s)
{
    const QJsonObject configured = s.provider->option(QStringLiteral("relayingParty")).toObject();
    const QUrl origin(s.origin.origin);
    const QString host = origin.port() == -1 ? origin.host() : origin.host() + u':' + QString::number(origin.port());
    return RelyingParty{configured.value(u"id").toString(origin.host()), configured.value(u"name").toString(host),
                        configured.value(u"origin").toString(s.origin.origin)};
}

/*!
 * The algorithms a new credential may use, in order of preference: the provider's
 * registrationOptions.supportedAlgorithmIDs (the option of Auth.js's provider) where Gatehouse
 * verifies them, by default EdDSA, ES256, RS256.
 */
QList<qint64> algorithmsOf(const Provider &provider)
{
    QList<qint64> algorithms;
    const QJsonArray configured = provider.option(QStringLiteral("registrationOptions")).toObject()
                                      .value(u"supportedAlgorithmIDs").toArray();
    for (const QJsonValue &id : configured) {
        if (id.isDouble() && WebAuthn::isSupportedAlgorithm(id.toInteger()) && !algorithms.contains(id.toInteger()))
            algorithms.append(id.toInteger());
    }
    return algorithms.isEmpty() ? WebAuthn::Expectations().algorithms : algorithms;
}

AuthResponse jsonError(const RequestState &s, const QString &message)
{
    return s.withCookies(AuthResponse::json(QJsonObject{{QStringLiteral("error"), message}}, 400));
}

QList<WebAuthn::CredentialDescriptor> descriptorsOf(const QList<AdapterAuthenticator> &authenticators)
{
    QList<WebAuthn::CredentialDescriptor> descriptors;
    for (const AdapterAuthenticator &a : authenticators) {
        const QStringList transports = a.transports ? a.transports->split(u',', Qt::SkipEmptyParts) : QStringList();
        descriptors.append({QByteArray::fromBase64(a.credentialID.toLatin1()), transports});
    }
    return descriptors;
}

//! Auth.js's choice between registration and authentication; empty when the request cannot be served.
QString decide(const QString &action, bool signedIn, const std::optional<UserInfo> &info)
{
    if (action == Authenticate)
        return Authenticate;
    if (action == Register)
        return info && signedIn == info->exists ? Register : QString();
    if (signedIn)
        return Register;
    return info && !info->exists ? Register : Authenticate;
}

QJsonObject registrationUser(const AdapterUser &user)
{
    QJsonObject object{{QStringLiteral("email"), user.email}};
    if (!user.id.isEmpty())
        object.insert(QStringLiteral("id"), user.id);
    if (user.name)
        object.insert(QStringLiteral("name"), *user.name);
    return object;
}

AuthResponse optionsResponse(const RequestState &s, const QString &action, const std::optional<UserInfo> &info,
                             const QList<AdapterAuthenticator> &authenticators)
{
    const RelyingParty rp = relyingPartyOf(s);
    QJsonObject options;
    WebAuthnChallenge challenge;
    if (action == Register) {
        challenge = WebAuthnChallenge::create(action, s.provider->id, registrationUser(info->user));
        WebAuthn::CreationOptions creation;
        creation.challenge = challenge.challenge;
        creation.rpId = rp.id;
        creation.rpName = rp.name;
        // A random user handle: the authenticator is found by its credential ID, not by this.
        creation.userId = Crypto::randomBytes(32);
        creation.userName = info->user.email;
        creation.userDisplayName = info->user.name.value_or(QString());
        creation.excludeCredentials = descriptorsOf(authenticators);
        creation.algorithms = algorithmsOf(*s.provider);
        creation.timeoutMs = TimeoutMs;
        options = creation.toJson();
    } else {
        challenge = WebAuthnChallenge::create(action, s.provider->id);
        WebAuthn::RequestOptions request;
        request.challenge = challenge.challenge;
        request.rpId = rp.id;
        request.allowCredentials = descriptorsOf(authenticators);
        request.timeoutMs = TimeoutMs;
        options = request.toJson();
    }
    AuthResponse response = AuthResponse::json(QJsonObject{{QStringLiteral("action"), action}, {QStringLiteral("options"), options}});
    response.headers.append({QByteArrayLiteral("cache-control"), QByteArrayLiteral("private, no-cache, no-store")});
    response.cookies.append(challenge.toCookie(s));
    return s.withCookies(response);
}

QFuture<AuthResponse> respond(const State &state, const QString &requested, bool signedIn, const std::optional<UserInfo> &info)
{
    const RequestState &s = *state;
    const QString action = decide(requested, signedIn, info);
    if (action.isEmpty() || (action == Register && (!info || info->user.email.isEmpty())))
        return ready(jsonError(s, QStringLiteral("Invalid request")));
    if (!info || !info->exists)
        return ready(optionsResponse(s, action, info, {}));
    return s.config.adapter->listAuthenticatorsByUserId(info->user.id)
        .then(QtFuture::Launch::Sync, [state, action, info](const QList<AdapterAuthenticator> &authenticators) {
            return optionsResponse(*state, action, info, authenticators);
        });
}

struct Script
{
    QByteArray body;
    QByteArray etag;
};

const Script &script()
{
    static const Script loaded = [] {
        QFile file(QStringLiteral(":/gatehouse/webauthn/webauthn.js"));
        if (!file.open(QIODevice::ReadOnly))
            qFatal("the WebAuthn script resource %s is missing from this build", qPrintable(file.fileName()));
        const QByteArray body = file.readAll();
        return Script{body, '"' + Crypto::sha256(body).toHex().left(32) + '"'};
    }();
    return loaded;
}

AuthResponse scriptResponse(const RequestState &s)
{
    if (PageResponses::passkeyScriptUrl(s).isEmpty()) {
        return errorResponse(s, InvalidProvider(QStringLiteral("webauthn-options without a provider serves the passkey script, "
                                                               "but no WebAuthn provider is enabled")));
    }
    const Script &js = script();
    AuthResponse response;
    response.headers = {{QByteArrayLiteral("cache-control"), QByteArrayLiteral("public, no-cache")},
                        {QByteArrayLiteral("etag"), js.etag},
                        {QByteArrayLiteral("x-content-type-options"), QByteArrayLiteral("nosniff")}};
    if (s.request.header("if-none-match") == js.etag) {
        response.status = 304;
        return response;
    }
    response.headers.append({QByteArrayLiteral("content-type"), QByteArrayLiteral("text/javascript; charset=utf-8")});
    response.body = js.body;
    return response;
}

// ---- callback

/*!
 * The name a passkey is registered with: the form's \c passkeyName (the account page's "Add a
 * passkey" posts it along with the credential) trimmed, without control characters, at most 255
 * characters; otherwise "Passkey" and the date, so that two are told apart in the list.
 */
QString passkeyNameOf(const RequestState &s, const QDateTime &now)
{
    QString name;
    for (const QChar c : s.body.value(QStringLiteral("passkeyName")).toString()) {
        if (c.category() != QChar::Other_Control)
            name.append(c);
    }
    name = name.trimmed().left(255).trimmed();
    return name.isEmpty() ? QStringLiteral("Passkey %1").arg(now.toString(QStringLiteral("yyyy-MM-dd"))) : name;
}

/*!
 * What Gatehouse keeps of a passkey just registered beside Auth.js's authenticators table (its
 * name and time; AccountStore) and the \c passkeyAdd audit event. Where the adapter keeps no
 * details nothing is written. A failure to write them never undoes the registration: the
 * passkey works, and is listed without a name.
 */
QFuture<AdapterAuthenticator> recordRegistration(const State &state, const AdapterAuthenticator &created)
{
    const RequestState &s = *state;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const QString name = passkeyNameOf(s, now);
    Audit::record(s, QStringLiteral("passkeyAdd"), created.userId, s.provider->id, {{QStringLiteral("name"), name}});
    AccountStore *store = s.stores().account.get();
    if (!store)
        return ready(created);
    return store->recordPasskey({created.credentialID, created.userId, name, now, {}})
        .then(QtFuture::Launch::Sync, [created](QFuture<void> recorded) {
            try {
                recorded.waitForFinished();
            } catch (const std::exception &e) {
                qCWarning(WebAuthn::lcWebAuthn).noquote() << "the name of passkey" << created.credentialID
                                                          << "was not recorded:" << e.what();
            }
            return created;
        });
}

//! Notes the sign-in with \a credentialID (AccountStore); never fails the sign-in.
QFuture<void> recordUse(const RequestState &s, const QString &credentialID)
{
    AccountStore *store = s.stores().account.get();
    if (!store)
        return QtFuture::makeReadyFuture();
    return store->recordPasskeyUse(credentialID, QDateTime::currentDateTimeUtc())
        .then(QtFuture::Launch::Sync, [credentialID](QFuture<void> recorded) {
            try {
                recorded.waitForFinished();
            } catch (const std::exception &e) {
                qCWarning(WebAuthn::lcWebAuthn).noquote() << "the use of passkey" << credentialID << "was not recorded:" << e.what();
            }
        });
}

WebAuthn::Expectations expectationsOf(const RequestState &s, const WebAuthnChallenge &challenge)
{
    const RelyingParty rp = relyingPartyOf(s);
    WebAuthn::Expectations expected;
    expected.challenge = challenge.challenge;
    expected.rpId = rp.id;
    expected.origins = {rp.origin};
    expected.algorithms = algorithmsOf(*s.provider);
    return expected;
}

//! The PublicKeyCredential JSON of the body's "data" (a JSON string, or an object in a JSON body).
QJsonObject credentialOf(const QJsonObject &body)
{
    const QJsonValue data = body.value(QStringLiteral("data"));
    if (data.isObject())
        return data.toObject();
    const QJsonDocument document = QJsonDocument::fromJson(data.toString().toUtf8());
    if (!document.isObject())
        throw WebAuthn::VerificationError(QStringLiteral("the \"data\" field is not a credential in JSON form"));
    return document.object();
}

QFuture<AuthResponse> registerCredential(const State &state, const QJsonObject &credential,
                                         const WebAuthnChallenge &challenge)
{
    const RequestState &s = *state;
    const WebAuthn::RegisteredCredential registered = WebAuthn::verifyRegistration(credential, expectationsOf(s, challenge));
    AdapterAuthenticator authenticator;
    authenticator.credentialID = QString::fromLatin1(registered.credentialId.toBase64());
    authenticator.providerAccountId = authenticator.credentialID;
    authenticator.credentialPublicKey = QString::fromLatin1(registered.publicKey.toBase64());
    authenticator.counter = registered.counter;
    authenticator.credentialDeviceType = registered.deviceType();
    authenticator.credentialBackedUp = registered.backedUp;
    if (!registered.transports.isEmpty())
        authenticator.transports = registered.transports.join(u',');
    qCDebug(WebAuthn::lcWebAuthn).noquote() << "registration verified: credential" << authenticator.credentialID
                                            << WebAuthn::algorithmName(qint64(registered.algorithm)) << "attestation"
                                            << registered.attestationFormat
                                            << WebAuthn::attestationTypeName(registered.attestationType);

    SignInResult result;
    result.user = challenge.user;
    result.account = QJsonObject{{QStringLiteral("provider"), s.provider->id},
                                 {QStringLiteral("type"), QStringLiteral("webauthn")},
                                 {QStringLiteral("providerAccountId"), authenticator.providerAccountId}};
    Adapter &adapter = *s.config.adapter;
    return adapter.getAuthenticator(authenticator.credentialID)
        .then(QtFuture::Launch::Sync, [state, result](const std::optional<AdapterAuthenticator> &existing) {
            if (existing)
                throw WebAuthnVerificationError(QStringLiteral("credential %1 is registered already").arg(existing->credentialID));
            // The signIn callback runs first, then the user and the account are stored.
            return completeSignIn(state, result);
        })
        .unwrap()
        .then(QtFuture::Launch::Sync, [state, authenticator](const AuthResponse &response) {
            return state->config.adapter->getUserByAccount(state->provider->id, authenticator.providerAccountId)
                .then(QtFuture::Launch::Sync,
                      [state, authenticator, response](const std::optional<AdapterUser> &user) mutable -> QFuture<AuthResponse> {
                          if (!user)  // the signIn callback sent the user elsewhere: nothing was stored
                              return ready(response);
                          authenticator.userId = user->id;
                          return continueWith(state->config.adapter->createAuthenticator(authenticator),
                                              [state](const AdapterAuthenticator &created) { return recordRegistration(state, created); })
                              .then(QtFuture::Launch::Sync, [response](const AdapterAuthenticator &) { return response; });
                      })
                .unwrap();
        })
        .unwrap();
}

QFuture<AuthResponse> authenticate(const State &state, const QJsonObject &credential, const WebAuthnChallenge &challenge)
{
    const RequestState &s = *state;
    const QByteArray rawId = WebAuthn::credentialIdOf(credential);
    const QString credentialId = QString::fromLatin1(rawId.toBase64());
    const WebAuthn::Expectations expected = expectationsOf(s, challenge);
    return s.config.adapter->getAuthenticator(credentialId)
        .then(QtFuture::Launch::Sync, [state, credential, rawId, expected](const std::optional<AdapterAuthenticator> &found) {
            if (!found)
                throw WebAuthnVerificationError(QStringLiteral("no stored authenticator has credential ID %1")
                                                    .arg(QString::fromLatin1(rawId.toBase64())));
            const auto publicKey = QByteArray::fromBase64Encoding(found->credentialPublicKey.toLatin1(),
                                                                  QByteArray::AbortOnBase64DecodingErrors);
            if (!publicKey)
                throw AdapterError(AdapterError::Reason::Failed,
                                   QStringLiteral("stored authenticator %1 has a public key that is not base64").arg(found->credentialID));
            const WebAuthn::StoredCredential stored{rawId, *publicKey, found->counter};
            const WebAuthn::VerifiedAssertion verified = WebAuthn::verifyAuthentication(credential, stored, expected);
            const qint64 newCounter = verified.newCounter;
            return state->config.adapter->getAccount(found->providerAccountId, state->provider->id)
                .then(QtFuture::Launch::Sync, [state, found, newCounter](const std::optional<AdapterAccount> &account) {
                    if (!account)
                        throw WebAuthnVerificationError(QStringLiteral("authenticator %1 has no %2 account").arg(found->credentialID, state->provider->id));
                    return state->config.adapter->getUser(account->userId)
                        .then(QtFuture::Launch::Sync, [state, account, found, newCounter](const std::optional<AdapterUser> &user) {
                            if (!user)
                                throw WebAuthnVerificationError(QStringLiteral("the user %1 of the authenticator does not exist").arg(account->userId));
                            // completeSignIn finds the user by this account again and refuses
                            // when someone else is signed in (OAuthAccountNotLinked), as Auth.js.
                            SignInResult result;
                            result.user = user->toJson();
                            result.account = account->toJson();
                            // The counter is stored once the sign-in is allowed (not for a disabled user).
                            const QString credentialId = found->credentialID;
                            result.whenAllowed = [state, credentialId, newCounter](const SignInResult &allowed) {
                                return continueWith(state->config.adapter->updateAuthenticatorCounter(credentialId, newCounter),
                                                    [state, credentialId, allowed](const AdapterAuthenticator &) {
                                                        return recordUse(*state, credentialId).then(QtFuture::Launch::Sync,
                                                                                                    [allowed] { return allowed; });
                                                    });
                            };
                            return completeSignIn(state, result);
                        })
                        .unwrap();
                })
                .unwrap();
        })
        .unwrap();
}

AuthResponse failure(const RequestState &s, std::exception_ptr error)
{
    try {
        std::rethrow_exception(error);
    } catch (const WebAuthn::VerificationError &e) {
        return errorResponse(s, WebAuthnVerificationError(e.message()));
    } catch (...) {
        return errorResponse(s, std::current_exception());
    }
}

//! What every WebAuthn provider request needs, the provider type and an adapter; null when there.
std::exception_ptr unusable(const RequestState &s)
{
    if (!s.provider->isWebAuthn())
        return std::make_exception_ptr(InvalidProvider(QStringLiteral("provider '%1' is not a WebAuthn provider").arg(s.provider->id)));
    if (!s.config.experimental.enableWebAuthn)
        return std::make_exception_ptr(InvalidProvider(QStringLiteral("WebAuthn needs experimental.enableWebAuthn")));
    if (!s.config.adapter)
        return std::make_exception_ptr(MissingAdapter(QStringLiteral("the WebAuthn provider '%1' needs an adapter").arg(s.provider->id)));
    return nullptr;
}

} // namespace

QFuture<AuthResponse> options(const State &state)
{
    const RequestState &s = *state;
    if (!s.provider)
        return ready(scriptResponse(s));
    if (const std::exception_ptr error = unusable(s))
        return ready(errorResponse(s, error));
    const QString action = s.query.queryItemValue(QStringLiteral("action"), QUrl::FullyDecoded);
    if (!action.isEmpty() && action != Register && action != Authenticate)
        return ready(jsonError(s, QStringLiteral("Invalid action")));
    const QString email = s.query.queryItemValue(QStringLiteral("email"), QUrl::FullyDecoded).trimmed();

    QFuture<AuthResponse> response;
    try {
        response = currentUser(state).then(QtFuture::Launch::Sync,
            [state, action, email](const std::optional<AdapterUser> &current) -> QFuture<AuthResponse> {
                if (current)
                    return respond(state, action, true, UserInfo{*current, true});
                if (email.isEmpty())
                    return respond(state, action, false, std::nullopt);
                return state->config.adapter->getUserByEmail(email)
                    .then(QtFuture::Launch::Sync, [state, action, email](const std::optional<AdapterUser> &user) {
                        UserInfo info;
                        info.exists = user.has_value();
                        info.user = user.value_or(AdapterUser());
                        if (!user)
                            info.user.email = email;
                        return respond(state, action, false, info);
                    })
                    .unwrap();
            })
            .unwrap();
    } catch (...) {
        response = failedFuture<AuthResponse>(std::current_exception());
    }
    return recover(response, [state](std::exception_ptr error) { return failure(*state, error); });
}

QFuture<AuthResponse> callback(const State &state)
{
    const RequestState &s = *state;
    if (const std::exception_ptr error = unusable(s))
        return ready(errorResponse(s, error));
    // Whatever the outcome, the challenge has been used.
    const QList<SetCookie> used = WebAuthnChallenge::remove(s);
    QFuture<AuthResponse> response;
    try {
        if (!s.isPost())
            throw UnknownAction(QStringLiteral("WebAuthn callbacks only accept POST"));
        if (!s.csrfVerified)
            throw MissingCSRF();
        const QString action = s.body.value(QStringLiteral("action")).toString();
        if (action != Register && action != Authenticate)
            throw WebAuthn::VerificationError(QStringLiteral("the \"action\" field must be register or authenticate"));
        const QJsonObject credential = credentialOf(s.body);
        const WebAuthnChallenge challenge = WebAuthnChallenge::fromCookie(s, action);
        // The cookie goes, but a replay brings it back: the store refuses a challenge used
        // before, also at the same moment on another server, and also for an authenticator whose
        // signature counter stays 0.
        response = continueWith(SingleUse::claim(s, QStringLiteral("webauthn-challenge"), challenge.challenge,
                                                 WebAuthnChallenge::Lifetime),
                                [state, action, credential, challenge](bool first) {
                                    if (!first)
                                        throw WebAuthn::VerificationError(QStringLiteral("the challenge was used already"));
                                    return action == Register ? registerCredential(state, credential, challenge)
                                                              : authenticate(state, credential, challenge);
                                });
    } catch (...) {
        response = failedFuture<AuthResponse>(std::current_exception());
    }
    return recover(response, [state](std::exception_ptr error) { return failure(*state, error); })
        .then(QtFuture::Launch::Sync, [used](AuthResponse finished) {
            finished.cookies.append(used);
            return finished;
        });
}

} // namespace Gatehouse::WebAuthnFlow
