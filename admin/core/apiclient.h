#pragma once
/*! \file apiclient.h  The admin API of a gatehouse-server, as the models call it. */
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QUrl>
#include <QUrlQuery>

#include <functional>
#include <optional>

class QNetworkAccessManager;

namespace Gatehouse::Admin {

class ServerLink;

//! Why a call failed, and the API's own words for it.
struct ApiProblem
{
    enum class Kind {
        Network,         //!< the server was not reached, or answered no JSON
        SignInRequired,  //!< 401 twice, or the refresh was refused: the person must sign in again
        Forbidden,       //!< 403: not in admin.groups, a missing scope, another origin
        NotFound,        //!< 404
        Conflict,        //!< 409 (an email taken, a file saved meanwhile)
        Invalid,         //!< another 4xx: the input, naming \c field
        RateLimited,     //!< 429
        Server,          //!< 5xx (503: the database is unreachable)
    };
    Kind kind = Kind::Network;
    int status = 0;      //!< the HTTP status; 0 when there was no answer
    QString error;       //!< the API's \c error ("not_admin", "conflict", ...)
    QString message;     //!< the API's \c message, or what went wrong in words
    QString field;       //!< the API's \c field, when it names one
    QJsonObject body;    //!< the whole answer (e.g. \c problems of \c invalid_configuration)
};

//! One answer: the JSON object of a 2xx (or its lines, for newline-delimited JSON), or the problem.
struct ApiReply
{
    int status = 0;
    QJsonObject json;
    //! The objects of an \c application/x-ndjson answer (the audit pull), one a line.
    QList<QJsonObject> lines;
    //! The answer's headers (names as sent).
    QList<std::pair<QByteArray, QByteArray>> headers;
    std::optional<ApiProblem> problem;

    bool ok() const { return !problem; }
    //! The value of the header \a name (case-insensitive); empty when it was not sent.
    QByteArray header(const QByteArray &name) const;
    //! The problem in one sentence ("not allowed: ..."), empty when ok.
    QString errorText() const;
};

/*!
 * JSON over HTTP to \c {server}/admin/api/, with the connection's access token as
 * \c {Authorization: Bearer}. A 401 asks the ServerLink for one refresh and sends the request once
 * more; a second 401, or a refused refresh, is ApiProblem::Kind::SignInRequired (the connection
 * then says so in its status). Every answer is delivered in \a context's thread, unless
 * \a context is gone by then. Requests give up after 30 s.
 */
class ApiClient : public QObject
{
    Q_OBJECT
public:
    using Done = std::function<void(const ApiReply &)>;

    ApiClient(const QUrl &apiBase, ServerLink *link, QObject *parent = nullptr);
    ~ApiClient() override;

    //! \c {{server}/admin/api/}
    QUrl base() const { return m_base; }

    void get(const QString &path, const QUrlQuery &query, QObject *context, Done done);
    //! \a method "POST", "PATCH", "PUT" or "DELETE"; \a body sent as JSON when not empty.
    void send(const QByteArray &method, const QString &path, const QJsonObject &body, QObject *context, Done done);
    /*!
     * POSTs \a bytes as they are (\c {Content-Type: application/octet-stream}) to \a path with
     * \a query: a file for \c {users/import}. \a timeoutMs bounds the transfer instead of 30 s.
     */
    void upload(const QString &path, const QUrlQuery &query, const QByteArray &bytes, int timeoutMs, QObject *context, Done done);

private:
    struct Call
    {
        QByteArray method;
        QString path;
        QUrlQuery query;
        std::optional<QJsonObject> body;
        std::optional<QByteArray> bytes;  //!< sent as they are (upload())
        int timeoutMs = 0;                //!< 0: the usual 30 s
        QPointer<QObject> context;
        Done done;
        bool renewed = false;
    };
    void start(Call call);
    static ApiReply readReply(int status, const QByteArray &body, const QByteArray &contentType, const QString &networkError);

    QUrl m_base;
    QPointer<ServerLink> m_link;
    QNetworkAccessManager *m_nam;
};

} // namespace Gatehouse::Admin
