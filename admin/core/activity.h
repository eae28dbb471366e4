#pragma once
/*! \file activity.h  The busy state and last error an admin object shows while its work runs. */
#include <QString>

namespace Gatehouse::Admin {

/*!
 * How many pieces of \a Owner's background work are running, and the error the last one
 * reported. Announced through \a Owner's own signals busyChanged() and errorStringChanged(),
 * each emitted only when the value changes.
 */
template<typename Owner>
class Activity
{
public:
    explicit Activity(Owner *owner) : m_owner(owner) {}

    bool isBusy() const { return m_running > 0; }
    QString errorString() const { return m_error; }

    //! A piece of work starts.
    void begin()
    {
        if (m_running++ == 0)
            Q_EMIT m_owner->busyChanged();
    }
    //! A piece of work begun with begin() has ended.
    void end()
    {
        if (--m_running == 0)
            Q_EMIT m_owner->busyChanged();
    }
    //! \a message is the current error (empty: none).
    void setError(const QString &message)
    {
        if (message == m_error)
            return;
        m_error = message;
        Q_EMIT m_owner->errorStringChanged();
    }

private:
    Owner *const m_owner;
    int m_running = 0;
    QString m_error;
};

} // namespace Gatehouse::Admin
