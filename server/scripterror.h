#pragma once
/*! \file scripterror.h  The failure of a JavaScript callback. */
#include <QException>
#include <QString>

namespace Gatehouse {

/*!
 * Why a JavaScript callback failed: an exception, a rejected Promise, a time-out, or a result
 * of the wrong shape. \c code() is the \c code property of the thrown value, if it had one
 * (a credentials \c authorize may throw \c {code: "..."} to choose the sign-in error code).
 */
class ScriptError : public QException
{
public:
    explicit ScriptError(QString message, QString code = {})
        : m_message(std::move(message)), m_code(std::move(code)), m_what(m_message.toUtf8())
    {
    }

    QString message() const { return m_message; }
    QString code() const { return m_code; }

    const char *what() const noexcept override { return m_what.constData(); }
    void raise() const override { throw *this; }
    ScriptError *clone() const override { return new ScriptError(*this); }

private:
    QString m_message;
    QString m_code;
    QByteArray m_what;
};

} // namespace Gatehouse
