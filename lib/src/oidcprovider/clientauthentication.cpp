#include "oidcprovider/clientauthentication.h"

#include "crypto/compare.h"
#include "crypto/hash.h"

namespace Gatehouse::OidcProvider {

namespace {

ProtocolError invalidClient(const QString &description)
{
    return {ErrorCode::InvalidClient, description};
}

//! RFC 6749 §2.3.1: the id and the secret are form-urlencoded before Basic encoding.
QString formDecoded(QByteArray part)
{
    part.replace('+', ' ');
    return QString::fromUtf8(QByteArray::fromPercentEncoding(part));
}

} // namespace

QString claimedClientId(const QByteArray &authorization, const Parameters &p)
{
    if (authorization.isEmpty())
        return p.value(QStringLiteral("client_id"));
    if (!authorization.startsWith("Basic ") || authorization.size() > 4 * maxParameterLength)
        return {};
    const QByteArray decoded = QByteArray::fromBase64(authorization.mid(6).trimmed(), QByteArray::AbortOnBase64DecodingErrors);
    const qsizetype colon = decoded.indexOf(':');
    return colon > 0 ? formDecoded(decoded.first(colon)) : QString();
}

const OidcClient *findClient(const QList<OidcClient> &clients, const QString &clientId)
{
    for (const OidcClient &client : clients) {
        if (client.clientId == clientId)
            return &client;
    }
    return nullptr;
}

bool secretMatches(const QString &configured, const QString &presented)
{
    // Hashing first makes the comparison's length fixed: no length, no prefix leaks.
    return !configured.isEmpty()
        && Crypto::constantTimeEquals(Crypto::sha256(configured.toUtf8()), Crypto::sha256(presented.toUtf8()));
}

ClientAuthentication authenticateClient(const QByteArray &authorization, const Parameters &p,
                                        const QList<OidcClient> &clients)
{
    ClientAuthentication result;
    QString clientId;
    QString secret;
    bool secretSent = false;
    if (!authorization.isEmpty()) {
        result.usedBasic = true;
        if (!authorization.startsWith("Basic ") || authorization.size() > 4 * maxParameterLength) {
            result.error = invalidClient(QStringLiteral("only HTTP Basic client authentication is understood"));
            return result;
        }
        const QByteArray decoded = QByteArray::fromBase64(authorization.mid(6).trimmed(), QByteArray::AbortOnBase64DecodingErrors);
        const qsizetype colon = decoded.indexOf(':');
        if (decoded.isEmpty() || colon <= 0) {
            result.error = invalidClient(QStringLiteral("malformed Basic credentials"));
            return result;
        }
        if (p.has(QStringLiteral("client_secret"))) {
            result.error = {ErrorCode::InvalidRequest, QStringLiteral("more than one client authentication method")};
            return result;
        }
        clientId = formDecoded(decoded.first(colon));
        secret = formDecoded(decoded.sliced(colon + 1));
        secretSent = true;
        if (p.has(QStringLiteral("client_id")) && p.value(QStringLiteral("client_id")) != clientId) {
            result.error = invalidClient(QStringLiteral("client_id differs from the authenticated client"));
            return result;
        }
    } else {
        clientId = p.value(QStringLiteral("client_id"));
        secretSent = p.has(QStringLiteral("client_secret"));
        secret = p.value(QStringLiteral("client_secret"));
        if (clientId.isEmpty()) {
            result.error = invalidClient(QStringLiteral("no client authentication"));
            return result;
        }
    }
    const OidcClient *client = findClient(clients, clientId);
    if (!client) {
        // Hash anyway, so an unknown id takes the time a wrong secret takes.
        secretMatches(QStringLiteral("-"), secret);
        result.error = invalidClient(QStringLiteral("client authentication failed"));
        return result;
    }
    if (client->isPublic) {
        if (secretSent) {
            result.error = invalidClient(QStringLiteral("a public client authenticates with no secret"));
            return result;
        }
    } else if (!secretSent || !secretMatches(client->clientSecret, secret)) {
        result.error = invalidClient(QStringLiteral("client authentication failed"));
        return result;
    }
    result.client = client;
    return result;
}

} // namespace Gatehouse::OidcProvider
