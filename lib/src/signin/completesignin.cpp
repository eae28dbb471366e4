#include "signin/completesignin.h"

#include "core/futures.h"
#include "core/logging.h"
#include "metrics/catalogue.h"
#include "request/audit.h"
#include "request/hooks.h"
#include "signin/resolveuser.h"
#include "session/sessionclaims.h"
#include "session/databasesession.h"
#include "session/jwtsession.h"
#include "session/signinsteps.h"
#include "session/signintime.h"
#include "session/storedgroups.h"
#include "twofactor/pendingstep.h"
#include "twofactor/sitetwofactor.h"

#include <gatehouse/errors.h>

namespace Gatehouse {

namespace {

//! Where the user goes: the callback URL, or pages.newUser on a first sign-in.
QString targetOf(const RequestState &s, const SignInResult &result)
{
    if (result.isNewUser && !s.config.pages.newUser.isEmpty())
        return s.config.pages.newUser.startsWith(QLatin1Char('/')) ? s.origin.origin + s.config.pages.newUser
                                                                   : s.config.pages.newUser;
    return s.callbackUrl;
}

//! The steps \a result's person took: the first factor's, and the second where there was one.
SignInSteps stepsOf(const SignInResult &result)
{
    return SignInRecord::firstStepOf(result.account.value(QStringLiteral("type")).toString()) | result.secondStep;
}

AuthResponse signedIn(const RequestState &s, const SignInResult &result, QList<SetCookie> cookies)
{
    AuthResponse response = s.redirect(targetOf(s, result));
    response.cookies = std::move(cookies);
    QJsonObject message{{QStringLiteral("user"), result.user},
                        {QStringLiteral("account"), result.account},
                        {QStringLiteral("isNewUser"), result.isNewUser}};
    if (!result.profile.isEmpty())
        message.insert(QStringLiteral("profile"), result.profile);
    Hooks::emitEvent(s.config.events.signIn, "signIn", message);
    Metrics::recordSignIn(s.provider ? s.provider->id : result.account.value(QStringLiteral("provider")).toString());
    // The browser and the language: a security notice compares the one with earlier sign-ins
    // and is written in the other (lib/src/notices/README.md).
    QJsonObject detail{{QStringLiteral("isNewUser"), result.isNewUser},
                       {QStringLiteral("language"), s.engine.translator().negotiate(s.request.header("accept-language"))}};
    if (const QString userAgent = QString::fromUtf8(s.request.header("user-agent")); !userAgent.isEmpty())
        detail.insert(QStringLiteral("userAgent"), userAgent.left(512));
    Audit::record(s, QStringLiteral("signIn"), result.user.value(QStringLiteral("id")).toString(),
                  result.account.value(QStringLiteral("provider")).toString(), detail);
    return s.withCookies(response);
}

/*!
 * The jwt callback's input at sign-in: the token made from the user and, for a \a stored user
 * where the deployment uses them, the user's stored groups in both (session/storedgroups.h),
 * so the callback sees them and may change them.
 */
QFuture<JwtParams> signInToken(const State &state, const SignInResult &result, bool stored)
{
    JwtParams params;
    params.token = SessionClaims::tokenFromUser(result.user);
    params.user = result.user;
    params.account = result.account;
    params.profile = result.profile;
    params.isNewUser = result.isNewUser;
    params.trigger = result.isNewUser ? QStringLiteral("signUp") : QStringLiteral("signIn");
    const RequestState &s = *state;
    if (!stored || !StoredGroups::wanted(s.stores(), s.config))
        return QtFuture::makeReadyFuture(params);
    const QString userId = result.user.value(QStringLiteral("id")).toString();
    return continueWith(StoredGroups::read(s.stores(), userId), [params](const QStringList &groups) {
        JwtParams withGroups = params;
        withGroups.token = StoredGroups::stamp(params.token, groups, QDateTime::currentSecsSinceEpoch());
        withGroups.user.insert(StoredGroups::kClaim, withGroups.token.value(StoredGroups::kClaim));
        return withGroups;
    });
}

QFuture<AuthResponse> jwtSession(const State &state, const SignInResult &result, bool stored)
{
    return continueWith(signInToken(state, result, stored), [state, result](const JwtParams &params) {
        return Hooks::jwt(*state, params).then(QtFuture::Launch::Sync, [state, result](const std::optional<QJsonObject> &token) {
            const RequestState &s = *state;
            if (!token)
                throw AccessDenied(QStringLiteral("the jwt callback returned null"));
            const auto codec = s.engine.jwe(s.config.secret);
            const JwtSession jwt(*codec, s.config.jwt, s.cookies.sessionToken);
            const QDateTime now = QDateTime::currentDateTimeUtc();
            const QDateTime expires = now.addSecs(s.config.session.maxAge);
            // When and how this person signed in, for the recent-sign-in rule and the second-factor
            // level (session/signintime.h, signinsteps.h). Linking an account is no sign-in:
            // the record of the session it was added in stays.
            const std::optional<QJsonObject> previous = result.linkedWhileSignedIn ? jwt.read(s.requestCookies) : std::nullopt;
            const QJsonObject stamped = previous
                ? SignInRecord::carry(s.stores(), SignInTime::carry(s.stores(), *token, *previous), *previous)
                : SignInRecord::stamp(s.stores(), SignInTime::stamp(s.stores(), *token, now), stepsOf(result));
            return signedIn(s, result, jwt.write(jwt.encode(stamped, s.config.session.maxAge), expires, s.requestCookies));
        });
    });
}

/*!
 * Records where, when and how (\a steps) \a session began (AccountStore), for the account
 * page and the session reader (SessionReadOptions::signInDetails). The sign-in
 * does not depend on it: a failure is logged (at debug level: a store that fails reports its
 * outage itself) and the session stands without details.
 */
QFuture<bool> recordDetails(const RequestState &s, const AdapterSession &session, SignInSteps steps)
{
    AccountStore *store = s.stores().account.get();
    if (!store)
        return QtFuture::makeReadyFuture(false);
    SessionDetails details;
    details.sessionToken = session.sessionToken;
    details.userId = session.userId;
    details.createdAt = QDateTime::currentDateTimeUtc();
    details.clientAddress = s.clientAddress.isNull() ? QString() : s.clientAddress.toString();
    details.userAgent = QString::fromUtf8(s.request.header("user-agent")).left(512);
    details.signInMethods = SignInRecord::toAmr(steps);
    QFuture<void> written;
    try {
        written = store->recordSessionDetails(details);
    } catch (const std::exception &e) {
        qCDebug(lcCore) << "could not record the session's details:" << e.what();
        return QtFuture::makeReadyFuture(false);
    }
    return written.then(QtFuture::Launch::Sync, [](QFuture<void> done) {
        try {
            done.waitForFinished();
            return true;
        } catch (const std::exception &e) {
            qCDebug(lcCore) << "could not record the session's details:" << e.what();
            return false;
        }
    });
}

QFuture<AuthResponse> databaseSession(const State &state, const SignInResult &result);

/*!
 * An account linked while signed in joins the session it was added in, as in Auth.js: no second
 * session, and the session keeps its beginning (the recent-sign-in rule reads it). A session
 * that ended meanwhile is replaced by a new one.
 */
QFuture<AuthResponse> linkedSession(const State &state, const SignInResult &result)
{
    const RequestState &s = *state;
    const DatabaseSession db(s.stores(), s.config.session, s.cookies.sessionToken);
    return continueWith(db.read(db.token(s.requestCookies)), [state, result](const SessionRead &read) {
        const RequestState &s = *state;
        const QString userId = result.user.value(QStringLiteral("id")).toString();
        if (!read.session || read.session->user.id != userId) {
            SignInResult signIn = result;
            signIn.linkedWhileSignedIn = false;
            return databaseSession(state, signIn);
        }
        const DatabaseSession db(s.stores(), s.config.session, s.cookies.sessionToken);
        return QtFuture::makeReadyFuture(signedIn(s, result, db.write(read.session->session, s.requestCookies)));
    });
}

QFuture<AuthResponse> databaseSession(const State &state, const SignInResult &result)
{
    if (result.linkedWhileSignedIn)
        return linkedSession(state, result);
    const RequestState &s = *state;
    const DatabaseSession db(s.stores(), s.config.session, s.cookies.sessionToken);
    return continueWith(db.create(result.user.value(QStringLiteral("id")).toString()),
        [state, result](const AdapterSession &session) {
            const RequestState &s = *state;
            const DatabaseSession db(s.stores(), s.config.session, s.cookies.sessionToken);
            // The answer (and its audit event) first, as without details; the details are
            // written before it is sent, so the account page that follows shows them.
            const AuthResponse response = signedIn(s, result, db.write(session, s.requestCookies));
            return continueWith(recordDetails(s, session, stepsOf(result)), [response](bool) { return response; });
        });
}

//! The pending step's cookie and the redirect to its page.
AuthResponse toStep(const RequestState &s, const PendingStep &step)
{
    AuthResponse response = s.redirect(s.pageUrl(RequestState::Page::TwoFactor));
    response.cookies = step.toCookies(s);
    return s.withCookies(response);
}

/*!
 * \a step as an enrolment: a new pending secret for its person (replacing one of an earlier
 * attempt), carried in the step so that its page shows it and its code confirms it. A person
 * who confirmed an authenticator meanwhile is asked for a code instead.
 */
QFuture<AuthResponse> beginEnrolment(const State &state, PendingStep step)
{
    const RequestState &s = *state;
    const QString accountName = step.user.value(QStringLiteral("email")).toString();
    QFuture<AuthResponse> begun = continueWith(
        SiteTwoFactor::of(s).beginEnrolment(step.userId, accountName, SiteTwoFactor::changeOf(s)),
        [state, step](const TotpEnrolmentOffer &offer) {
            PendingStep enrolling = step;
            enrolling.enrolmentSecret = offer.secret;
            return toStep(*state, enrolling);
        });
    return recoverLater(begun, [state, step](std::exception_ptr error) -> QFuture<AuthResponse> {
        try {
            std::rethrow_exception(error);
        } catch (const TwoFactorAlreadyEnrolled &) {
            return QtFuture::makeReadyFuture(toStep(*state, step));
        } catch (...) {
            return failedFuture<AuthResponse>(std::current_exception());
        }
    });
}

} // namespace

QFuture<AuthResponse> completeSignIn(const State &state, const SignInResult &result)
{
    const RequestState &s = *state;
    const bool database = s.config.sessionStrategy() == SessionOptions::Strategy::Database;
    // Credentials users are stored only when the session must point at a stored user. A user
    // that is stored already is still resolved: a disabled one is refused there.
    const bool store = s.config.adapter
        && (database || result.stored || result.provisional
            || result.account.value(QStringLiteral("type")).toString() != QLatin1String("credentials"));
    SignInParams signInParams;
    signInParams.user = result.user;
    signInParams.account = result.account;
    signInParams.profile = result.profile;
    signInParams.credentials = result.credentials;
    // After the signIn callback: the user to sign in, or the redirect the callback chose.
    struct Decided
    {
        SignInResult result;
        QString redirectTo;
    };
    return Hooks::signIn(s, signInParams)
        .then(QtFuture::Launch::Sync, [state, result, store](const SignInDecision &decision) -> QFuture<Decided> {
            if (!decision.redirectTo.isEmpty())
                return QtFuture::makeReadyFuture(Decided{result, decision.redirectTo});
            if (!decision.allow)
                throw AccessDenied(QStringLiteral("the signIn callback refused the user"));
            // resolveUser() refuses a disabled user; only then may the flow write for the user.
            QFuture<SignInResult> allowed = store ? resolveUser(state, result) : QtFuture::makeReadyFuture(result);
            return allowed
                .then(QtFuture::Launch::Sync,
                      [](const SignInResult &resolved) {
                          return resolved.whenAllowed ? resolved.whenAllowed(resolved) : QtFuture::makeReadyFuture(resolved);
                      })
                .unwrap()
                .then(QtFuture::Launch::Sync, [](const SignInResult &resolved) { return Decided{resolved, {}}; });
        })
        .unwrap()
        .then(QtFuture::Launch::Sync, [state, store](const Decided &decided) -> QFuture<AuthResponse> {
            if (!decided.redirectTo.isEmpty())
                return QtFuture::makeReadyFuture(state->redirect(decided.redirectTo));
            const SignInResult &result = decided.result;
            // A user no store resolved (an authorize function's own) may share its id with a
            // stored person: never ask for that person's code.
            if (!store) {
                // Nobody stored to ask, so "always" cannot be kept: refused, not waved through.
                if (state->config.twoFactor.required == TwoFactorSignInOptions::Required::Always)
                    throw AccessDenied(QStringLiteral("twoFactor.required \"always\": the user of this sign-in is not stored, "
                                                      "so no second factor can be asked"));
                return startSession(state, result, false);
            }
            // Adding an account to the person signed in is no sign-in: no second step.
            if (result.linkedWhileSignedIn)
                return startSession(state, result, store);
            return continueWith(PendingStep::need(state, result.user, result.account, state->provider),
                                [state, result, store](SecondStep need) {
                if (need == SecondStep::None)
                    return startSession(state, result, store);
                // No session yet: the code page first (twofactor/README.md).
                PendingStep step = PendingStep::create(*state, result.user, result.account, result.profile, result.isNewUser);
                if (need == SecondStep::Code)
                    return QtFuture::makeReadyFuture(toStep(*state, step));
                return beginEnrolment(state, step);
            });
        })
        .unwrap();
}

QFuture<AuthResponse> startSession(const State &state, const SignInResult &result, bool stored)
{
    const bool database = state->config.sessionStrategy() == SessionOptions::Strategy::Database;
    return database ? databaseSession(state, result) : jwtSession(state, result, stored);
}

} // namespace Gatehouse
