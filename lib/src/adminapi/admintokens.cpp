#include <gatehouse/admintokens.h>

#include <gatehouse/errors.h>

#include "core/futures.h"
#include "crypto/base64url.h"
#include "crypto/hash.h"
#include "crypto/random.h"
#include "storage/stores.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

namespace Gatehouse::AdminTokens {

namespace {

const QString kPrefix = QStringLiteral("gha_");   // tells a leaked token apart in logs and secret scanners
constexpr qsizetype kTokenBytes = 32;             // 256 bits
constexpr qsizetype kEncodedLength = 43;          // base64url of 32 bytes, unpadded
constexpr qint64 kMaxLifetime = 3650LL * 86400;

std::shared_ptr<AdminTokenStore> storeOf(const Stores &stores)
{
    if (!stores.adminTokens)
        throw InvalidConfiguration(QStringLiteral("admin tokens need an adapter that implements AdminTokenStore"));
    return stores.adminTokens;
}

QString hashOfValid(QByteArrayView token)
{
    return QString::fromLatin1(Crypto::sha256(token).toHex());
}

// The audit is part of the operation: its future finishes once the event is stored (the
// command that issues or revokes exits right after). Chained, never waited for in a storage thread.
template<typename T>
QFuture<T> audited(const Stores &stores, const QString &type, QJsonObject detail, T result)
{
    if (!stores.audit)
        return QtFuture::makeReadyFuture(result);
    AuditEvent event;
    event.time = QDateTime::currentDateTimeUtc();
    event.type = type;
    event.detail = std::move(detail);
    return stores.audit->appendAudit(event).then(QtFuture::Launch::Sync, [result](qint64) { return result; });
}

} // namespace

QStringList knownScopes()
{
    return {QStringLiteral("users:read"), QStringLiteral("users:write"), QStringLiteral("audit:read"),
            QStringLiteral("config:read"), QStringLiteral("config:write")};
}

std::optional<QStringList> parseScopes(const QString &text, QString *problem)
{
    const QStringList known = knownScopes();
    QStringList asked;
    for (const QString &part : text.split(u',')) {
        const QString scope = part.trimmed();
        if (scope.isEmpty()) {
            *problem = QStringLiteral("a scope is empty; name one or more of %1, separated by commas")
                           .arg(known.join(QStringLiteral(", ")));
            return std::nullopt;
        }
        if (!known.contains(scope)) {
            *problem = QStringLiteral("unknown scope '%1'; one of %2").arg(scope, known.join(QStringLiteral(", ")));
            return std::nullopt;
        }
        if (asked.contains(scope)) {
            *problem = QStringLiteral("the scope %1 is named twice").arg(scope);
            return std::nullopt;
        }
        asked.append(scope);
    }
    QStringList ordered;
    for (const QString &scope : known) {
        if (asked.contains(scope))
            ordered.append(scope);
    }
    return ordered;
}

std::optional<qint64> parseLifetime(const QString &text, QString *problem)
{
    static const QRegularExpression form(QStringLiteral("^([0-9]{1,7})([dhm])$"));
    const QRegularExpressionMatch match = form.match(text);
    if (!match.hasMatch()) {
        *problem = QStringLiteral("'%1' is no lifetime; write a whole number of days, hours or minutes such as 90d, 12h or 30m")
                       .arg(text);
        return std::nullopt;
    }
    const qint64 count = match.captured(1).toLongLong();
    const QChar unit = match.captured(2).at(0);
    const qint64 seconds = count * (unit == u'd' ? 86400 : unit == u'h' ? 3600 : 60);
    if (seconds < 60 || seconds > kMaxLifetime) {
        *problem = QStringLiteral("a lifetime is from 1m to 3650d");
        return std::nullopt;
    }
    return seconds;
}

QString nameProblem(const QString &name)
{
    static const QRegularExpression form(QStringLiteral("^[A-Za-z0-9._-]{1,64}$"));
    if (form.match(name).hasMatch())
        return {};
    return QStringLiteral("a token name has 1 to 64 characters of A-Z, a-z, 0-9, '.', '_' and '-'");
}

std::optional<QString> hashOf(QStringView token)
{
    if (token.size() != kPrefix.size() + kEncodedLength || !token.startsWith(kPrefix))
        return std::nullopt;
    const QByteArray latin1 = token.mid(kPrefix.size()).toLatin1();
    const std::optional<QByteArray> bytes = Crypto::base64UrlDecode(QByteArrayView(latin1));
    // Only the canonical spelling: the last character carries 4 of the 256 bits.
    if (!bytes || bytes->size() != kTokenBytes || Crypto::base64UrlEncode(*bytes) != latin1)
        return std::nullopt;
    return hashOfValid(token.toLatin1());
}

QFuture<Issued> issue(std::shared_ptr<Adapter> adapter, const QString &name, const QStringList &scopes,
                      qint64 lifetimeSeconds, const QString &by)
{
    const Stores stores = Stores::of(std::move(adapter));
    const std::shared_ptr<AdminTokenStore> store = storeOf(stores);
    Issued issued;
    issued.token = kPrefix + QString::fromLatin1(Crypto::base64UrlEncode(Crypto::randomBytes(kTokenBytes)));
    AdminTokenRecord &record = issued.record;
    record.name = name;
    record.tokenHash = hashOfValid(issued.token.toLatin1());
    record.scopes = scopes;
    // Whole seconds: every database keeps them alike.
    record.createdAt = QDateTime::fromSecsSinceEpoch(QDateTime::currentSecsSinceEpoch(), Qt::UTC);
    record.expiresAt = record.createdAt.addSecs(lifetimeSeconds);
    record.createdBy = by;
    const QFuture<bool> created = store->createAdminToken(record).then(QtFuture::Launch::Sync, [] { return true; });
    return continueWith(created, [stores, issued, by](bool) {
        return audited(stores, QStringLiteral("adminTokenCreate"),
                       {{QStringLiteral("name"), issued.record.name},
                        {QStringLiteral("scopes"), QJsonArray::fromStringList(issued.record.scopes)},
                        {QStringLiteral("expires"), issued.record.expiresAt.toString(Qt::ISODate)},
                        {QStringLiteral("by"), by}},
                       issued);
    });
}

QFuture<bool> revoke(std::shared_ptr<Adapter> adapter, const QString &name, const QString &by)
{
    const Stores stores = Stores::of(std::move(adapter));
    const QFuture<bool> revoked = storeOf(stores)->revokeAdminToken(name, QDateTime::currentDateTimeUtc());
    return continueWith(revoked, [stores, name, by](bool done) {
        if (!done)
            return QtFuture::makeReadyFuture(false);
        return audited(stores, QStringLiteral("adminTokenRevoke"), {{QStringLiteral("name"), name}, {QStringLiteral("by"), by}},
                       true);
    });
}

QFuture<QList<AdminTokenRecord>> list(std::shared_ptr<Adapter> adapter)
{
    return storeOf(Stores::of(std::move(adapter)))->adminTokens();
}

} // namespace Gatehouse::AdminTokens
