#pragma once
/*
 * The user of a verified email sign-in: what completeSignIn() gets after a sign-in link was
 * used (\c stored: completeSignIn() only checks that the user is not disabled; \c provisional
 * for a new address, which has no user to check). The address is known to belong to the
 * visitor now, so:
 * - a stored user with that address is signed in; the first email sign-in sets its
 *   \c emailVerified (\c updateUser, event \c updateUser) once the sign-in is allowed (the
 *   signIn callback agreed, the user is not disabled: SignInResult::whenAllowed), later ones
 *   change nothing;
 * - otherwise the signIn callback sees a provisional user, as in Auth.js ({id: random UUID,
 *   email, emailVerified: null} with an \c email account for that id), and the user is created
 *   only once the sign-in is allowed (SignInResult::whenAllowed): with \c emailVerified set and
 *   an \c email account whose \c providerAccountId is the address (\c createUserAndLinkAccount,
 *   events \c createUser and \c linkAccount), the sign-in counting as a sign-up (\c isNewUser).
 *   A refused sign-in stores no user, account or session. When another request created the
 *   same user a moment earlier, that user signs in instead (unless it is disabled).
 */
#include "signin/completesignin.h"

namespace Gatehouse::EmailFlow {

//! The SignInResult for \a email (the verified identifier of a used sign-in link).
QFuture<SignInResult> signInUser(const State &state, const QString &email);

//! The account of an email sign-in: {providerAccountId: email, userId, type: "email", provider}.
QJsonObject emailAccount(const RequestState &state, const QString &userId, const QString &email);

} // namespace Gatehouse::EmailFlow
