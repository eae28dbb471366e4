#pragma once
/*! \file signalwatcher.h  Unix signals delivered as a Qt signal on the main thread. */
#include <QObject>

#include <initializer_list>

QT_BEGIN_NAMESPACE
class QSocketNotifier;
QT_END_NAMESPACE

namespace Gatehouse {

/*!
 * Turns the Unix signals it is given (SIGTERM, SIGINT, SIGHUP, ...) into received(), emitted
 * from the event loop of the thread that created it. The signal handler only writes the
 * signal number into a socket pair, the one async-signal-safe way to reach an event loop.
 * There can be one SignalWatcher per process.
 */
class SignalWatcher : public QObject
{
    Q_OBJECT

public:
    explicit SignalWatcher(std::initializer_list<int> signalNumbers, QObject *parent = nullptr);
    ~SignalWatcher() override;

Q_SIGNALS:
    void received(int signalNumber);

private:
    void readSignals();

    QSocketNotifier *m_notifier = nullptr;
    QList<int> m_signals;
};

} // namespace Gatehouse
