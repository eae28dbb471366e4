#pragma once
/*! \file oidckeyrotation.h  Rotating the OpenID Provider's signing keys with overlap, and where
 *  each key stands (lib/src/oidcprovider/README.md, "Key rotation"). */
#include <gatehouse/global.h>
#include <gatehouse/oidckeystore.h>

#include <QDateTime>
#include <QFuture>
#include <QList>
#include <QStringList>

#include <memory>
#include <optional>

namespace Gatehouse {

/*!
 * One signing key's place in the rotation at an instant. A new key is published at once and
 * signs two minutes after it was made, so that every server sharing the database (each reads the
 * keys again every minute) publishes it before any signs with it; the key it replaces stays
 * published until what it signed has expired (the tokens' lifetime and a minute).
 */
struct GATEHOUSE_EXPORT OidcKeyStatus
{
    enum class State {
        Next,      //!< published, signs from signsFrom
        Signing,   //!< the key that signs for its algorithm
        Retiring,  //!< replaced, still published until publishedUntil
        Retired,   //!< no longer published
    };
    QString kid;
    QString alg;                          //!< "RS256", "ES256" or "EdDSA"
    qint64 generation = 1;
    QDateTime createdAt;                  //!< UTC
    State state = State::Signing;
    QDateTime signsFrom;                  //!< null for an algorithm's first key: from its start
    std::optional<QDateTime> signsUntil;  //!< when a newer key takes over, once one is stored
    std::optional<QDateTime> publishedUntil;
};

/*!
 * The place of each key in \a records at \a now, by algorithm and generation. Records of
 * algorithms this build does not know are left out. Opens nothing: needs no secret.
 */
GATEHOUSE_EXPORT QList<OidcKeyStatus> oidcKeySchedule(const QList<OidcSigningKeyRecord> &records, const QDateTime &now);

/*!
 * The kids of \a schedule's keys that may go from the store at \a now: retired (no longer
 * published) for \a keepSeconds or more. Tokens they signed have expired by then; what keeps
 * them is RP-initiated logout, which takes an ID token of any age as \c id_token_hint, so
 * \a keepSeconds is the sessions' lifetime (\c session.maxAge): an app's sign-in older than
 * that has no session left to end.
 */
GATEHOUSE_EXPORT QStringList oidcKeysToRemove(const QList<OidcKeyStatus> &schedule, const QDateTime &now,
                                              qint64 keepSeconds);

/*!
 * Adds the next generation of each algorithm's key to \a store, sealed with \a secrets (the
 * configuration's, newest first, as the running servers have them). Returns the records added;
 * an algorithm whose next generation another caller added at the same moment is left out
 * (theirs stands). Fails with AdapterError like the store, std::invalid_argument for no secret,
 * or std::runtime_error (adding nothing) when \a secrets do not open every stored key.
 */
GATEHOUSE_EXPORT QFuture<QList<OidcSigningKeyRecord>> rotateOidcSigningKeys(std::shared_ptr<OidcKeyStore> store,
                                                                            const QStringList &secrets);

} // namespace Gatehouse
