#pragma once
/*!
 * \file writebatch.h  The writes of one pass of a serving thread's event loop, sent together.
 *
 * A TcpStream does not send a response the moment it is written: the streams written during a
 * pass of the thread's event loop send when the pass ends (the loop wakes again, or is about
 * to wait). On loopback, where a proxy or a client on the same machine reads, each send()
 * also delivers to the reader and wakes it; a batch wakes it once for many responses, and the
 * serving thread is preempted less (tests/bench/session/README.md has the figures).
 */
namespace Gatehouse {

class TcpStream;

namespace WriteBatch {

//! TcpStream::flush() for \a stream when this pass of the calling thread's event loop ends.
void add(TcpStream *stream);
//! Forgets \a stream (flushed, closed or destroyed before the pass ended).
void remove(TcpStream *stream);

} // namespace WriteBatch

} // namespace Gatehouse
