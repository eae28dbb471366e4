#pragma once
/*
 * CSRF protection by double submit: the token lives in a cookie as "token|sha256(token+secret)"
 * and every state-changing POST must repeat the token in its body.
 */
#include <QString>
#include <QStringList>
#include <optional>

namespace Gatehouse::Csrf {

//! A token and the cookie value that carries it.
struct Token
{
    QString token;        //!< the raw token handed to the client
    QString cookieValue;  //!< "token|hash"
    bool isNew = false;   //!< the cookie must be (re)written
};

/*!
 * The request's token when \a cookieValue is authentic under one of \a secrets, or a fresh
 * token signed with the first secret.
 */
Token fromCookie(const QString &cookieValue, const QStringList &secrets);

//! True when \a submitted equals the token of an authentic, existing cookie.
bool verify(const Token &token, const QString &submitted);

} // namespace Gatehouse::Csrf
