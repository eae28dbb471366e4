#include <gatehouse/nativesignin.h>

#include "nativesignin/flowsecrets.h"
#include "nativesignin/loopbacklistener.h"
#include "nativesignin/providercalls.h"

#include "core/futures.h"
#include "crypto/compare.h"

#include <QPointer>
#include <QPromise>
#include <QTimer>
#include <QUrlQuery>

#include <algorithm>

namespace Gatehouse {

using namespace NativeSignInDetail;
using Reason = NativeSignInError::Reason;
using Tokens = NativeSignInTokens;
using Metadata = std::shared_ptr<const OAuth::ServerMetadata>;

NativeSignInError::NativeSignInError(Reason reason, QString message, QString error, QString errorDescription)
    : AuthError(QStringLiteral("NativeSignInError"), std::move(message))
    , m_reason(reason)
    , m_error(std::move(error))
    , m_errorDescription(std::move(errorDescription))
{
}

namespace {

//! What the browser is told when the sign-in failed (the app has the details).
const QString kFailedPage = QStringLiteral("The sign-in did not succeed. Return to the app to try again.");

//! \a error as a NativeSignInError (what the library throws elsewhere is an invalid response).
NativeSignInError typed(std::exception_ptr error)
{
    try {
        std::rethrow_exception(error);
    } catch (const NativeSignInError &e) {
        return e;
    } catch (const std::exception &e) {
        return NativeSignInError(Reason::InvalidResponse, QString::fromUtf8(e.what()));
    } catch (...) {
        return NativeSignInError(Reason::InvalidResponse, QStringLiteral("unknown error"));
    }
}

//! \a future with every failure a NativeSignInError; finishes in the thread that finishes \a future.
QFuture<Tokens> typedFuture(QFuture<Tokens> future)
{
    return future.then(QtFuture::Launch::Sync, [](QFuture<Tokens> done) {
        try {
            return done.result();
        } catch (...) {
            throw typed(std::current_exception());
        }
    });
}

//! The one value of \a name in \a query; an error when it comes more than once (RFC 6749 §3.1).
QString single(const Form &query, QLatin1String name)
{
    QString value;
    int count = 0;
    for (const auto &[key, item] : query) {
        if (key == name) {
            value = item;
            ++count;
        }
    }
    if (count > 1)
        throw NativeSignInError(Reason::InvalidResponse, QStringLiteral("the redirect carries %1 more than once").arg(name));
    return value;
}

} // namespace

//! One signIn(): its secrets, its listener and its promise, settled once.
struct SignInFlow
{
    QPromise<Tokens> promise;
    FlowSecrets secrets;
    QPointer<LoopbackListener> listener;
    QUrl redirectUri;                    //!< the listener's, which the code is bound to
    Metadata metadata;
    bool settled = false;
};

class NativeSignInPrivate : public std::enable_shared_from_this<NativeSignInPrivate>
{
public:
    NativeSignIn *q = nullptr;
    // Declared first, destroyed last: its pending requests settle (unanswered) while the rest
    // is gone, and every continuation holds this object weakly.
    OAuth::HttpClient http;
    QUrl issuer;
    QString clientId;
    QStringList scopes;
    std::chrono::milliseconds timeout = std::chrono::minutes(5);
    QString redirectPath = QStringLiteral("/callback");
    Form extraParameters;
    Metadata metadata;                               //!< the discovery document, once fetched
    std::shared_ptr<const OAuth::JwkSet> keys;       //!< the JWK Set, fetched once per key rotation
    std::shared_ptr<SignInFlow> flow;                //!< the sign-in under way

    ~NativeSignInPrivate() { end(flow, NativeSignInError(Reason::Cancelled, QStringLiteral("the sign-in helper was destroyed"))); }

    //! Settles \a f with \a error (browser told, listener closed) unless it was settled.
    //! (By value: \a f may be \c flow, which is reset here.)
    void end(std::shared_ptr<SignInFlow> f, const NativeSignInError &error) { finish(std::move(f), &error, {}); }
    void finish(std::shared_ptr<SignInFlow> f, const NativeSignInError *error, const Tokens &tokens);

