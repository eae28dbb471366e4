#include "serverlink.h"

#include "apiclient.h"
#include "logging.h"

#include <gatehouse/nativesignin.h>

#include <QCoreApplication>
#include <QDesktopServices>
#include <QFutureWatcher>
#include <QNetworkAccessManager>
#include <QNetworkReply>

#include <qt6keychain/keychain.h>

namespace Gatehouse::Admin {

namespace {

const QString keychainService = QStringLiteral("gatehouse-admin");
const QString clientId = QStringLiteral("gatehouse-admin");
constexpr qint64 refreshMarginSeconds = 60;
constexpr qint64 minimumRefreshSeconds = 5;
constexpr int retryRefreshMs = 30000;

//! Calls \a done with the tokens, or \a failed with the typed error, in \a context's thread.
template<typename Done, typename Failed>
void whenTokens(QFuture<NativeSignInTokens> future, QObject *context, Done done, Failed failed)
{
    auto *watcher = new QFutureWatcher<NativeSignInTokens>(context);
    QObject::connect(watcher, &QFutureWatcherBase::finished, context, [watcher, done, failed] {
        watcher->deleteLater();
        try {
            const NativeSignInTokens tokens = watcher->future().result();
            done(tokens);
        } catch (const NativeSignInError &error) {
            failed(error);
        } catch (...) {
            failed(NativeSignInError(NativeSignInError::Reason::InvalidResponse, ServerLink::tr("unexpected failure")));
        }
    });
    watcher->setFuture(future);
}

//! The person's words for a failed sign-in.
QString signInProblem(const NativeSignInError &error)
{
    using Reason = NativeSignInError::Reason;
    switch (error.reason()) {
    case Reason::ProviderError:
        if (error.error() == QLatin1String("access_denied"))
            return ServerLink::tr("the server refused the sign-in: the account is not in the server's admin groups");
        return ServerLink::tr("the server refused the sign-in: %1")
            .arg(error.errorDescription().isEmpty() ? error.error() : error.errorDescription());
    case Reason::TimedOut:
        return ServerLink::tr("the sign-in in the browser did not finish in time; try again");
    case Reason::Network:
        return ServerLink::tr("could not reach the server: %1").arg(error.message());
    case Reason::Cancelled:
        return ServerLink::tr("the sign-in was cancelled");
    case Reason::InvalidArgument:
    case Reason::InvalidResponse:
    case Reason::StateMismatch:
    case Reason::IssuerMismatch:
    case Reason::InvalidIdToken:
        break;
    }
    return ServerLink::tr("the sign-in failed: %1").arg(error.message());
}

} // namespace

ServerLink::ServerLink(const QUrl &issuer, bool keepSignIn, QObject *parent)
    : QObject(parent)
    , m_issuer(issuer)
    , m_keepSignIn(keepSignIn)
    , m_signIn(new NativeSignIn(issuer, clientId, scopes(), this))
    , m_api(new ApiClient(QUrl(issuer.toString() + QStringLiteral("/admin/api/")), this, this))
{
    m_refreshTimer.setSingleShot(true);
    connect(&m_refreshTimer, &QTimer::timeout, this, [this] { refreshNow(false); });
    connect(m_signIn, &NativeSignIn::authorizationUrlReady, this, [this](const QUrl &url) {
        // The browser the person uses every day: their password manager and passkeys are there.
        if (!QDesktopServices::openUrl(url))
            qCWarning(lcAdmin).noquote() << "could not open a browser; open this address to sign in:" << url.toString();
        Q_EMIT browserOpened(url);
    });
}

ServerLink::~ServerLink()
{
    ++m_generation;
    m_accessToken.fill(u'\0');
    m_refreshToken.fill(u'\0');
}

QStringList ServerLink::scopes()
{
    return {QStringLiteral("openid"), QStringLiteral("email"), QStringLiteral("profile"), QStringLiteral("offline_access")};
}

QString ServerLink::keychainKey() const
{
    return m_issuer.toString();
}

void ServerLink::start()
{
    if (!m_keepSignIn) {
        signInInBrowser();
        return;
    }
    const quint64 generation = ++m_generation;
    auto *job = new QKeychain::ReadPasswordJob(keychainService, this);
    job->setKey(keychainKey());
    job->setInsecureFallback(false);
    connect(job, &QKeychain::Job::finished, this, [this, generation, job] {
        if (generation != m_generation)
            return;
        if (job->error() == QKeychain::NoError && !job->textData().isEmpty()) {
            m_refreshToken = job->textData();
            refreshNow(true);
            return;
        }
        if (job->error() != QKeychain::EntryNotFound && job->error() != QKeychain::NoError)
            qCInfo(lcAdmin).noquote() << "no keychain to read a kept sign-in from:" << job->errorString();
        signInInBrowser();
    });
    job->start();
}

void ServerLink::signInInBrowser()
{
    const quint64 generation = ++m_generation;
    m_refreshTimer.stop();
    whenTokens(
        m_signIn->signIn(), this,
        [this, generation](const NativeSignInTokens &tokens) {
            if (generation != m_generation)
                return;
            useTokens(tokens);
            Q_EMIT signedIn();
        },
        [this, generation](const NativeSignInError &error) {
            if (generation != m_generation)
                return;
            Q_EMIT signInFailed(signInProblem(error));
        });
}

void ServerLink::cancel()
{
    ++m_generation;
    m_signIn->cancel();
}

void ServerLink::useTokens(const NativeSignInTokens &tokens)
{
    m_accessToken = tokens.accessToken;
    if (!tokens.refreshToken.isEmpty() && tokens.refreshToken != m_refreshToken) {
        m_refreshToken = tokens.refreshToken;
        keepRefreshToken(m_refreshToken);
    }
    const QString sub = tokens.idTokenClaims.value(QLatin1String("sub")).toString();
    if (!sub.isEmpty())
        m_subject = sub;
    const QString email = tokens.idTokenClaims.value(QLatin1String("email")).toString();
    if (!email.isEmpty())
        m_email = email;
    else if (m_email.isEmpty())
        m_email = m_subject;
    m_refreshTimer.stop();
    if (tokens.expiresAt.isValid() && !m_refreshToken.isEmpty()) {
        const qint64 in = qMax(minimumRefreshSeconds, QDateTime::currentDateTimeUtc().secsTo(tokens.expiresAt) - refreshMarginSeconds);
        m_refreshTimer.start(std::chrono::seconds(in));
    }
}

void ServerLink::refreshNow(bool fromKeychain)
{
    if (m_refreshToken.isEmpty()) {
        finishRenewals(false);
        requireSignIn(tr("your sign-in has ended; sign in again"));
        return;
    }
    if (m_refreshing)
        return;
    m_refreshing = true;
    const quint64 generation = m_generation;
    whenTokens(
        m_signIn->refresh(m_refreshToken, m_subject), this,
        [this, generation, fromKeychain](const NativeSignInTokens &tokens) {
            m_refreshing = false;
            if (generation != m_generation)
                return;
            useTokens(tokens);
            finishRenewals(true);
            if (fromKeychain)
                Q_EMIT signedIn();
        },
        [this, generation, fromKeychain](const NativeSignInError &error) {
            m_refreshing = false;
            if (generation != m_generation)
                return;
            if (fromKeychain) {
                // A kept sign-in that ended (revoked, expired): sign in in the browser instead.
                qCInfo(lcAdmin).noquote() << "the kept sign-in was refused:" << error.message();
                forgetKeptRefreshToken();
                m_refreshToken.clear();
                signInInBrowser();
                return;
            }
            if (error.reason() == NativeSignInError::Reason::Network && m_waiting.isEmpty()) {
                // Unreachable for now: the access token may still be good; try again soon.
                m_refreshTimer.start(retryRefreshMs);
                return;
            }
            finishRenewals(false);
            requireSignIn(signInProblem(error));
        });
}

void ServerLink::renew(QObject *context, std::function<void(bool)> done)
{
    m_waiting.append({QPointer<QObject>(context), std::move(done)});
    refreshNow(false);
}

void ServerLink::finishRenewals(bool ok)
{
    const auto waiting = std::exchange(m_waiting, {});
    for (const auto &[context, done] : waiting) {
        if (context)
            done(ok);
    }
}

void ServerLink::requireSignIn(const QString &message)
{
    m_refreshTimer.stop();
    m_accessToken.clear();
    if (!m_refreshToken.isEmpty())
        forgetKeptRefreshToken();
    m_refreshToken.clear();
    Q_EMIT signInRequired(message);
}

void ServerLink::signOut()
{
    ++m_generation;
    m_signIn->cancel();
    m_refreshTimer.stop();
    const QString token = !m_refreshToken.isEmpty() ? m_refreshToken : m_accessToken;
    if (!token.isEmpty()) {
        // RFC 7009 at the provider: the grant ends, on every server. Best effort: a server that
        // cannot be reached lets the tokens expire.
        // Not a child of this link, which goes right after: the request must outlive it.
        auto *nam = new QNetworkAccessManager(QCoreApplication::instance());
        QNetworkRequest request(QUrl(m_issuer.toString() + QStringLiteral("/oidc/revoke")));
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/x-www-form-urlencoded"));
        request.setTransferTimeout(5000);
        const QByteArray form = "token=" + QUrl::toPercentEncoding(token) + "&client_id=" + QUrl::toPercentEncoding(clientId);
        QNetworkReply *reply = nam->post(request, form);
        connect(reply, &QNetworkReply::finished, nam, [nam, reply] {
            reply->deleteLater();
            nam->deleteLater();
        });
    }
    if (!m_refreshToken.isEmpty())
        forgetKeptRefreshToken();
    m_accessToken.clear();
    m_refreshToken.clear();
}

void ServerLink::keepRefreshToken(const QString &token)
{
    if (!m_keepSignIn)
        return;
    auto *job = new QKeychain::WritePasswordJob(keychainService, this);
    job->setKey(keychainKey());
    job->setInsecureFallback(false); // no keychain: kept nowhere, never in a plain file
    job->setTextData(token);
    connect(job, &QKeychain::Job::finished, this, [job] {
        if (job->error() != QKeychain::NoError)
            qCInfo(lcAdmin).noquote() << "the sign-in is not kept (no keychain):" << job->errorString();
    });
    job->start();
}

void ServerLink::forgetKeptRefreshToken()
{
    if (!m_keepSignIn)
        return;
    auto *job = new QKeychain::DeletePasswordJob(keychainService, this);
    job->setKey(keychainKey());
    job->setInsecureFallback(false);
    job->start();
}

} // namespace Gatehouse::Admin
