#include "oidcendpoints/authorizationflow.h"

#include "core/futures.h"
#include "core/logging.h"
#include "oidcprovider/authorizationcode.h"
#include "oidcprovider/sessionid.h"
#include "request/audit.h"
#include "request/errorresponse.h"
#include "request/pageresponses.h"
#include "session/signinsteps.h"

#include <gatehouse/access.h>
#include <gatehouse/errors.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QUrl>

namespace Gatehouse::OidcEndpoints {

using namespace OidcProvider;

namespace {

QByteArray encoded(const QString &value)
{
    return QUrl::toPercentEncoding(value);
}

//! The person's claims as recorded at sign-in; each endpoint gives out what the scopes grant.
QJsonObject personOf(const CurrentSession &found)
{
    QJsonObject person;
    const auto set = [&person](const QString &name, const QString &value) {
        if (!value.isEmpty())
            person.insert(name, value);
    };
    set(QStringLiteral("name"), found.name());
    set(QStringLiteral("email"), found.email());
    set(QStringLiteral("preferred_username"), !found.email().isEmpty() ? found.email() : found.name());
    if (const std::optional<AdapterUser> &user = found.user()) {
        set(QStringLiteral("picture"), user->image.value_or(QString()));
        if (!found.email().isEmpty())
            person.insert(QStringLiteral("email_verified"), user->emailVerified.has_value());
    } else {
        set(QStringLiteral("picture"), found.token().value(QStringLiteral("picture")).toString());
    }
    person.insert(QStringLiteral("groups"), QJsonArray::fromStringList(found.groups()));
    return person;
}

} // namespace

/*!
 * The session's \c sid (oidcprovider/sessionid.h): a database session's from its token, a JWT
 * session's from its subject and sign-in time, which it keeps while it rolls.
 */
QString sessionIdOf(const RequestState &s, const CurrentSession &found)
{
    if (const std::optional<AdapterSession> &db = found.databaseSession())
        return OidcProvider::databaseSessionId(s.config.secret, db->sessionToken);
    return OidcProvider::jwtSessionId(s.config.secret, found.token().value(QStringLiteral("sub")).toString(),
                                    found.signInTime());
}

//! A 302 to \a location exactly as written (a registered redirect URI is never normalised).
AuthResponse redirectTo(const QByteArray &location, const QList<SetCookie> &cookies)
{
    AuthResponse response;
    response.status = 302;
    response.headers.append({QByteArrayLiteral("location"), location});
    response.headers.append({QByteArrayLiteral("cache-control"), QByteArrayLiteral("no-store")});
    response.cookies = cookies;
    return response;
}

//! The authorization response: \a pairs on the client's redirect URI, with state and iss (RFC 9207).
AuthResponse toClient(const RequestState &s, const AuthorizationRequest &request, QList<std::pair<QByteArray, QString>> pairs,
                      const QList<SetCookie> &cookies)
{
    if (!request.state.isEmpty())
        pairs.append({QByteArrayLiteral("state"), request.state});
    pairs.append({QByteArrayLiteral("iss"), s.baseUrl});
    QByteArray location = request.redirectUri.toUtf8();
    char separator = location.contains('?') ? '&' : '?';
    for (const auto &[name, value] : pairs) {
        location += separator + name + '=' + encoded(value);
        separator = '&';
    }
    return redirectTo(location, cookies);
}

AuthResponse refuse(const RequestState &s, const AuthorizationRequest &request, const ProtocolError &error,
                    const QList<SetCookie> &cookies)
{
    return toClient(s, request,
                    {{QByteArrayLiteral("error"), errorCodeName(error.code)},
                     {QByteArrayLiteral("error_description"), error.description}},
                    cookies);
}

//! Neither the client nor its redirect URI established: a page, never a redirect.
AuthResponse refusedPage(const RequestState &s, const QString &why)
{
    qCDebug(lcCore) << "authorization request refused:" << why;
    AuthResponse response = PageResponses::error(s, QStringLiteral("InvalidRequest"));
    response.status = 400;
    response.headers.append({QByteArrayLiteral("cache-control"), QByteArrayLiteral("no-store")});
    return response;
}

QFuture<AuthResponse> refusedOnFailure(const State &state, const AuthorizationRequest &request, QFuture<AuthResponse> response)
{
    return recover(response, [state, request](std::exception_ptr error) {
        logFailure(state->config, error);
        try {
            std::rethrow_exception(error);
        } catch (const AuthError &e) {
            if (isUnavailable(e)) {
                return refuse(*state, request,
                              {ErrorCode::TemporarilyUnavailable, QStringLiteral("the store cannot answer now")});
            }
        } catch (...) {
        }
        return refuse(*state, request, {ErrorCode::ServerError, QStringLiteral("the request could not be completed")});
    });
}

//! Whether the client's access policy lets \a found's person in.
bool allowed(const OidcClient &client, const CurrentSession &found)
{
    AccessOptions options;
    options.defaultPolicy = client.access;
    const AccessSubject subject{found.userId(), found.email(), found.groups()};
    return decideAccess(options, AccessRequest(), subject).outcome == AccessDecision::Outcome::Allowed;
}

QFuture<AuthResponse> issueCode(const State &state, const AuthorizationRequest &request, const CurrentSession &found)
{
    const RequestState &s = *state;
    const NewCode code = newAuthorizationCode();
    OidcAuthorizationCode record;
    record.codeHash = code.hash;
    record.clientId = request.client->clientId;
    record.redirectUri = request.redirectUri;
    record.codeChallenge = request.codeChallenge;
    record.nonce = request.nonce;
    record.scope = request.scopes.join(u' ');
    record.userId = found.userId();
    record.authTime = found.signInTime();
    record.amr = SignInRecord::toAmr(found.signInSteps());
    QJsonObject person = personOf(found);
    // Kept with the person's claims, so a refresh grant's ID tokens name the same session.
    if (const QString sid = sessionIdOf(s, found); !sid.isEmpty())
        person.insert(QStringLiteral("sid"), sid);
    record.claims = QString::fromUtf8(QJsonDocument(person).toJson(QJsonDocument::Compact));
    record.storedUser = found.user().has_value();
    record.expiresAt = QDateTime::currentDateTimeUtc().addSecs(codeLifetimeSeconds);
    const QList<SetCookie> cookies = found.cookies();
    return s.stores().oidcCodes->addOidcCode(record).then(
        QtFuture::Launch::Sync, [state, request, code = code.code, cookies, userId = record.userId, scope = record.scope]() {
            Audit::record(*state, QStringLiteral("oidcAuthorize"), userId, QString(),
                          {{QStringLiteral("clientId"), request.client->clientId}, {QStringLiteral("scope"), scope}});
            return toClient(*state, request, {{QByteArrayLiteral("code"), code}}, cookies);
        });
}

} // namespace Gatehouse::OidcEndpoints
