#include "oidcprovider/signingkeys.h"

#include "core/futures.h"
#include "oidcprovider/jwks.h"

#include <algorithm>

namespace Gatehouse::OidcProvider {

namespace {

const SigningAlgorithm everyAlgorithm[] = {SigningAlgorithm::RS256, SigningAlgorithm::ES256, SigningAlgorithm::EdDSA};

//! The keys in \a records that this build knows, opened; throws UnusableSigningKey for one that does not open.
QList<SigningKeySet::Entry> openAll(const QList<OidcSigningKeyRecord> &records, const KeyBox &box)
{
    QList<SigningKeySet::Entry> entries;
    for (const OidcSigningKeyRecord &record : records) {
        if (!algorithmNamed(record.alg))
            continue;
        std::optional<SigningKey> key = box.open(record);
        if (!key)
            throw UnusableSigningKey(QStringLiteral("the OpenID Provider's signing key %1 (%2) does not open with the "
                                                    "configured secrets: restore the secret it was sealed with")
                                         .arg(record.kid, record.alg)
                                         .toStdString());
        entries.append({*key, record.generation, record.createdAt});
    }
    return entries;
}

bool hasAlgorithm(const QList<SigningKeySet::Entry> &entries, SigningAlgorithm algorithm)
{
    return std::any_of(entries.cbegin(), entries.cend(),
                       [algorithm](const SigningKeySet::Entry &e) { return e.key.algorithm() == algorithm; });
}

//! Adds \a records from \a index on, one after the other; what each returns does not matter (a
//! taken generation means another server's key is there).
QFuture<bool> addFrom(std::shared_ptr<OidcKeyStore> store, QList<OidcSigningKeyRecord> records, qsizetype index)
{
    if (index >= records.size())
        return QtFuture::makeReadyFuture(true);
    const QFuture<bool> added = store->addOidcSigningKey(records.at(index));
    return continueWith(added, [store, records, index](bool) { return addFrom(store, records, index + 1); });
}

} // namespace

SigningKeySet::SigningKeySet(QList<Entry> entries)
    : m_entries(std::move(entries))
{
    std::stable_sort(m_entries.begin(), m_entries.end(), [](const Entry &a, const Entry &b) {
        return a.key.algorithm() != b.key.algorithm() ? a.key.algorithm() < b.key.algorithm() : a.generation < b.generation;
    });
}

QList<OidcKeyStatus> SigningKeySet::schedule(const QDateTime &now) const
{
    QList<OidcSigningKeyRecord> records;
    for (const Entry &entry : m_entries)
        records.append({entry.key.kid(), entry.key.alg(), entry.generation, QString(), entry.createdAt});
    return oidcKeySchedule(records, now);
}

const SigningKey *SigningKeySet::keyWithKid(const QString &kid) const
{
    for (const Entry &entry : m_entries) {
        if (entry.key.kid() == kid)
            return &entry.key;
    }
    return nullptr;
}

const SigningKey *SigningKeySet::signer(SigningAlgorithm algorithm, const QDateTime &now) const
{
    const QString name = algorithmName(algorithm);
    for (const OidcKeyStatus &status : schedule(now)) {
        if (status.alg == name && status.state == OidcKeyStatus::State::Signing)
            return keyWithKid(status.kid);
    }
    return nullptr;
}

const SigningKey *SigningKeySet::signer(SigningAlgorithm algorithm) const
{
    return signer(algorithm, QDateTime::currentDateTimeUtc());
}

QList<SigningKey> SigningKeySet::published(const QDateTime &now) const
{
    QList<SigningKey> keys;
    for (const OidcKeyStatus &status : schedule(now)) {
        if (status.state != OidcKeyStatus::State::Retired)
            keys.append(*keyWithKid(status.kid));
    }
    return keys;
}

QList<SigningKey> SigningKeySet::published() const
{
    return published(QDateTime::currentDateTimeUtc());
}

QJsonObject SigningKeySet::jwks() const
{
    return OidcProvider::jwks(published());
}

QFuture<SigningKeySet> loadSigningKeys(std::shared_ptr<OidcKeyStore> store, std::shared_ptr<const KeyBox> box)
{
    const QFuture<QList<OidcSigningKeyRecord>> stored = store->oidcSigningKeys();
    return continueWith(stored, [store, box](const QList<OidcSigningKeyRecord> &records) -> QFuture<SigningKeySet> {
        const QList<SigningKeySet::Entry> entries = openAll(records, *box);
        QList<OidcSigningKeyRecord> missing;
        for (const SigningAlgorithm algorithm : everyAlgorithm) {
            if (!hasAlgorithm(entries, algorithm))
                missing.append(box->seal(SigningKey::generate(algorithm), 1));
        }
        if (missing.isEmpty())
            return QtFuture::makeReadyFuture(SigningKeySet(entries));
        // Then what the store holds: ours, or the keys of a server that was quicker.
        const QFuture<bool> added = addFrom(store, missing, 0);
        return continueWith(added, [store, box](bool) {
            return continueWith(store->oidcSigningKeys(), [box](const QList<OidcSigningKeyRecord> &now) {
                QList<SigningKeySet::Entry> loaded = openAll(now, *box);
                for (const SigningAlgorithm algorithm : everyAlgorithm) {
                    if (!hasAlgorithm(loaded, algorithm))
                        throw UnusableSigningKey("the OpenID Provider's store kept no " + algorithmName(algorithm).toStdString()
                                                 + " signing key");
                }
                return SigningKeySet(std::move(loaded));
            });
        });
    });
}

} // namespace Gatehouse::OidcProvider
