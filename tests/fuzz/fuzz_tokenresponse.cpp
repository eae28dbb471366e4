// libFuzzer target for what a token or userinfo endpoint answers (oauth/oauthclient jsonBody,
// oauth/profile, oauth/httpclient's media type) and the caching headers of discovery and JWKS
// responses (oauth/cachecontrol).
//
// Input: one option byte (status 200 or 400), then parts cut at "\n---\n": response headers
// ("Name: value" lines: Content-Type, Cache-Control, Age, Expires, Date), the body, a profile
// mapping (JSON object, as a provider's profileMapping), a claim path. The body is read as the flow
// reads it, becomes an account (accountFromTokens) and a user (userFromProfile, with the default
// and with the fuzzed mapping). Properties: a cache lifetime stays within [received, received +
// maxSeconds]; an account names its provider; a user has a non-empty string id and a lower-case
// email. Seeds: corpus/tokenresponse (responses and mappings of tests/unit/oauth/tst_profile.cpp,
// tst_fetching.cpp and the providers' catalogue).
#include "fuzzsupport.h"
#include "oauth/cachecontrol.h"
#include "oauth/oauthclient.h"
#include "oauth/profile.h"

#include <gatehouse/autherror.h>

#include <QJsonDocument>

#include <cstddef>
#include <cstdint>

using namespace Gatehouse;
using namespace Gatehouse::OAuth;

namespace {

void checkUser(const QJsonObject &profile, const QJsonObject &mapping)
{
    try {
        const QJsonObject user = userFromProfile(profile, mapping);
        const QJsonValue id = user.value(QLatin1String("id"));
        FUZZ_CHECK(id.isString() && !id.toString().isEmpty(), QString::fromUtf8(QJsonDocument(user).toJson()));
        const QJsonValue email = user.value(QLatin1String("email"));
        FUZZ_CHECK(!email.isString() || email.toString() == email.toString().toLower(), email.toString());
    } catch (const AuthError &) {
    }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Fuzz::silenceLogging();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Fuzz::Bytes input(QByteArrayView(data, qsizetype(size)));
    const quint8 options = input.byte();
    const QList<QByteArray> parts = Fuzz::parts(input.rest(), 4);

    HttpResponse response;
    response.status = options & 1 ? 400 : 200;
    response.received = QDateTime::fromSecsSinceEpoch(1700000000, Qt::UTC);
    for (const QByteArray &line : parts[0].split('\n')) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0)
            response.headers.append({line.left(colon).trimmed(), line.mid(colon + 1).trimmed()});
    }
    response.body = parts[1];
    (void)response.mediaType();

    const CacheLimits limits;
    const QDateTime until = freshUntil(response, limits);
    FUZZ_CHECK(until >= response.received && until <= response.received.addSecs(limits.maxSeconds),
               until.toString(Qt::ISODate));

    QJsonObject tokens;
    try {
        tokens = jsonBody(response, QStringLiteral("token request"));
    } catch (const AuthError &) {
        return 0;
    }
    const QJsonObject account = accountFromTokens(tokens, QStringLiteral("fuzz"), QStringLiteral("oidc"),
                                                  QStringLiteral("account-1"), 1700000000);
    FUZZ_CHECK(account.value(QLatin1String("provider")) == QLatin1String("fuzz")
                   && account.value(QLatin1String("providerAccountId")) == QLatin1String("account-1"),
               QString::fromUtf8(QJsonDocument(account).toJson()));

    checkUser(tokens, QJsonObject());
    const QJsonDocument mapping = QJsonDocument::fromJson(parts[2]);
    if (mapping.isObject())
        checkUser(tokens, mapping.object());
    (void)valueAtPath(tokens, QString::fromUtf8(parts[3]));
    return 0;
}
