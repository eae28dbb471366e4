#pragma once
/*
 * A refused admin API request: its status and the JSON it answers, {"error", "message",
 * "field"}. Thrown anywhere in a request's work and turned into the answer in one place
 * (adminapi.cpp), so no refusal can escape as a 500.
 */
#include <gatehouse/authresponse.h>

#include <QJsonObject>
#include <QString>

namespace Gatehouse::AdminApiDetail {

struct ApiError
{
    int status = 400;
    QString error;      //!< stable identifier: "invalid_request", "not_found", ...
    QString message;    //!< for a person reading it
    QString field;      //!< the field, query parameter or header at fault; empty when none
    QJsonObject extra;  //!< further keys of the answer (the missing "scope")

    static ApiError badRequest(const QString &field, const QString &message)
    {
        return {400, QStringLiteral("invalid_request"), message, field, {}};
    }
    static ApiError notFound(const QString &field, const QString &message)
    {
        return {404, QStringLiteral("not_found"), message, field, {}};
    }
    //! A method the path does not serve; \a allowed lists those it does ("GET, DELETE").
    static ApiError methodNotAllowed(const QString &allowed)
    {
        return {405, QStringLiteral("method_not_allowed"), QStringLiteral("allowed here: %1").arg(allowed), {}, {}};
    }

    AuthResponse response() const;
};

//! A JSON answer with the API's headers: no caching, no sniffing, never a cookie.
AuthResponse jsonResponse(const QJsonObject &body, int status = 200);

//! \a body of \a contentType (200) with the same headers as jsonResponse().
AuthResponse apiResponse(const QByteArray &body, const QByteArray &contentType);

} // namespace Gatehouse::AdminApiDetail
