#include "siteroutes.h"

namespace Gatehouse {

namespace {

//! "/auth" for "/auth" and "/auth/", "" for "/".
QString prefixOf(const QString &basePath)
{
    QString prefix = basePath;
    while (prefix.endsWith(u'/'))
        prefix.chop(1);
    return prefix;
}

} // namespace

SiteRoutes::SiteRoutes(const LiveEngine &engine, QString home, RequestHandler next)
    : m_engine(engine), m_home(std::move(home)), m_next(std::move(next))
{
}

QString SiteRoutes::homeUrl(const QString &home, const Config &config)
{
    if (!home.isEmpty())
        return home;
    // Paths without an origin: the browser stays on the address it used.
    return config.pageUrl(config.pages.accountPage ? PagesOptions::Page::Account : PagesOptions::Page::SignIn, QString());
}

QFuture<AuthResponse> SiteRoutes::handle(const AuthRequest &request) const
{
    const std::shared_ptr<const Auth> auth = m_engine.current();
    const QString basePath = auth->config().basePath;
    const QString path = request.url.path(QUrl::FullyDecoded);
    const QString prefix = prefixOf(basePath);
    if (prefix.isEmpty() || path == prefix || path.startsWith(prefix + u'/'))
        return m_next(request);
    if (path == QLatin1String("/") && (request.method == "GET" || request.method == "HEAD")) {
        AuthResponse redirect;
        redirect.status = 302;
        redirect.setHeader(QByteArrayLiteral("Location"), homeUrl(m_home, auth->config()).toUtf8());
        redirect.setHeader(QByteArrayLiteral("Cache-Control"), QByteArrayLiteral("no-store"));
        return QtFuture::makeReadyFuture(redirect);
    }
    // A person's browser gets a page; a program (no text/html in Accept) gets the engine's
    // answer, Auth.js's 400, as the Auth.js transcript has it.
    if (!request.header("accept").contains("text/html"))
        return m_next(request);
    return QtFuture::makeReadyFuture(auth->notFound(request));
}

} // namespace Gatehouse
