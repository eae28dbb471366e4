#include "signin/emailflow.h"

#include "request/hooks.h"
#include "signin/completesignin.h"
#include "signin/emailsettings.h"
#include "signin/emailuser.h"
#include "request/errorresponse.h"
#include "core/futures.h"
#include "core/logging.h"
#include "crypto/hash.h"
#include "crypto/random.h"
#include "mail/address.h"
#include "mail/mailer.h"
#include "metrics/catalogue.h"

#include <gatehouse/adapter.h>
#include <gatehouse/errors.h>

#include <atomic>
#include <memory>

namespace Gatehouse::EmailFlow {

namespace {

QString encoded(const QString &value)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(value));
}

MissingAdapter missingAdapter(const RequestState &s)
{
    return MissingAdapter(QStringLiteral("email provider '%1' needs an adapter to store verification tokens").arg(s.provider->id));
}

Verification verificationFailed(const QString &why)
{
    return Verification(QStringLiteral("sign-in link refused: %1").arg(why));
}

//! What one sign-in request is about, once its address is known to be acceptable.
struct LinkRequest
{
    EmailSettings settings;
    QString email;
    QString addressKey;  //!< rate-limit key of the address
    QString clientKey;   //!< rate-limit key of the client's IP address
};

/*!
 * Counts the mail against the client's and the address's limits before anything else is done,
 * so that concurrent requests cannot pass the limit while earlier ones are still on their way;
 * fails with EmailSignin when either has had its sign-in mails (the same answer whether or not
 * the address has a user). A refused request is counted against neither.
 */
QFuture<void> takeSend(const State &state, const LinkRequest &r)
{
    const EmailSettings::RateLimit &limit = r.settings.rateLimit;
    if (!limit.enabled)
        return QtFuture::makeReadyFuture();
    return state->engine.rateLimiter()
        .tryAttempts({{r.clientKey, limit.perClient}, {r.addressKey, limit.perAddress}}, limit.windowSeconds)
        .then(QtFuture::Launch::Sync, [r, limit](const QString &refusedBy) {
            if (refusedBy.isEmpty())
                return;
            const bool byClient = refusedBy == r.clientKey;
            throw EmailSignin(QStringLiteral("rate limited: %1 sign-in mails for %2 within %3 s already")
                                  .arg(byClient ? limit.perClient : limit.perAddress)
                                  .arg(byClient ? QLatin1String("one client") : QLatin1String("one address"))
                                  .arg(limit.windowSeconds));
        });
}

//! \a answer (finished) as a new future: one returned from its own continuation would hold it in a cycle.
QFuture<AuthResponse> copyOf(const QFuture<AuthResponse> &answer)
{
    try {
        return QtFuture::makeReadyFuture(answer.result());  // rethrows what it failed with
    } catch (...) {
        return failedFuture<AuthResponse>(std::current_exception());
    }
}

//! Gives back what takeSend() counted, then \a answer (finished; a request that sent no mail).
QFuture<AuthResponse> refundSendThen(const State &state, const LinkRequest &r, const QFuture<AuthResponse> &answer)
{
    if (!r.settings.rateLimit.enabled)
        return copyOf(answer);
    return state->engine.rateLimiter()
        .refunds({r.clientKey, r.addressKey}, r.settings.rateLimit.windowSeconds)
        .then(QtFuture::Launch::Sync, [outcome = copyOf(answer)] { return outcome; })
        .unwrap();
}

AuthResponse verifyRequestRedirect(const RequestState &s)
{
    return s.withCookies(s.redirect(s.baseUrl + QStringLiteral("/verify-request?provider=") + encoded(s.provider->id)
                                    + QStringLiteral("&type=") + encoded(s.provider->type)));
}

Mail::SignInMailRequest mailFor(const RequestState &s, const LinkRequest &r, const QString &token)
{
    Mail::SignInMailRequest mail;
    mail.server = r.settings.server;
    mail.from = r.settings.from;
    mail.to = r.email;
    mail.content.url = s.baseUrl + QStringLiteral("/callback/") + encoded(s.provider->id)
        + QStringLiteral("?callbackUrl=") + encoded(s.callbackUrl) + QStringLiteral("&token=") + token
        + QStringLiteral("&email=") + encoded(r.email);
    const QUrl origin(s.origin.origin);
    mail.content.host = origin.authority(QUrl::FullyEncoded);
    mail.content.origin = s.origin.origin;
    mail.content.theme = s.config.theme;
    mail.content.language = s.engine.translator().negotiate(s.request.header("accept-language"));
    return mail;
}

