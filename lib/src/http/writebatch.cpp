#include "http/writebatch.h"

#include "http/tcpstream.h"

#include <QAbstractEventDispatcher>
#include <QPointer>
#include <QThread>

#include <algorithm>
#include <utility>
#include <vector>

namespace Gatehouse::WriteBatch {

namespace {

//! The calling thread's batch. Its event dispatcher ends a pass with awake() (the next pass
//! begins) or aboutToBlock() (nothing else to do): either sends the batch.
struct Batch
{
    std::vector<TcpStream *> streams;
    //! A thread may see its dispatcher replaced (an application made again): hook the new one.
    QPointer<QAbstractEventDispatcher> hooked;

    void flush()
    {
        // By index: a flush may remove a stream (it closes) or add one (a pipelined request
        // answered at once), and those land in this list.
        for (std::size_t i = 0; i < streams.size(); ++i) {
            if (TcpStream *stream = std::exchange(streams[i], nullptr))
                stream->flush();
        }
        streams.clear();
    }
};

Batch &batch()
{
    static thread_local Batch here;
    return here;
}

} // namespace

void add(TcpStream *stream)
{
    Batch &b = batch();
    QAbstractEventDispatcher *dispatcher = QAbstractEventDispatcher::instance(QThread::currentThread());
    if (!dispatcher) {  // no event loop on this thread: nothing would end a pass
        stream->flush();
        return;
    }
    if (b.hooked != dispatcher) {
        b.hooked = dispatcher;
        QObject::connect(dispatcher, &QAbstractEventDispatcher::awake, [] { batch().flush(); });
        QObject::connect(dispatcher, &QAbstractEventDispatcher::aboutToBlock, [] { batch().flush(); });
    }
    b.streams.push_back(stream);
}

void remove(TcpStream *stream)
{
    std::vector<TcpStream *> &streams = batch().streams;
    std::replace(streams.begin(), streams.end(), stream, static_cast<TcpStream *>(nullptr));
}

} // namespace Gatehouse::WriteBatch
