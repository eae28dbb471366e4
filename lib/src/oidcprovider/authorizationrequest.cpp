#include "oidcprovider/authorizationrequest.h"

#include "oidcprovider/clientauthentication.h"
#include "oidcprovider/discovery.h"
#include "oidcprovider/pkce.h"
#include "oidcprovider/redirecturi.h"

#include <QByteArrayList>

namespace Gatehouse::OidcProvider {

namespace {

ProtocolError invalid(const QString &description)
{
    return {ErrorCode::InvalidRequest, description};
}

//! A non-negative decimal integer of at most 10 digits.
std::optional<qint64> seconds(const QString &text)
{
    if (text.isEmpty() || text.size() > 10)
        return std::nullopt;
    for (const QChar c : text) {
        if (c < u'0' || c > u'9')
            return std::nullopt;
    }
    return text.toLongLong();
}

//! Everything after the client and its redirect URI; nullopt when the request passes.
std::optional<ProtocolError> checkRest(const Parameters &p, AuthorizationRequest &r)
{
    if (!p.repeated.isEmpty())
        return invalid(QStringLiteral("the parameter %1 was sent more than once").arg(p.repeated));
    if (p.has(QStringLiteral("request")))
        return ProtocolError{ErrorCode::RequestNotSupported, QStringLiteral("request objects are not supported")};
    if (p.has(QStringLiteral("request_uri")))
        return ProtocolError{ErrorCode::RequestUriNotSupported, QStringLiteral("request_uri is not supported")};

    const QString responseType = p.value(QStringLiteral("response_type"));
    if (responseType.isEmpty())
        return invalid(QStringLiteral("response_type is missing"));
    if (responseType != u"code")
        return ProtocolError{ErrorCode::UnsupportedResponseType, QStringLiteral("only response_type=code is supported")};
    const QString responseMode = p.value(QStringLiteral("response_mode"));
    if (!responseMode.isEmpty() && responseMode != u"query")
        return invalid(QStringLiteral("only response_mode=query is supported"));
    // A machine client (client_credentials only) signs no person in.
    if (!r.client->grantTypes.contains(QStringLiteral("authorization_code")))
        return ProtocolError{ErrorCode::UnauthorizedClient, QStringLiteral("the client may not use authorization_code")};

    const QStringList asked = p.value(QStringLiteral("scope")).split(u' ', Qt::SkipEmptyParts);
    if (!asked.contains(QStringLiteral("openid")))
        return ProtocolError{ErrorCode::InvalidScope, QStringLiteral("scope must include openid")};
    const QStringList supported = supportedScopes();
    QStringList scopes{QStringLiteral("openid")};
    for (const QString &scope : asked) {
        if (!r.client->scopes.contains(scope))
            return ProtocolError{ErrorCode::InvalidScope, QStringLiteral("the client may not ask for scope %1").arg(scope)};
        // offline_access without the refresh_token grant type: dropped (OpenID Connect Core §11).
        const bool served = supported.contains(scope)
            && (scope != u"offline_access" || r.client->grantTypes.contains(QStringLiteral("refresh_token")));
        if (served && !scopes.contains(scope))
            scopes.append(scope);
    }
    r.scopes = scopes;

    const QString challenge = p.value(QStringLiteral("code_challenge"));
    const QString method = p.value(QStringLiteral("code_challenge_method"));
    if (challenge.isEmpty()) {
        if (r.client->isPublic)
            return invalid(QStringLiteral("a public client must send a PKCE code_challenge (S256)"));
        if (!method.isEmpty())
            return invalid(QStringLiteral("code_challenge_method without code_challenge"));
    } else {
        switch (Pkce::checkChallenge(challenge, method)) {
        case Pkce::Result::Valid:
            break;
        case Pkce::Result::MethodNotSupported:
            return invalid(QStringLiteral("code_challenge_method must be S256"));
        default:
            return invalid(QStringLiteral("code_challenge is not a base64url SHA-256 digest"));
        }
        r.codeChallenge = challenge;
    }

    for (const QString &prompt : p.value(QStringLiteral("prompt")).split(u' ', Qt::SkipEmptyParts)) {
        if (prompt == u"none")
            r.promptNone = true;
        else if (prompt == u"login")
            r.promptLogin = true;
        else if (prompt == u"consent")
            r.promptConsent = true;
        else if (prompt != u"select_account")
            return invalid(QStringLiteral("unknown prompt value %1").arg(prompt));
    }
    if (r.promptNone && p.value(QStringLiteral("prompt")).contains(u' '))
        return invalid(QStringLiteral("prompt=none cannot be combined with other values"));
    if (p.has(QStringLiteral("max_age"))) {
        r.maxAge = seconds(p.value(QStringLiteral("max_age")));
        if (!r.maxAge)
            return invalid(QStringLiteral("max_age must be a non-negative number of seconds"));
    }
    if (p.has(kLoginAfter)) {
        r.loginAfter = seconds(p.value(kLoginAfter));
        if (!r.loginAfter)
            return invalid(QStringLiteral("%1 is malformed").arg(kLoginAfter));
    }
    r.nonce = p.value(QStringLiteral("nonce"));
    return std::nullopt;
}

} // namespace

AuthorizationCheck checkAuthorizationRequest(const Parameters &p, const QList<OidcClient> &clients)
{
    AuthorizationCheck check;
    if (p.tooLarge) {
        check.pageError = QStringLiteral("The request is too large.");
        return check;
    }
    // A repeated client_id or redirect_uri leaves both in doubt: no redirect to either.
    if (p.repeated == u"client_id" || p.repeated == u"redirect_uri") {
        check.pageError = QStringLiteral("The request names its %1 more than once.").arg(p.repeated);
        return check;
    }
    const QString clientId = p.value(QStringLiteral("client_id"));
    const OidcClient *client = clientId.isEmpty() ? nullptr : findClient(clients, clientId);
    if (!client) {
        check.pageError = clientId.isEmpty() ? QStringLiteral("The request names no client.")
                                             : QStringLiteral("The request names an unknown client.");
        return check;
    }
    const QString redirectUri = p.value(QStringLiteral("redirect_uri"));
    if (redirectUri.isEmpty() || !isRegisteredRedirectUri(client->redirectUris, redirectUri)) {
        check.pageError = redirectUri.isEmpty() ? QStringLiteral("The request names no redirect URI.")
                                                : QStringLiteral("The redirect URI is not registered for this client.");
        return check;
    }
    check.request.client = client;
    check.request.redirectUri = redirectUri;
    check.request.state = p.value(QStringLiteral("state"));
    check.error = checkRest(p, check.request);
    return check;
}

bool signInRecentEnough(const AuthorizationRequest &request, const QDateTime &authTime, const QDateTime &now)
{
    if (!request.maxAge && !request.loginAfter)
        return true;
    if (!authTime.isValid())
        return false;  // unknown: never recent
    const qint64 at = authTime.toSecsSinceEpoch();
    if (request.maxAge && now.toSecsSinceEpoch() - at > *request.maxAge)
        return false;
    return !request.loginAfter || at >= *request.loginAfter;
}

QByteArray returnQuery(const QByteArray &query, const AuthorizationRequest &request, const QDateTime &now)
{
    const bool freshSignIn = request.promptLogin || request.maxAge;
    QByteArrayList kept;
    for (const QByteArray &pair : query.split('&')) {
        if (pair.isEmpty())
            continue;
        const QByteArray name = pair.left(pair.indexOf('='));
        if (freshSignIn && (name == "prompt" || name == "max_age" || name == kLoginAfter.latin1()))
            continue;
        kept.append(pair);
    }
    if (freshSignIn) {
        // prompt's other values (consent, select_account) mean nothing more here than before.
        kept.append(QByteArray(kLoginAfter.latin1()) + '=' + QByteArray::number(now.toSecsSinceEpoch()));
    }
    return kept.join('&');
}

} // namespace Gatehouse::OidcProvider
