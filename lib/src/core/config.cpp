#include <gatehouse/config.h>

namespace Gatehouse {

SessionOptions::Strategy Config::sessionStrategy() const
{
    if (session.strategy)
        return *session.strategy;
    return adapter ? SessionOptions::Strategy::Database : SessionOptions::Strategy::Jwt;
}

} // namespace Gatehouse
