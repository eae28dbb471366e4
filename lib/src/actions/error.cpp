#include "actions/actions.h"

#include "actions/pageview.h"

#include <QUrlQuery>

namespace Gatehouse::Actions {

namespace {
//! A redirect to a configured replacement page, carrying \a query.
AuthResponse toCustomPage(const RequestState &state, const QString &page, const QUrlQuery &query)
{
    QString url = state.pageUrl(page);
    const QString encoded = query.toString(QUrl::FullyEncoded);
    if (!encoded.isEmpty())
        url += (url.contains(QLatin1Char('?')) ? QLatin1Char('&') : QLatin1Char('?')) + encoded;
    return state.withCookies(state.redirect(url));
}
} // namespace

AuthResponse errorPage(const RequestState &state)
{
    const QString error = state.query.queryItemValue(QStringLiteral("error"), QUrl::FullyDecoded);
    if (!state.config.pages.error.isEmpty()) {
        QUrlQuery query;
        if (!error.isEmpty())
            query.addQueryItem(QStringLiteral("error"), QString::fromLatin1(QUrl::toPercentEncoding(error)));
        return toCustomPage(state, QStringLiteral("error"), query);
    }
    return PageView::error(state, error);
}

AuthResponse verifyRequest(const RequestState &state)
{
    if (!state.config.pages.verifyRequest.isEmpty())
        return toCustomPage(state, QStringLiteral("verify-request"), state.query);
    return PageView::verifyRequest(state);
}


} // namespace Gatehouse::Actions
