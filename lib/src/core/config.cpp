#include <gatehouse/config.h>

#include "core/urls.h"

namespace Gatehouse {

SessionOptions::Strategy Config::sessionStrategy() const
{
    if (session.strategy)
        return *session.strategy;
    return adapter ? SessionOptions::Strategy::Database : SessionOptions::Strategy::Jwt;
}

QString Config::pageUrl(PagesOptions::Page page, const QString &origin) const
{
    return Urls::pageUrl(*this, page, origin);
}

} // namespace Gatehouse
