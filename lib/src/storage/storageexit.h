#pragma once
/*!
 * \file storageexit.h  The storage work the process's exit waits for.
 *
 * A program may return from main() while a storage thread still works: an audit event written
 * in the background after the change it records was answered, or an adapter whose last
 * reference went on one of its own storage threads and ends on a thread of its own. That work
 * must neither be lost nor run while Qt SQL's globals are destroyed under it (a command such as
 * `gatehouse-server user 2fa reset` crashed so, once in a while). So the exit waits for it,
 * before Qt SQL's globals go. Every such wait is bounded by the database timeouts
 * (SqlConnection::defaultConnectOptions()).
 */
#include <functional>

namespace Gatehouse::StorageExit {

//! A storage job was queued. jobEnded() once it has run and released what it held. Thread-safe.
void jobQueued();
void jobEnded();

//! Marks the calling thread as running a storage job while it lives: an exit begun from within
//! a job does not wait for that job.
class RunningJob
{
public:
    RunningJob();
    ~RunningJob();
    RunningJob(const RunningJob &) = delete;
    RunningJob &operator=(const RunningJob &) = delete;
};

//! Runs \a teardown on a thread of its own, which the exit waits for. Thread-safe.
void runLate(std::function<void()> teardown);

/*!
 * Makes the process's exit wait for the jobs queued and the teardowns still running. Called
 * each time a database connection is made, once it has run a statement: Qt SQL makes some of
 * its globals lazily, the last at the first statement (the null result without which a
 * QSqlQuery destroyed at exit leaks its own). What this makes then is destroyed before them.
 */
void waitAtExit();

} // namespace Gatehouse::StorageExit