    QString argumentProblem() const;
    QFuture<Metadata> discover();
    void listen(const std::shared_ptr<SignInFlow> &f);
    void received(const std::shared_ptr<SignInFlow> &f, const Form &query);
    QFuture<Tokens> redeem(const Form &grant, const std::optional<QString> &nonce, const QString &subject);
    QFuture<QJsonObject> verify(const Tokens &tokens, const std::optional<QString> &nonce, const QString &subject);
};

void NativeSignInPrivate::finish(std::shared_ptr<SignInFlow> f, const NativeSignInError *error, const Tokens &tokens)
{
    if (!f || f->settled)
        return;
    f->settled = true;
    if (flow == f)
        flow.reset();
    if (f->listener) {
        if (error)
            f->listener->answer(400, kFailedPage);
        else
            f->listener->answer(200, QStringLiteral("You are signed in. You may close this tab and return to the app."));
        f->listener->close();
        f->listener->deleteLater();
    }
    if (error)
        f->promise.setException(*error);
    else
        f->promise.addResult(tokens);
    f->promise.finish();
}

QString NativeSignInPrivate::argumentProblem() const
{
    if (clientId.isEmpty())
        return QStringLiteral("no client id");
    // Compared byte for byte with the request line: unreserved characters and "/" only.
    const bool plainPath = std::all_of(redirectPath.cbegin(), redirectPath.cend(), [](QChar c) {
        return (c.isLetterOrNumber() && c.unicode() < 128) || QStringView(u"/-._~").contains(c);
    });
    if (!redirectPath.startsWith(QLatin1Char('/')) || !plainPath)
        return QStringLiteral("the redirect path must be a path such as /callback");
    if (!issuer.query().isEmpty() || !issuer.fragment().isEmpty())
        return QStringLiteral("the issuer has a query or a fragment");
    return urlProblem(issuer, QStringLiteral("the issuer"), true);
}

QFuture<Metadata> NativeSignInPrivate::discover()
{
    if (metadata)
        return QtFuture::makeReadyFuture(metadata);
    const QUrl at = issuer;
    return http.send(discoveryRequest(at)).then(QtFuture::Launch::Sync, [at](const OAuth::HttpResponse &r) {
        return metadataOf(r, at);
    });
}

void NativeSignInPrivate::listen(const std::shared_ptr<SignInFlow> &f)
{
    auto *listener = new LoopbackListener(redirectPath, q);
    f->listener = listener;
    QString problem;
    if (!listener->listen(&problem))
        return end(f, NativeSignInError(Reason::Network, problem));
    f->redirectUri = listener->redirectUri();
    const QUrl redirectUri = f->redirectUri;
    QObject::connect(listener, &LoopbackListener::received, q, [this, f](const Form &query) { received(f, query); });
    QTimer::singleShot(timeout, listener, [this, f, ms = timeout.count()] {
        end(f, NativeSignInError(Reason::TimedOut, QStringLiteral("the browser did not come back within %1 ms").arg(ms)));
    });

    QUrl url = f->metadata->authorizationEndpoint;
    QByteArray query = url.query(QUrl::FullyEncoded).toLatin1();
    const Form own{{QStringLiteral("response_type"), QStringLiteral("code")},
                   {QStringLiteral("client_id"), clientId},
                   {QStringLiteral("redirect_uri"), redirectUri.toString()},
                   {QStringLiteral("scope"), scopes.join(u' ')},
                   {QStringLiteral("state"), f->secrets.state},
                   {QStringLiteral("nonce"), f->secrets.nonce},
                   {QStringLiteral("code_challenge"), f->secrets.challenge},
                   {QStringLiteral("code_challenge_method"), QStringLiteral("S256")}};
    Form items = own;
    for (const auto &extra : std::as_const(extraParameters)) {
        const bool set = std::any_of(own.cbegin(), own.cend(), [&extra](const auto &o) { return o.first == extra.first; });
        if (!set)
            items.append(extra);
    }
    for (const auto &[name, value] : items)
        query += (query.isEmpty() ? "" : "&") + QUrl::toPercentEncoding(name) + '=' + QUrl::toPercentEncoding(value);
    url.setQuery(QString::fromLatin1(query), QUrl::StrictMode);
    Q_EMIT q->authorizationUrlReady(url);
}

void NativeSignInPrivate::received(const std::shared_ptr<SignInFlow> &f, const Form &query)
{
    QString code;
    try {
        // The state first: a request without this sign-in's state says nothing trustworthy.
        const QString state = single(query, QLatin1String("state"));
        if (!Crypto::constantTimeEquals(state.toUtf8(), f->secrets.state.toUtf8()))
            throw NativeSignInError(Reason::StateMismatch, QStringLiteral("the redirect does not carry this sign-in's state"));
        const QString iss = single(query, QLatin1String("iss"));
        const bool hasIss = std::any_of(query.cbegin(), query.cend(), [](const auto &p) { return p.first == QLatin1String("iss"); });
        if (hasIss ? iss != f->metadata->issuer : f->metadata->issParameterSupported)
            throw NativeSignInError(Reason::IssuerMismatch, hasIss ? QStringLiteral("the redirect comes from issuer \"%1\"").arg(iss)
                                                                   : QStringLiteral("the redirect names no issuer (RFC 9207)"));
        const QString error = single(query, QLatin1String("error"));
        if (!error.isEmpty())
            throw providerRefusal(QStringLiteral("the provider"), error, single(query, QLatin1String("error_description")));
        code = single(query, QLatin1String("code"));
        if (code.isEmpty())
            throw NativeSignInError(Reason::InvalidResponse, QStringLiteral("the redirect carries neither a code nor an error"));
    } catch (const NativeSignInError &e) {
        return end(f, e);
    }
    const Form grant{{QStringLiteral("grant_type"), QStringLiteral("authorization_code")},
                     {QStringLiteral("code"), code},
                     {QStringLiteral("redirect_uri"), f->redirectUri.toString()},
                     {QStringLiteral("code_verifier"), f->secrets.verifier}};
    redeem(grant, f->secrets.nonce, {}).then(QtFuture::Launch::Sync, [weak = weak_from_this(), f](QFuture<Tokens> done) {
        const std::shared_ptr<NativeSignInPrivate> self = weak.lock();
        if (!self)
            return;
        try {
            self->finish(f, nullptr, done.result());
        } catch (...) {
            self->end(f, typed(std::current_exception()));
        }
    });
}

QFuture<Tokens> NativeSignInPrivate::redeem(const Form &grant, const std::optional<QString> &nonce, const QString &subject)
{
    std::weak_ptr<NativeSignInPrivate> weak = weak_from_this();
    return continueWith(discover(), [weak, grant, nonce, subject](const Metadata &m) {
        const std::shared_ptr<NativeSignInPrivate> self = weak.lock();
        if (!self)
            throw NativeSignInError(Reason::Cancelled, QStringLiteral("the sign-in helper was destroyed"));
        self->metadata = m;
        Form form = grant;
        form.append({QStringLiteral("client_id"), self->clientId});
        const QStringList asked = self->scopes;
        return continueWith(self->http.send(tokenRequest(*m, form)), [weak, asked, nonce, subject](const OAuth::HttpResponse &r) {
            const Tokens tokens = tokensOf(r, asked);
            const std::shared_ptr<NativeSignInPrivate> self = weak.lock();
            if (!self)
                throw NativeSignInError(Reason::Cancelled, QStringLiteral("the sign-in helper was destroyed"));
            return continueWith(self->verify(tokens, nonce, subject), [tokens](const QJsonObject &claims) {
                Tokens verified = tokens;
                verified.idTokenClaims = claims;
                return verified;
            });
        });
    });
}

QFuture<QJsonObject> NativeSignInPrivate::verify(const Tokens &tokens, const std::optional<QString> &nonce, const QString &subject)
{
    // A refresh may answer without an ID token; a sign-in (a nonce was sent) must have one.
    if (!nonce && tokens.idToken.isEmpty())
        return QtFuture::makeReadyFuture(QJsonObject());
    const OAuth::CompactJws jws = parseIdToken(tokens.idToken, *metadata);
    const QString issuerId = metadata->issuer;
    const QString client = clientId;
    const auto check = [jws, issuerId, client, nonce, subject](KeyOutcome outcome) {
        return verifiedClaims(jws, outcome, issuerId, client, nonce, subject);
    };
    if (keys) {
        const KeyOutcome outcome = tryKeys(jws, *keys);
        if (outcome != KeyOutcome::NoMatchingKey)
            return QtFuture::makeReadyFuture(check(outcome));
    }
    // Not fetched yet, or the provider has rotated its keys since: fetch them.
    std::weak_ptr<NativeSignInPrivate> weak = weak_from_this();
    return continueWith(http.send(jwksRequest(metadata->jwksUri)), [weak, jws, check](const OAuth::HttpResponse &r) {
        const std::shared_ptr<const OAuth::JwkSet> set = keysOf(r);
        if (const std::shared_ptr<NativeSignInPrivate> self = weak.lock())
            self->keys = set;
        return check(tryKeys(jws, *set));
    });
}

NativeSignIn::NativeSignIn(const QUrl &issuer, const QString &clientId, const QStringList &scopes, QObject *parent)
    : QObject(parent)
    , d(std::make_shared<NativeSignInPrivate>())
{
    d->q = this;
    d->issuer = issuer;
    d->clientId = clientId;
    d->scopes = scopes;
    if (!d->scopes.contains(QStringLiteral("openid")))
        d->scopes.prepend(QStringLiteral("openid"));
}

NativeSignIn::~NativeSignIn() = default;

QUrl NativeSignIn::issuer() const { return d->issuer; }
QString NativeSignIn::clientId() const { return d->clientId; }
QStringList NativeSignIn::scopes() const { return d->scopes; }
std::chrono::milliseconds NativeSignIn::timeout() const { return d->timeout; }
void NativeSignIn::setTimeout(std::chrono::milliseconds timeout) { d->timeout = timeout; }
QString NativeSignIn::redirectPath() const { return d->redirectPath; }
void NativeSignIn::setRedirectPath(const QString &path) { d->redirectPath = path; }
void NativeSignIn::setExtraParameters(const QList<QPair<QString, QString>> &parameters) { d->extraParameters = parameters; }

QFuture<NativeSignInTokens> NativeSignIn::signIn()
{
    cancel();
    auto f = std::make_shared<SignInFlow>();
    f->promise.start();
    QFuture<Tokens> future = f->promise.future();
    d->flow = f;
    const QString problem = d->argumentProblem();
    if (!problem.isEmpty()) {
        d->end(f, NativeSignInError(Reason::InvalidArgument, problem));
        return future;
    }
    f->secrets = FlowSecrets::generate();
    d->discover().then(QtFuture::Launch::Sync, [weak = std::weak_ptr<NativeSignInPrivate>(d), f](QFuture<Metadata> done) {
        const std::shared_ptr<NativeSignInPrivate> self = weak.lock();
        if (!self || f->settled)
            return;
        try {
            f->metadata = self->metadata = done.result();
        } catch (...) {
            return self->end(f, typed(std::current_exception()));
        }
        self->listen(f);
    });
    return future;
}

QFuture<NativeSignInTokens> NativeSignIn::refresh(const QString &refreshToken, const QString &subject)
{
    const QString problem = refreshToken.isEmpty() ? QStringLiteral("no refresh token") : d->argumentProblem();
    if (!problem.isEmpty())
        return failedFuture<Tokens>(NativeSignInError(Reason::InvalidArgument, problem));
    const Form grant{{QStringLiteral("grant_type"), QStringLiteral("refresh_token")},
                     {QStringLiteral("refresh_token"), refreshToken}};
    return typedFuture(d->redeem(grant, std::nullopt, subject).then(QtFuture::Launch::Sync, [refreshToken](Tokens tokens) {
        // A provider that does not rotate answers no new refresh token: the old one stays good.
        if (tokens.refreshToken.isEmpty())
            tokens.refreshToken = refreshToken;
        return tokens;
    }));
}

void NativeSignIn::cancel()
{
    d->end(d->flow, NativeSignInError(Reason::Cancelled, QStringLiteral("the sign-in was cancelled")));
}

} // namespace Gatehouse
