#pragma once
/*
 * What the fuzz targets share: silence (Qt and Gatehouse log nothing while fuzzing), cutting one
 * input into the parts of a structured input, and property checks that crash like a bug does.
 */
#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QString>
#include <QtGlobal>

#include <cstdio>
#include <cstdlib>

namespace Fuzz {

//! Separates the parts of a structured input (seeds and dictionaries use it too).
inline constexpr char kSeparator[] = "\n---\n";

//! Drops every log message (a fatal one still aborts).
inline void silenceLogging()
{
    qInstallMessageHandler([](QtMsgType type, const QMessageLogContext &, const QString &message) {
        if (type == QtFatalMsg) {
            std::fprintf(stderr, "qFatal: %s\n", qPrintable(message));
            std::abort();
        }
    });
}

//! The first \a count parts of \a input cut at kSeparator; missing parts are empty, the last
//! part keeps any further separators.
inline QList<QByteArray> parts(QByteArrayView input, int count)
{
    QList<QByteArray> out;
    const QByteArrayView separator(kSeparator);
    while (out.size() < count - 1) {
        const qsizetype at = input.indexOf(separator);
        if (at < 0)
            break;
        out.append(input.first(at).toByteArray());
        input = input.sliced(at + separator.size());
    }
    out.append(input.toByteArray());
    while (out.size() < count)
        out.append(QByteArray());
    return out;
}

//! Reads small numbers off the front of an input (zero once it is used up).
class Bytes
{
public:
    explicit Bytes(QByteArrayView data) : m_data(data) {}
    quint8 byte()
    {
        if (m_data.isEmpty())
            return 0;
        const quint8 b = quint8(m_data.front());
        m_data = m_data.sliced(1);
        return b;
    }
    quint16 word() { return quint16(byte() | (quint16(byte()) << 8)); }
    QByteArrayView rest() const { return m_data; }

private:
    QByteArrayView m_data;
};

[[noreturn]] inline void violated(const char *property, const char *file, int line, const QString &detail)
{
    std::fprintf(stderr, "%s:%d: property violated: %s\n%s\n", file, line, property, qPrintable(detail));
    std::abort();
}

} // namespace Fuzz

//! A property of the code under test: its violation is a finding, reported like a crash.
#define FUZZ_CHECK(condition, detail)                                                       \
    do {                                                                                    \
        if (!(condition))                                                                   \
            ::Fuzz::violated(#condition, __FILE__, __LINE__, (detail));                     \
    } while (false)
