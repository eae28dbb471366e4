#include <gatehouse/jwt.h>

#include "jose/jwe.h"

namespace Gatehouse::Jwt {

static_assert(DefaultMaxAge == Jose::JweCodec::DefaultMaxAge);

QString encode(const EncodeParams &params)
{
    return Jose::JweCodec(params.secret).encrypt(params.token, params.salt, params.maxAge);
}

std::optional<QJsonObject> decode(const DecodeParams &params)
{
    const Jose::JweCodec codec(params.secret);
    if (params.token.isEmpty())
        return std::nullopt;
    return codec.decrypt(params.token, params.salt);
}

} // namespace Gatehouse::Jwt
