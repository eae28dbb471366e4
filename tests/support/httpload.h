#pragma once
/*! \file httpload.h  Requests sent steadily to a server from threads of their own, each timed. */
#include <QByteArray>
#include <QList>
#include <QString>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

namespace Gatehouse::Testing {

//! One request of a load: raw HTTP/1.1 pieces (Host, Connection: close and Content-Length are added).
struct LoadRequest
{
    QByteArray method = "GET";
    QByteArray target;           //!< path and query
    QByteArray headers;          //!< extra header lines, each ending in \r\n
    QByteArray body;
    QByteArray host;             //!< the Host header; empty: 127.0.0.1:<port>
    quint16 port = 0;            //!< sendAtOnce(): another server's port; 0: the port it is given
};

//! What one request got.
struct LoadAnswer
{
    int request = 0;             //!< its index in the list given to HttpLoad
    qint64 sentAtMs = 0;         //!< since the load started
    qint64 elapsedMs = 0;        //!< until the whole answer was in (or it gave up)
    int status = 0;              //!< 0: no complete answer (see error)
    QByteArray location;
    QByteArray retryAfter;
    QByteArray contentType;
    QList<QByteArray> setCookies;  //!< each Set-Cookie value
    QByteArray body;
    QString error;
};

//! The value of cookie \a name that \a answer sets (empty: none, or a deletion).
QByteArray cookieSet(const LoadAnswer &answer, const QByteArray &name);
//! Whether \a answer deletes cookie \a name (an empty value, or Max-Age=0).
bool removesCookie(const LoadAnswer &answer, const QByteArray &name);
//! The user's email of a GET /auth/session answer, "null" when signed out.
QString sessionEmail(const LoadAnswer &answer);
//! GET /auth/session with the session cookie \a token (none when empty).
LoadRequest getSession(const QByteArray &token, const QByteArray &cookieName = "authjs.session-token");

/*!
 * \a threads threads each send one request every \a interval to 127.0.0.1:\a port, going round
 * \a requests (thread i starts at request i), each on a new connection, so that a test that
 * blocks (starting a database, say) delays no answer and hides none. Bounded: every request
 * gives up after 5 s, and the load runs from start() to stop().
 */
class HttpLoad
{
public:
    HttpLoad(quint16 port, QList<LoadRequest> requests, int threads, std::chrono::milliseconds interval);
    ~HttpLoad();

    void start();
    void stop();
    //! Milliseconds since start().
    qint64 now() const;
    QList<LoadAnswer> answers() const;

    //! Sends \a request once, now, and waits for its answer (at most 5 s).
    static LoadAnswer send(quint16 port, const LoadRequest &request);
    /*!
     * Opens one connection per request first, then sends all of \a requests at once, so the
     * server sees them together (a race); the answers in the same order. Runs the calling
     * thread's event loop meanwhile (a peer of the server served there goes on answering);
     * bounded by \a timeoutMs. A request with a port of its own goes to that server.
     */
    static QList<LoadAnswer> sendAtOnce(quint16 port, const QList<LoadRequest> &requests, int timeoutMs);

private:
    void run(int first);

    const quint16 m_port;
    const QList<LoadRequest> m_requests;
    const int m_threads;
    const std::chrono::milliseconds m_interval;
    std::chrono::steady_clock::time_point m_started;
    std::atomic<bool> m_stop{false};
    std::vector<std::thread> m_workers;
    mutable std::mutex m_mutex;
    QList<LoadAnswer> m_answers;
};

} // namespace Gatehouse::Testing
