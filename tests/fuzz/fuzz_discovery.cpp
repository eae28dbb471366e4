// libFuzzer target for OpenID Connect discovery documents (oauth/endpoints): the metadata an
// issuer serves at .well-known/openid-configuration, and the endpoints a flow takes from it.
//
// Input: the expected issuer, "\n---\n", the document. Properties: accepted metadata has the
// expected issuer (a trailing "/" aside) and only http(s) endpoint URLs; resolving the endpoints
// either yields every endpoint asked for or throws InvalidEndpoints.
// Seeds: corpus/discovery (documents of tests/unit/oauth/tst_fetching.cpp and of the local
// OpenID provider the end-to-end tests run).
#include "fuzzsupport.h"
#include "oauth/endpoints.h"

#include <gatehouse/autherror.h>

#include <cstddef>
#include <cstdint>

using namespace Gatehouse;
using namespace Gatehouse::OAuth;

namespace {

bool httpOrEmpty(const QUrl &url)
{
    return url.isEmpty() || (url.isValid() && (url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("https")));
}

QString chopSlash(QString s)
{
    if (s.endsWith(QLatin1Char('/')))
        s.chop(1);
    return s;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Fuzz::silenceLogging();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QList<QByteArray> parts = Fuzz::parts(QByteArrayView(data, qsizetype(size)), 2);
    const QString expectedIssuer = QString::fromUtf8(parts[0]);
    QString problem;
    const std::optional<ServerMetadata> metadata = ServerMetadata::fromJson(parts[1], expectedIssuer, &problem);
    if (!metadata) {
        FUZZ_CHECK(!problem.isEmpty(), QString());
        return 0;
    }
    FUZZ_CHECK(!metadata->issuer.isEmpty(), QString());
    FUZZ_CHECK(expectedIssuer.isEmpty() || chopSlash(metadata->issuer) == chopSlash(expectedIssuer), metadata->issuer);
    for (const QUrl *url : {&metadata->authorizationEndpoint, &metadata->tokenEndpoint, &metadata->userinfoEndpoint,
                            &metadata->jwksUri, &metadata->endSessionEndpoint})
        FUZZ_CHECK(httpOrEmpty(*url), url->toString());

    ProviderSettings settings;
    settings.id = QStringLiteral("fuzz");
    settings.type = QStringLiteral("oidc");
    settings.issuer = expectedIssuer;
    settings.wellKnown = QUrl(QStringLiteral("https://idp.example/.well-known/openid-configuration"));
    const Needs all = Need::Authorization | Need::Token | Need::Userinfo | Need::Jwks | Need::EndSession;
    for (const Needs needs : {Needs(Need::Authorization), Needs(Need::Token | Need::Jwks), all}) {
        FUZZ_CHECK(needsDiscovery(settings, needs), QString());
        try {
            const Endpoints e = resolveEndpoints(settings, &*metadata, needs);
            FUZZ_CHECK(!needs.testFlag(Need::Authorization) || e.authorization.isSet(), QString());
            FUZZ_CHECK(!needs.testFlag(Need::Token) || e.token.isSet(), QString());
            FUZZ_CHECK(!needs.testFlag(Need::Jwks) || (!e.jwksUri.isEmpty() && !e.issuer.isEmpty()), QString());
        } catch (const AuthError &error) {
            FUZZ_CHECK(error.type() == QLatin1String("InvalidEndpoints"), error.type());
        }
    }
    return 0;
}