// Stores the token, sends the link; a mail that fails takes its token with it.
QFuture<AuthResponse> sendLink(const State &state, const LinkRequest &r)
{
    const RequestState &s = *state;
    const QString token = s.provider->generateVerificationToken ? s.provider->generateVerificationToken()
                                                                : Crypto::randomHex(32);
    const VerificationToken stored{r.email, hashToken(token, s.config.secret.first()),
                                   QDateTime::currentDateTimeUtc().addSecs(r.settings.maxAge)};
    return s.config.adapter->createVerificationToken(stored)
        .then(QtFuture::Launch::Sync, [state, r, token, stored](const std::optional<VerificationToken> &) {
            const Mail::SignInMailRequest mail = mailFor(*state, r, token);
            QFuture<void> sending;
            if (const auto &custom = state->provider->sendVerificationRequest) {
                try {
                    sending = custom(VerificationRequest{r.email, mail.content.url, token, stored.expires,
                                                         state->provider->id, state->request});
                } catch (...) {
                    sending = failedFuture<void>(std::current_exception());
                }
                // Whatever the custom sender fails with is an EmailSignin error. Its mails count
                // as the built-in mailer's do.
                sending = sending.then(QtFuture::Launch::Sync, [](QFuture<void> done) {
                    try {
                        done.waitForFinished();
                        Metrics::recordEmail(true);
                    } catch (const std::exception &e) {
                        Metrics::recordEmail(false);
                        throw EmailSignin(QStringLiteral("sendVerificationRequest failed: %1").arg(QString::fromUtf8(e.what())));
                    }
                });
            } else {
                sending = state->engine.mailer().sendSignInMail(mail);
            }
            return sending
                .then(QtFuture::Launch::Sync, [state, stored](QFuture<void> sent) -> QFuture<AuthResponse> {
                    try {
                        sent.waitForFinished();
                        return QtFuture::makeReadyFuture(verifyRequestRedirect(*state));
                    } catch (...) {
                        const std::exception_ptr error = std::current_exception();
                        return state->config.adapter->useVerificationToken(stored.identifier, stored.token)
                            .then(QtFuture::Launch::Sync,
                                  [error](QFuture<std::optional<VerificationToken>> removed) -> AuthResponse {
                                      try {
                                          removed.waitForFinished();
                                      } catch (...) {
                                          qCWarning(lcCore) << "the token of an unsent sign-in mail could not be deleted;"
                                                               " it expires unused";
                                      }
                                      std::rethrow_exception(error);
                                  });
                    }
                })
                .unwrap();
        })
        .unwrap();
}

// What a custom normaliser gave (or threw): its address, or EmailSignin.
QString customNormalisation(QFuture<QString> done)
{
    try {
        done.waitForFinished();  // rethrows what the normaliser failed with
        if (done.resultCount() < 1)
            throw std::runtime_error("it gave no address");
        return done.result();
    } catch (const std::exception &e) {
        throw EmailSignin(QStringLiteral("normalizeIdentifier refused the address: %1").arg(QString::fromUtf8(e.what())));
    } catch (...) {
        throw EmailSignin(QStringLiteral("normalizeIdentifier refused the address"));
    }
}

// The posted address, normalised and validated; anything else is refused (as Auth.js does,
// with an error shown as Configuration) before a token exists or a mail could leave. A custom
// normaliser replaces the built-in normalisation, not the checks: what it returns must still
// be one plain address. A normaliser that fails refuses the sign-in as EmailSignin.
QFuture<QString> normalizedEmail(const RequestState &s)
{
    const QJsonValue input = s.body.value(QStringLiteral("email"));
    const QString raw = input.isString() ? input.toString() : QString();
    const auto &normalize = s.provider->normalizeIdentifier;
    if (!normalize) {
        const Mail::AddressCheck address = Mail::normalizeAddress(raw);
        if (!address.isValid())
            throw InvalidEmail(QStringLiteral("the email address %1").arg(address.problem));
        return QtFuture::makeReadyFuture(address.address);
    }
    QFuture<QString> custom;
    try {
        custom = normalize(raw);
    } catch (...) {
        custom = failedFuture<QString>(std::current_exception());
    }
    return custom.then(QtFuture::Launch::Sync, [](QFuture<QString> done) {
        const Mail::AddressCheck address = Mail::checkAddress(customNormalisation(done));
        if (!address.isValid())
            throw InvalidEmail(QStringLiteral("the email address from normalizeIdentifier %1").arg(address.problem));
        return address.address;
    });
}

/*!
 * The mail of a counted request: the user looked up, the signIn callback asked, then the link
 * sent. \a sending is set once the mail is on its way; until then nothing was sent.
 */
