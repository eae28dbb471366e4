#include "oidcprovider/consent.h"

#include "crypto/base64url.h"
#include "crypto/compare.h"
#include "crypto/hash.h"

namespace Gatehouse::OidcProvider {

namespace {

//! One field of the MAC's input, length-prefixed, so that no two bindings read alike.
void appendField(QByteArray &out, QByteArrayView field)
{
    out += QByteArray::number(field.size());
    out += ':';
    out += field;
}

QByteArray consentMac(const QString &secret, const ConsentBinding &b, qint64 expires)
{
    // A key of its own: the secret's other uses (JWE, CSRF, sid) never see these inputs.
    const QByteArray key = Crypto::hkdfSha256(secret.toUtf8(), QByteArrayLiteral("gatehouse.oidc-consent"),
                                              QByteArrayLiteral("OpenID Provider consent form"), 32);
    QByteArray input;
    appendField(input, b.userId.toUtf8());
    appendField(input, b.sessionId.toUtf8());
    appendField(input, b.csrfToken.toUtf8());
    appendField(input, b.clientId.toUtf8());
    appendField(input, Crypto::sha256(b.query));
    appendField(input, b.consentUpdatedAt.isValid() ? QByteArray::number(b.consentUpdatedAt.toMSecsSinceEpoch()) : QByteArray("none"));
    appendField(input, QByteArray::number(expires));
    return Crypto::hmacSha256(key, input);
}

} // namespace

QStringList ungrantedScopes(const QStringList &requested, const QStringList &granted)
{
    QStringList missing;
    for (const QString &scope : requested) {
        if (!granted.contains(scope) && !missing.contains(scope))
            missing.append(scope);
    }
    return missing;
}

ConsentStep consentStep(const AuthorizationRequest &request, const std::optional<QStringList> &granted)
{
    if (!request.client || !request.client->consent)
        return ConsentStep::NotNeeded;
    const bool ask = request.promptConsent || !granted || !ungrantedScopes(request.scopes, *granted).isEmpty();
    if (!ask)
        return ConsentStep::NotNeeded;
    return request.promptNone ? ConsentStep::Required : ConsentStep::Ask;
}

QString consentTicket(const QStringList &secrets, const ConsentBinding &binding, const QDateTime &expiresAt)
{
    if (secrets.isEmpty() || secrets.constFirst().isEmpty())
        return {};
    const qint64 expires = expiresAt.toSecsSinceEpoch();
    return QString::number(expires) + u'.'
        + QString::fromLatin1(Crypto::base64UrlEncode(consentMac(secrets.constFirst(), binding, expires)));
}

bool verifyConsentTicket(const QStringList &secrets, const ConsentBinding &binding, const QString &ticket,
                         const QDateTime &now)
{
    if (ticket.size() > 128)
        return false;
    const qsizetype dot = ticket.indexOf(u'.');
    if (dot <= 0)
        return false;
    bool ok = false;
    const qint64 expires = QStringView(ticket).first(dot).toLongLong(&ok);
    if (!ok || expires < now.toSecsSinceEpoch() || expires > now.toSecsSinceEpoch() + consentTicketLifetimeSeconds)
        return false;
    const std::optional<QByteArray> presented = Crypto::base64UrlDecode(QStringView(ticket).sliced(dot + 1));
    if (!presented)
        return false;
    bool matched = false;
    for (const QString &secret : secrets) {  // every configured secret: rotation keeps forms working
        if (!secret.isEmpty() && Crypto::constantTimeEquals(consentMac(secret, binding, expires), *presented))
            matched = true;
    }
    return matched;
}

} // namespace Gatehouse::OidcProvider
