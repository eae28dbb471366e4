// gatehouse/oidckeyrotation.h: the signing keys' rotation schedule, and adding the next generation.
#include <gatehouse/oidckeyrotation.h>

#include "core/futures.h"
#include "oidcprovider/keybox.h"
#include "oidcprovider/signingkeys.h"

#include <algorithm>
#include <utility>

namespace Gatehouse {

using OidcProvider::SigningAlgorithm;
namespace KeySchedule = OidcProvider::KeySchedule;

namespace {

//! Adds \a records from \a index on; the ones the store took, after \a added.
QFuture<QList<OidcSigningKeyRecord>> addEach(std::shared_ptr<OidcKeyStore> store, QList<OidcSigningKeyRecord> records,
                                             qsizetype index, QList<OidcSigningKeyRecord> added)
{
    if (index >= records.size())
        return QtFuture::makeReadyFuture(added);
    return continueWith(store->addOidcSigningKey(records.at(index)), [store, records, index, added](bool taken) mutable {
        if (taken)
            added.append(records.at(index));
        return addEach(store, records, index + 1, added);
    });
}

} // namespace

QList<OidcKeyStatus> oidcKeySchedule(const QList<OidcSigningKeyRecord> &records, const QDateTime &now)
{
    QList<std::pair<SigningAlgorithm, OidcKeyStatus>> keys;
    for (const OidcSigningKeyRecord &record : records) {
        const std::optional<SigningAlgorithm> algorithm = OidcProvider::algorithmNamed(record.alg);
        if (!algorithm)
            continue;
        OidcKeyStatus status;
        status.kid = record.kid;
        status.alg = record.alg;
        status.generation = record.generation;
        status.createdAt = record.createdAt;
        keys.append({*algorithm, status});
    }
    std::stable_sort(keys.begin(), keys.end(), [](const auto &a, const auto &b) {
        return a.first != b.first ? a.first < b.first : a.second.generation < b.second.generation;
    });
    QList<OidcKeyStatus> statuses;
    for (qsizetype i = 0; i < keys.size(); ++i) {
        OidcKeyStatus status = keys.at(i).second;
        if (i > 0 && keys.at(i - 1).first == keys.at(i).first)  // not the algorithm's first key
            status.signsFrom = status.createdAt.addSecs(KeySchedule::publishBeforeSigning.count());
        statuses.append(status);
    }
    // A key signs until the earliest start of a newer key of its algorithm (a newer generation
    // made on a machine whose clock is behind may start earlier than the one before it).
    for (qsizetype i = 0; i < statuses.size(); ++i) {
        for (qsizetype j = i + 1; j < statuses.size() && keys.at(j).first == keys.at(i).first; ++j) {
            const QDateTime takeOver = statuses.at(j).signsFrom;
            if (!statuses.at(i).signsUntil || takeOver < *statuses.at(i).signsUntil)
                statuses[i].signsUntil = takeOver;
        }
        OidcKeyStatus &status = statuses[i];
        if (status.signsUntil)
            status.publishedUntil = status.signsUntil->addSecs(KeySchedule::publishAfterSigning.count());
        if (!status.signsFrom.isNull() && now < status.signsFrom)
            status.state = OidcKeyStatus::State::Next;
        else if (!status.signsUntil || now < *status.signsUntil)
            status.state = OidcKeyStatus::State::Signing;
        else if (now < *status.publishedUntil)
            status.state = OidcKeyStatus::State::Retiring;
        else
            status.state = OidcKeyStatus::State::Retired;
    }
    return statuses;
}

QStringList oidcKeysToRemove(const QList<OidcKeyStatus> &schedule, const QDateTime &now, qint64 keepSeconds)
{
    QStringList kids;
    for (const OidcKeyStatus &key : schedule) {
        if (key.state == OidcKeyStatus::State::Retired && key.publishedUntil
            && key.publishedUntil->addSecs(keepSeconds) <= now)
            kids.append(key.kid);
    }
    return kids;
}

QFuture<QList<OidcSigningKeyRecord>> rotateOidcSigningKeys(std::shared_ptr<OidcKeyStore> store, const QStringList &secrets)
{
    auto box = std::make_shared<const OidcProvider::KeyBox>(secrets);  // throws for no secret
    return continueWith(store->oidcSigningKeys(), [store, box](const QList<OidcSigningKeyRecord> &records) {
        // Keys sealed with other secrets than the servers' would not open there: the servers
        // would keep signing with the old keys and new servers would not start. Fail closed.
        for (const OidcSigningKeyRecord &record : records) {
            if (OidcProvider::algorithmNamed(record.alg) && !box->open(record))
                throw OidcProvider::UnusableSigningKey(
                    QStringLiteral("the configured secrets do not open the stored signing key %1 (%2): rotate with "
                                   "the configuration the servers use")
                        .arg(record.kid, record.alg)
                        .toStdString());
        }
        QList<OidcSigningKeyRecord> next;
        for (const SigningAlgorithm algorithm : {SigningAlgorithm::RS256, SigningAlgorithm::ES256, SigningAlgorithm::EdDSA}) {
            qint64 newest = 0;
            for (const OidcSigningKeyRecord &record : records) {
                if (OidcProvider::algorithmNamed(record.alg) == algorithm)
                    newest = std::max(newest, record.generation);
            }
            next.append(box->seal(OidcProvider::SigningKey::generate(algorithm), newest + 1));
        }
        return addEach(store, next, 0, {});
    });
}

} // namespace Gatehouse
