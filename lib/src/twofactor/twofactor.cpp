#include <gatehouse/twofactor.h>

#include "core/futures.h"
#include "core/ratelimiter.h"
#include "core/ratelimitkeys.h"
#include "crypto/random.h"
#include "request/storeratelimiter.h"
#include "storage/auditwriter.h"
#include "storage/stores.h"
#include "twofactor/base32.h"
#include "twofactor/logging.h"
#include "twofactor/otpauthuri.h"
#include "twofactor/qrcode.h"
#include "twofactor/recoverycodes.h"
#include "twofactor/secretbox.h"
#include "twofactor/totp.h"

#include <gatehouse/adaptererror.h>

#include <QJsonObject>

namespace Gatehouse {

class TwoFactorPrivate : public std::enable_shared_from_this<TwoFactorPrivate>
{
public:
    TwoFactorPrivate(std::shared_ptr<Adapter> adapter, const QStringList &secrets, const TwoFactorOptions &options)
        : stores(Stores::of(std::move(adapter)))
        , box(secrets)
        , options(options)
    {
        // Failures count across every server on the database when the adapter keeps rate limits.
        if (stores.rateLimits)
            limiter = std::make_unique<StoreRateLimiter>(*stores.rateLimits);
        else
            limiter = std::make_unique<MemoryRateLimiter>();
    }

    //! verify() once the rate limit allows it; failures count under \a limitKey.
    QFuture<SecondFactor> check(const QString &userId, const QString &code, const TwoFactorChange &change,
                                const QString &limitKey) const;

    QDateTime now() const { return options.clock ? options.clock() : QDateTime::currentDateTimeUtc(); }

    //! The store, or a MissingAdapterMethods naming what is missing.
    TwoFactorStore &store() const
    {
        if (!stores.twoFactor)
            throw MissingAdapterMethods(QStringLiteral("two-factor sign-in needs an adapter that implements "
                                                       "TwoFactorStore (SqlAdapter and MemoryAdapter do)"));
        return *stores.twoFactor;
    }

    //! Writes an audit event when there is an audit log, through the one audit writer.
    void audit(const QString &type, const QString &userId, const TwoFactorChange &change, QJsonObject detail = {}) const
    {
        if (change.byAdministrator) {
            detail.insert(QStringLiteral("by"), change.by.isEmpty() ? QStringLiteral("admin") : change.by);
            if (!change.operatorName.isEmpty())
                detail.insert(QStringLiteral("operator"), change.operatorName);
        }
        AuditEvent event;
        event.time = QDateTime::currentDateTimeUtc();
        event.type = type;
        event.userId = userId;
        event.clientAddress = change.clientAddress;
        event.detail = detail;
        writeAudit(stores.audit.get(), event);
    }

    //! New recovery codes and their hashes for \a userId.
    std::pair<QStringList, QStringList> newRecoveryCodes(const QString &userId) const
    {
        const QStringList codes = RecoveryCodes::generate();
        QStringList hashes;
        for (const QString &code : codes)
            hashes.append(RecoveryCodes::hash(userId, RecoveryCodes::normalise(code)));
        return {codes, hashes};
    }

