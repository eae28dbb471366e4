#include "actions/actions.h"

#include "request/pageresponses.h"

namespace Gatehouse::Actions {

AuthResponse errorPage(const RequestState &state)
{
    const QString error = state.query.queryItemValue(QStringLiteral("error"), QUrl::FullyDecoded);
    if (!state.config.pages.error.isEmpty()) {
        QUrlQuery query;
        if (!error.isEmpty())
            query.addQueryItem(QStringLiteral("error"), QString::fromLatin1(QUrl::toPercentEncoding(error)));
        return PageResponses::toCustomPage(state, RequestState::Page::Error, query);
    }
    return PageResponses::error(state, error);
}

} // namespace Gatehouse::Actions
