#pragma once
/*
 * The account page's endpoint, cut in three: account.cpp (the endpoint: its checks, GET shows,
 * POST changes), accountchanges.cpp (each form's operation, dispatched by account/accountforms.h)
 * and accountview.cpp (the page's content). These are what they share.
 */
#include "request/pageresponses.h"
#include "request/requeststate.h"
#include "session/sessionreader.h"

#include <gatehouse/account.h>

namespace Gatehouse::Actions::AccountEndpoint {

//! The account page's URL: the built-in one, or the application's own (pages.account).
QString accountUrl(const RequestState &s);

//! Not signed in (or not recently enough): to the sign-in page, which comes back here afterwards.
AuthResponse toSignIn(const RequestState &s);

//! Back to the page after a change (POST-redirect-GET), with the notice to show.
AuthResponse backToPage(const RequestState &s, const QString &notice, QList<SetCookie> cookies = {});

//! The token of the request's database session, empty with JWT sessions.
QString databaseToken(const RequestState &s);

//! The built-in password provider (passwordCredentialsProvider()), null when none is configured.
const Provider *builtinPasswords(const RequestState &s);

//! The page for \a user, showing \a twoFactor (an enrolment, new recovery codes) and \a notice.
QFuture<AuthResponse> showPage(const State &state, const AdapterUser &user,
                               const Pages::AccountContent::TwoFactor &twoFactor = {}, const QString &notice = {});

//! Whether the page offers the notices a person may turn off: they are mailed (account.notices,
//! an SMTP provider, url) and the adapter keeps the choice.
bool offersNoticeChoices(const RequestState &s, const Account &account);

/*!
 * The change a POST's \c action field asks for (account/accountforms.h), then back to the page,
 * for the signed-in \a session's stored user (read with SessionReadOptions::signInDetails: the
 * recent-sign-in rule reads its signInTime()).
 */
QFuture<AuthResponse> change(const State &state, const CurrentSession &session);

} // namespace Gatehouse::Actions::AccountEndpoint