    Stores stores;
    Totp::SecretBox box;
    TwoFactorOptions options;
    std::unique_ptr<RateLimiter> limiter;  // thread-safe; shared by the copies of a TwoFactor
};

namespace {

//! \a future as a QFuture<bool> that is true once it finished; its failure passes on.
QFuture<bool> done(QFuture<void> future)
{
    return future.then(QtFuture::Launch::Sync, [] { return true; });
}

//! Where the wrong codes of \a userId are counted (sign-in and enrolment alike).
QString limitKey(const QString &userId)
{
    return RateLimitKeys::twoFactorUser(userId);
}

//! Runs \a start, turning an exception it throws into a failed future.
template<typename T, typename Start>
QFuture<T> guarded(Start start)
{
    try {
        return start();
    } catch (...) {
        return failedFuture<T>(std::current_exception());
    }
}

} // namespace

TwoFactor::TwoFactor(std::shared_ptr<Adapter> adapter, const QStringList &secrets, const TwoFactorOptions &options)
    : d(std::make_shared<const TwoFactorPrivate>(std::move(adapter), secrets, options))
{
}

TwoFactor::~TwoFactor() = default;
TwoFactor::TwoFactor(const TwoFactor &) = default;
TwoFactor &TwoFactor::operator=(const TwoFactor &) = default;

bool TwoFactor::isAvailable() const
{
    return d->stores.twoFactor != nullptr;
}

QFuture<TotpEnrolmentOffer> TwoFactor::beginEnrolment(const QString &userId, const QString &accountName,
                                                      const TwoFactorChange &change) const
{
    return guarded<TotpEnrolmentOffer>([&] {
        TwoFactorStore &store = d->store();
        const QByteArray secret = Crypto::randomBytes(Totp::SecretSize);
        TotpEnrolment enrolment;
        enrolment.userId = userId;
        enrolment.sealedSecret = d->box.seal(userId, secret);
        enrolment.createdAt = d->now().toUTC();
        auto self = d;
        return done(store.beginTotpEnrolment(enrolment))
            .then(QtFuture::Launch::Sync, [self, userId, accountName, secret, change](QFuture<bool> stored) {
                try {
                    stored.waitForFinished();
                } catch (const AdapterError &e) {
                    if (e.reason() == AdapterError::Reason::Conflict)
                        throw TwoFactorAlreadyEnrolled(QStringLiteral("user \"%1\" has a confirmed authenticator").arg(userId));
                    throw;
                }
                TotpEnrolmentOffer offer;
                offer.secret = Base32::encode(secret);
                offer.uri = Totp::otpauthUri(self->options.issuer, accountName, secret);
                offer.qrCodeSvg = QrCode::svg(offer.uri.toUtf8());
                self->audit(QStringLiteral("twoFactorEnrolBegin"), userId, change);
                return offer;
            });
    });
}

QFuture<QStringList> TwoFactor::confirmEnrolment(const QString &userId, const QString &code,
                                                 const TwoFactorChange &change) const
{
    return guarded<QStringList>([&] {
        d->store();  // MissingAdapterMethods before anything else
        auto self = d;
        const QString key = limitKey(userId);
        // Codes typed at enrolment are guesses too: counted before the check, as verify() does.
        QFuture<bool> allowed = d->limiter->tryAttempt(key, d->options.maxFailures, d->options.failureWindowSeconds);
        return continueWith(allowed, [self, userId, code, change, key](bool allowed) {
            if (!allowed) {
                self->audit(QStringLiteral("twoFactorEnrolFailure"), userId, change,
                            {{QStringLiteral("reason"), QStringLiteral("rateLimited")}});
                throw TooManyTwoFactorAttempts(QStringLiteral("too many wrong codes for user \"%1\"").arg(userId));
            }
            return continueWith(self->store().totpEnrolment(userId), [self, userId, code, change, key](
                                                                 const std::optional<TotpEnrolment> &enrolment) {
                const auto notPending = [userId] {
                    return TwoFactorNotEnrolled(QStringLiteral("user \"%1\" has no enrolment awaiting confirmation").arg(userId));
                };
                if (!enrolment || enrolment->confirmedAt)
                    throw notPending();
                const std::optional<Totp::SecretBox::Opened> opened = self->box.open(userId, enrolment->sealedSecret);
                if (!opened)
                    throw notPending();  // sealed with a secret no longer configured: begin again
                const std::optional<qint64> step = Totp::matchingStep(opened->secret, code, self->now().toSecsSinceEpoch());
                if (!step) {
                    self->audit(QStringLiteral("twoFactorEnrolFailure"), userId, change);
                    throw InvalidTwoFactorCode(QStringLiteral("the code does not confirm the enrolment"));
                }
                const auto [codes, hashes] = self->newRecoveryCodes(userId);
                return continueWith(
                    self->store().confirmTotpEnrolment(userId, enrolment->sealedSecret, *step, hashes),
                    [self, userId, change, key, codes = codes, notPending](bool confirmed) {
                        if (!confirmed)
                            throw notPending();  // another enrolment began meanwhile
                        self->audit(QStringLiteral("twoFactorEnrol"), userId, change,
                                    {{QStringLiteral("recoveryCodesLeft"), int(codes.size())}});
                        // Answered once the count is cleared, so that no later attempt's count is wiped.
                        return self->limiter->reset(key).then(QtFuture::Launch::Sync, [codes] { return codes; });
                    });
            });
        });
    });
}

QFuture<SecondFactor> TwoFactor::verify(const QString &userId, const QString &code, const TwoFactorChange &change) const
{
    return guarded<SecondFactor>([&] {
        d->store();  // MissingAdapterMethods before anything else
        auto self = d;
        const QString key = limitKey(userId);
        // The attempt is counted before the code is checked (a success resets the count), so
        // concurrent guesses cannot pass the limit between a check and a count.
        return continueWith(d->limiter->tryAttempt(key, d->options.maxFailures, d->options.failureWindowSeconds),
                            [self, userId, code, change, key](bool allowed) {
                                if (!allowed) {
                                    self->audit(QStringLiteral("twoFactorFailure"), userId, change,
                                                {{QStringLiteral("reason"), QStringLiteral("rateLimited")}});
                                    throw TooManyTwoFactorAttempts(
                                        QStringLiteral("too many wrong codes for user \"%1\"").arg(userId));
                                }
                                return self->check(userId, code, change, key);
                            });
    });
}

QFuture<SecondFactor> TwoFactorPrivate::check(const QString &userId, const QString &code, const TwoFactorChange &change,
                                              const QString &limitKey) const
{
    TwoFactorStore &store = this->store();
    auto self = shared_from_this();
    // The attempt was counted by verify(); a failure only leaves that count in place.
    const auto refuse = [self, userId, change](const QString &method) -> QFuture<SecondFactor> {
        self->audit(QStringLiteral("twoFactorFailure"), userId, change, {{QStringLiteral("method"), method}});
        throw InvalidTwoFactorCode(QStringLiteral("the code is wrong, used or expired"));
    };
    // Answers \a factor once the count is cleared, so that no later attempt's count is wiped.
    const auto accepted = [self, userId, change, limitKey](const QString &method, QJsonObject detail, SecondFactor factor) {
        detail.insert(QStringLiteral("method"), method);
        self->audit(QStringLiteral("twoFactorVerify"), userId, change, detail);
        return self->limiter->reset(limitKey).then(QtFuture::Launch::Sync, [factor] { return factor; });
    };

    const QString recoveryCode = RecoveryCodes::normalise(code);
    if (!recoveryCode.isEmpty()) {
        const QString method = QStringLiteral("recoveryCode");
        return continueWith(store.useRecoveryCode(userId, RecoveryCodes::hash(userId, recoveryCode)),
                            [self, userId, refuse, accepted, method](bool used) {
                                if (!used)
                                    return refuse(method);
                                return continueWith(self->store().recoveryCodesLeft(userId), [accepted, method](int left) {
                                    return accepted(method, {{QStringLiteral("recoveryCodesLeft"), left}},
                                                    SecondFactor::RecoveryCode);
                                });
                            });
    }

    const QString method = QStringLiteral("totp");
    return continueWith(store.totpEnrolment(userId), [self, userId, code, refuse, accepted,
                                                      method](const std::optional<TotpEnrolment> &enrolment) {
        if (!enrolment || !enrolment->confirmedAt)
            throw TwoFactorNotEnrolled(QStringLiteral("user \"%1\" has no authenticator").arg(userId));
        const std::optional<Totp::SecretBox::Opened> opened = self->box.open(userId, enrolment->sealedSecret);
        if (!opened) {
            qCWarning(lcTwoFactor).noquote()
                << QStringLiteral("the authenticator of user \"%1\" was sealed with a secret that is no longer "
                                  "configured; only a recovery code can complete its sign-in").arg(userId);
            return refuse(method);
        }
        const std::optional<qint64> step = Totp::matchingStep(opened->secret, code, self->now().toSecsSinceEpoch());
        if (!step)
            return refuse(method);
        const QString sealed = enrolment->sealedSecret;
        const QByteArray secret = opened->secret;
        const bool current = opened->current;
        return continueWith(self->store().acceptTotpTimeStep(userId, *step),
                            [self, userId, refuse, accepted, method, sealed, secret, current](bool fresh) {
                                if (!fresh)
                                    return refuse(method);  // replayed, or older than the last accepted
                                if (!current) // rotated: seal anew with the newest secret
                                    self->store().resealTotpSecret(userId, sealed, self->box.seal(userId, secret));
                                return accepted(method, {}, SecondFactor::Totp);
                            });
    });
}

QFuture<QStringList> TwoFactor::regenerateRecoveryCodes(const QString &userId, const TwoFactorChange &change) const
{
    return guarded<QStringList>([&] {
        TwoFactorStore &store = d->store();
        auto self = d;
        const auto [codes, hashes] = d->newRecoveryCodes(userId);
        return done(store.replaceRecoveryCodes(userId, hashes))
            .then(QtFuture::Launch::Sync, [self, userId, change, codes = codes](QFuture<bool> replaced) {
                try {
                    replaced.waitForFinished();
                } catch (const AdapterError &e) {
                    if (e.reason() == AdapterError::Reason::NotFound)
                        throw TwoFactorNotEnrolled(QStringLiteral("user \"%1\" has no authenticator").arg(userId));
                    throw;
                }
                self->audit(QStringLiteral("twoFactorRecoveryCodes"), userId, change,
                            {{QStringLiteral("recoveryCodesLeft"), int(codes.size())}});
                return codes;
            });
    });
}

QFuture<bool> TwoFactor::remove(const QString &userId, const TwoFactorChange &change) const
{
    return guarded<bool>([&] {
        auto self = d;
        return d->store().removeTwoFactor(userId).then(QtFuture::Launch::Sync, [self, userId, change](bool removed) {
            if (removed)
                self->audit(QStringLiteral("twoFactorRemove"), userId, change);
            return removed;
        });
    });
}

QFuture<TwoFactorStatus> TwoFactor::status(const QString &userId) const
{
    return guarded<TwoFactorStatus>([&] {
        TwoFactorStore &store = d->store();
        auto self = d;
        return continueWith(store.totpEnrolment(userId), [self, userId](const std::optional<TotpEnrolment> &enrolment) {
            TwoFactorStatus status;
            status.pending = enrolment && !enrolment->confirmedAt;
            status.enrolled = enrolment && enrolment->confirmedAt;
            if (status.enrolled)
                status.enrolledAt = enrolment->confirmedAt;
            if (!status.enrolled)
                return QtFuture::makeReadyFuture(status);
            return self->store().recoveryCodesLeft(userId).then(QtFuture::Launch::Sync, [status](int left) mutable {
                status.recoveryCodesLeft = left;
                return status;
            });
        });
    });
}

} // namespace Gatehouse
