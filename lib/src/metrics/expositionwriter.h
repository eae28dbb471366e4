#pragma once
/*
 * Prometheus' text exposition format, version 0.0.4: "# HELP" and "# TYPE" once per family,
 * then one line per sample, name{label="value",...} value.
 */
#include <QByteArray>
#include <QByteArrayView>
#include <QList>

#include <cstdint>

namespace Gatehouse::Metrics {

//! The Content-Type of what ExpositionWriter writes.
inline constexpr char kExpositionContentType[] = "text/plain; version=0.0.4; charset=utf-8";

class ExpositionWriter
{
public:
    //! Starts a family: its HELP (escaped) and TYPE lines.
    void family(QByteArrayView name, QByteArrayView help, QByteArrayView type);

    //! One sample; \a labelNames and \a labelValues pair up (values are escaped).
    void sample(QByteArrayView name, const QList<QByteArray> &labelNames, const QList<QByteArray> &labelValues,
                QByteArrayView value);
    void sample(QByteArrayView name, const QList<QByteArray> &labelNames, const QList<QByteArray> &labelValues,
                double value);
    void sample(QByteArrayView name, const QList<QByteArray> &labelNames, const QList<QByteArray> &labelValues,
                std::uint64_t value);
    void sample(QByteArrayView name, const QList<QByteArray> &labelNames, const QList<QByteArray> &labelValues,
                std::int64_t value);

    const QByteArray &text() const { return m_text; }

    //! A number as the format writes it: shortest round-trip form, +Inf, -Inf, NaN.
    static QByteArray number(double value);
    //! \a value inside a label's double quotes: backslash, double quote and line feed escaped.
    static QByteArray escapeLabelValue(QByteArrayView value);
    //! \a text of a HELP line: backslash and line feed escaped.
    static QByteArray escapeHelp(QByteArrayView text);

private:
    QByteArray m_text;
};

} // namespace Gatehouse::Metrics
