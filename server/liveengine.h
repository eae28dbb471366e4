#pragma once
/*! \file liveengine.h  The engine the serving threads use, replaceable while they serve. */
#include <gatehouse/auth.h>

#include <memory>
#include <mutex>

namespace Gatehouse {

/*!
 * Holds the current Auth for every serving thread. replace() swaps it atomically: a request
 * that has started keeps the engine it started with (its state holds the engine's data until
 * it finishes), the next request gets the new one. Connections are untouched.
 */
class LiveEngine
{
public:
    explicit LiveEngine(Auth auth) : m_auth(std::make_shared<const Auth>(std::move(auth))) {}

    //! The engine in effect now.
    std::shared_ptr<const Auth> current() const
    {
        const std::lock_guard lock(m_mutex);
        return m_auth;
    }

    //! Makes \a auth the engine of every request from now on.
    void replace(Auth auth)
    {
        auto next = std::make_shared<const Auth>(std::move(auth));
        const std::lock_guard lock(m_mutex);
        m_auth.swap(next);
    }

    //! Handles \a request with the current engine (thread-safe: the pool's RequestHandler).
    QFuture<AuthResponse> handle(const AuthRequest &request) const { return current()->handle(request); }

private:
    mutable std::mutex m_mutex;
    std::shared_ptr<const Auth> m_auth;
};

} // namespace Gatehouse
