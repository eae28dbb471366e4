#include "storage/storageexit.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <list>
#include <mutex>
#include <thread>

namespace Gatehouse::StorageExit {

namespace {

struct Teardown
{
    std::thread thread;
    bool done = false;  //!< under State::mutex
};

struct State
{
    std::atomic<int> jobs{0};
    std::atomic<bool> watched{false};  //!< the exit waits: jobEnded() must wake it
    std::mutex mutex;
    std::condition_variable changed;
    std::list<Teardown> teardowns;
};

//! Never destroyed: a pool or a teardown may outlive every static (an adapter kept to the end).
State &state()
{
    static State *const s = new State;
    return *s;
}

thread_local int runningJobs = 0;

void wake(State &s)
{
    std::lock_guard lock(s.mutex);
    s.changed.notify_all();
}

//! Made by waitAtExit(); its destructor is the wait.
struct ExitWait
{
    ~ExitWait()
    {
        State &s = state();
        const int own = runningJobs;
        std::unique_lock lock(s.mutex);
        // Set under the lock, before the counter is read: a jobEnded() that misses it has
        // already lowered the counter this wait reads.
        s.watched = true;
        s.changed.wait(lock, [&] {
            return s.jobs.load() <= own
                && std::all_of(s.teardowns.begin(), s.teardowns.end(), [](const Teardown &t) { return t.done; });
        });
        for (Teardown &teardown : s.teardowns)
            teardown.thread.join();
        s.teardowns.clear();
    }
};

} // namespace

void jobQueued()
{
    ++state().jobs;
}

void jobEnded()
{
    State &s = state();
    // Every end, not only the last: an exit begun inside a job waits for the count to fall to
    // its own jobs, not to zero.
    --s.jobs;
    if (s.watched.load())
        wake(s);
}

RunningJob::RunningJob()
{
    ++runningJobs;
}

RunningJob::~RunningJob()
{
    --runningJobs;
}

void runLate(std::function<void()> teardown)
{
    State &s = state();
    std::lock_guard lock(s.mutex);
    for (auto it = s.teardowns.begin(); it != s.teardowns.end();) {  // join the finished ones
        if (it->done) {
            it->thread.join();
            it = s.teardowns.erase(it);
        } else {
            ++it;
        }
    }
    Teardown &added = s.teardowns.emplace_back();
    added.thread = std::thread([&s, &added, teardown = std::move(teardown)]() mutable {
        teardown();
        teardown = nullptr;  // release what it holds before saying it is done
        std::lock_guard lock(s.mutex);
        added.done = true;
        s.changed.notify_all();
    });
}

void waitAtExit()
{
    static ExitWait wait;
}

} // namespace Gatehouse::StorageExit