QFuture<AuthResponse> mailLink(const State &state, const LinkRequest &r, const std::shared_ptr<std::atomic<bool>> &sending)
{
    return state->config.adapter->getUserByEmail(r.email)
        .then(QtFuture::Launch::Sync, [state, r, sending](const std::optional<AdapterUser> &user) {
            const RequestState &s = *state;
            // Auth.js shows the signIn callback a user that does not exist yet with a random id.
            AdapterUser candidate;
            candidate.id = Crypto::randomUuid();
            candidate.email = r.email;
            if (user)
                candidate = *user;
            SignInParams params;
            params.user = candidate.toJson();
            params.account = emailAccount(s, candidate.id, r.email);
            params.verificationRequest = true;
            return Hooks::signIn(s, params)
                .then(QtFuture::Launch::Sync, [state, r, sending](const SignInDecision &decision) -> QFuture<AuthResponse> {
                    const RequestState &s = *state;
                    if (!decision.redirectTo.isEmpty()) {
                        return Hooks::redirect(s, decision.redirectTo).then(QtFuture::Launch::Sync, [state](const QString &url) {
                            return state->withCookies(state->redirect(url));
                        });
                    }
                    if (!decision.allow)
                        throw AccessDenied(QStringLiteral("the signIn callback refused the sign-in mail"));
                    sending->store(true);  // counted, whether or not the mail then leaves
                    return sendLink(state, r);
                })
                .unwrap();
        })
        .unwrap();
}

QFuture<AuthResponse> startSignIn(const State &state)
{
    const RequestState &s = *state;
    if (!s.config.adapter)
        throw missingAdapter(s);
    LinkRequest r;
    r.settings = EmailSettings::fromProvider(*s.provider);
    const QString prefix = QStringLiteral("email:%1:").arg(s.provider->id);
    r.clientKey = prefix + QStringLiteral("client:") + s.clientAddress.toString();
    return normalizedEmail(s)
        .then(QtFuture::Launch::Sync, [state, r, prefix](const QString &email) {
            LinkRequest request = r;
            request.email = email;
            request.addressKey = prefix + QStringLiteral("address:") + email;
            return takeSend(state, request).then(QtFuture::Launch::Sync, [request] { return request; });
        })
        .unwrap()
        .then(QtFuture::Launch::Sync, [state](const LinkRequest &r) {
            auto sending = std::make_shared<std::atomic<bool>>(false);
            return mailLink(state, r, sending)
                .then(QtFuture::Launch::Sync, [state, r, sending](QFuture<AuthResponse> answer) {
                    // Only mails count: a request that sent none (a redirect, a refusal, a
                    // failure before the mail) gives its count back.
                    return sending->load() ? copyOf(answer) : refundSendThen(state, r, answer);
                })
                .unwrap();
        })
        .unwrap();
}

// useVerificationToken with each candidate hash in turn until one is found.
QFuture<std::optional<VerificationToken>> useToken(const State &state, const QString &email,
                                                   const QStringList &hashes, qsizetype index)
{
    return state->config.adapter->useVerificationToken(email, hashes.at(index))
        .then(QtFuture::Launch::Sync, [state, email, hashes, index](const std::optional<VerificationToken> &token) {
            if (token || index + 1 >= hashes.size())
                return QtFuture::makeReadyFuture(token);
            return useToken(state, email, hashes, index + 1);
        })
        .unwrap();
}

QFuture<AuthResponse> startCallback(const State &state)
{
    const RequestState &s = *state;
    if (s.isPost())
        throw UnknownAction(QStringLiteral("email callbacks only accept GET"));
    if (!s.config.adapter)
        throw missingAdapter(s);
    const QString token = s.query.queryItemValue(QStringLiteral("token"), QUrl::FullyDecoded);
    const QString email = s.query.queryItemValue(QStringLiteral("email"), QUrl::FullyDecoded);
    if (token.isEmpty())
        throw Configuration(QStringLiteral("missing token: the sign-in link was opened without its token"));
    if (email.isEmpty())
        throw verificationFailed(QStringLiteral("it has no email parameter"));
    QStringList hashes;
    for (const QString &secret : s.config.secret)
        hashes.append(hashToken(token, secret));
    return useToken(state, email, hashes, 0)
        .then(QtFuture::Launch::Sync, [state, email](const std::optional<VerificationToken> &used) {
            if (!used)
                throw verificationFailed(QStringLiteral("unknown, already used or for another address"));
            if (used->expires < QDateTime::currentDateTimeUtc())
                throw verificationFailed(QStringLiteral("expired at %1").arg(used->expires.toString(Qt::ISODate)));
            if (used->identifier != email)
                throw verificationFailed(QStringLiteral("issued for another address"));
            return signInUser(state, used->identifier)
                .then(QtFuture::Launch::Sync, [state](const SignInResult &result) { return completeSignIn(state, result); })
                .unwrap();
        })
        .unwrap();
}

template<typename Start>
QFuture<AuthResponse> run(const State &state, Start start)
{
    QFuture<AuthResponse> response;
    try {
        response = start(state);
    } catch (...) {
        response = failedFuture<AuthResponse>(std::current_exception());
    }
    return recover(response, [state](std::exception_ptr error) { return errorResponse(*state, error); });
}

} // namespace

QString hashToken(const QString &token, const QString &secret)
{
    return QString::fromLatin1(Crypto::sha256((token + secret).toUtf8()).toHex());
}

QFuture<AuthResponse> signIn(const State &state)
{
    return run(state, startSignIn);
}

QFuture<AuthResponse> callback(const State &state)
{
    return run(state, startCallback);
}

} // namespace Gatehouse::EmailFlow
