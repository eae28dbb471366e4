#pragma once
#include <QHash>
#include <QString>
#include <QtGlobal>

#include <chrono>
#include <functional>
#include <optional>

namespace Gatehouse {

/*!
 * Tells the operator when the connection limits turn connections away, without a line per
 * connection: a warning when the connection cap starts evicting idle connections or refusing
 * new ones, or when an address starts being refused at the per-address limit, and a summary
 * once that has not happened for a quiet period (or the pool stops).
 *
 * Not thread-safe: ConnectionRegistry calls it under its lock. The time is passed in.
 */
class ConnectionLimitLog
{
public:
    using Clock = std::chrono::steady_clock;
    //! Where the lines go; by default warnings and summaries (info) on \c gatehouse.http.
    using Sink = std::function<void(QtMsgType type, const QString &line)>;
    //! Addresses refused at the per-address limit that are named one by one; more are summed.
    static constexpr int kNamedAddresses = 16;

    explicit ConnectionLimitLog(std::chrono::milliseconds quietPeriod = std::chrono::seconds(10));
    void setSink(Sink sink);

    /*!
     * At the cap of \a cap connections, \a count idle connections were closed for a new one from
     * \a newcomer. \a holders says who holds the open connections; it is called only when a
     * warning is due.
     */
    void evicted(int count, int cap, const QString &newcomer, const std::function<QString()> &holders,
                 Clock::time_point now);
    //! At the cap, with every connection busy, a new connection from \a newcomer was closed.
    void refusedAtCapacity(int cap, const QString &newcomer, const std::function<QString()> &holders,
                           Clock::time_point now);
    //! A new connection from \a address, which had \a limit open, was closed.
    void refusedPerAddress(const QString &address, int limit, Clock::time_point now);

    //! Summarises what has been quiet for the quiet period.
    void tick(Clock::time_point now);
    //! Summarises everything now.
    void flush();

private:
    struct Episode
    {
        Clock::time_point first;
        Clock::time_point last;
        quint64 evicted = 0;
        quint64 refused = 0;
        int limit = 0;
        bool warnedEvicting = false;
        bool warnedRefusing = false;
    };

    Episode &capacityEpisode(int cap, Clock::time_point now);
    void summariseCapacity();
    void summariseAddress(const QString &address, const Episode &episode);
    void summariseOthers();
    void emitLine(QtMsgType type, const QString &line);

    const std::chrono::milliseconds m_quietPeriod;
    Sink m_sink;
    std::optional<Episode> m_capacity;
    QHash<QString, Episode> m_addresses;
    std::optional<Episode> m_otherAddresses;  //!< beyond kNamedAddresses
};

} // namespace Gatehouse
