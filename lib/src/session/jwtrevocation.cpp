#include "session/jwtrevocation.h"

#include "core/jsonnumber.h"
#include "core/logging.h"

#include <limits>

namespace Gatehouse::JwtRevocation {

namespace {

struct Subject
{
    QString userId;
    //! Without a usable \c iat, the earliest time: a token that cannot show when it was issued
    //! is older than any "not before".
    qint64 issued = std::numeric_limits<qint64>::min();
};

//! The user and issue time that a revocation applies to; nullopt when nothing can be revoked.
std::optional<Subject> subject(const Stores &stores, const QJsonObject &claims)
{
    if (!stores.account)
        return std::nullopt;
    QString userId = claims.value(QLatin1String("sub")).toString();
    if (userId.isEmpty())
        return std::nullopt;
    Subject s{std::move(userId)};
    if (const std::optional<qint64> iat = jsonSeconds(claims.value(QLatin1String("iat"))))
        s.issued = *iat;
    return s;
}

bool revokedBy(const std::optional<QDateTime> &notBefore, qint64 issued)
{
    return notBefore && issued < notBefore->toSecsSinceEpoch();
}

} // namespace

std::optional<bool> knownRevoked(const Stores &stores, const QJsonObject &claims)
{
    const std::optional<Subject> s = subject(stores, claims);
    if (!s)
        return false;
    if (const std::optional<std::optional<QDateTime>> notBefore = stores.notBefore->find(s->userId))
        return revokedBy(*notBefore, s->issued);
    return std::nullopt;
}

QFuture<bool> isRevoked(const Stores &stores, const QJsonObject &claims)
{
    const std::optional<Subject> s = subject(stores, claims);
    if (!s)
        return QtFuture::makeReadyFuture(false);
    std::shared_ptr<NotBeforeCache> cache = stores.notBefore;
    const quint64 generation = cache->generation();  // before the read: a change meanwhile wins
    QFuture<std::optional<QDateTime>> notBefore;
    try {
        notBefore = stores.account->sessionsNotBefore(s->userId);
    } catch (const std::exception &e) {  // a store that throws instead of failing its future
        qCDebug(lcCore) << "could not read the JWT revocation time:" << e.what();
        return QtFuture::makeReadyFuture(false);
    }
    return notBefore.then(QtFuture::Launch::Sync, [cache, generation, subject = *s](QFuture<std::optional<QDateTime>> read) {
        try {
            const std::optional<QDateTime> time = read.result();
            cache->remember(subject.userId, time, generation);
            return revokedBy(time, subject.issued);
        } catch (const std::exception &e) {
            qCDebug(lcCore) << "could not read the JWT revocation time:" << e.what();
            return false;
        }
    });
}

} // namespace Gatehouse::JwtRevocation
