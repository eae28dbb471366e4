#include "metrics/expositionwriter.h"

#include <charconv>
#include <cmath>

namespace Gatehouse::Metrics {

void ExpositionWriter::family(QByteArrayView name, QByteArrayView help, QByteArrayView type)
{
    m_text += "# HELP ";
    m_text += name;
    m_text += ' ';
    m_text += escapeHelp(help);
    m_text += "\n# TYPE ";
    m_text += name;
    m_text += ' ';
    m_text += type;
    m_text += '\n';
}

void ExpositionWriter::sample(QByteArrayView name, const QList<QByteArray> &labelNames,
                              const QList<QByteArray> &labelValues, QByteArrayView value)
{
    m_text += name;
    if (!labelNames.isEmpty()) {
        m_text += '{';
        for (qsizetype i = 0; i < labelNames.size(); ++i) {
            if (i)
                m_text += ',';
            m_text += labelNames.at(i);
            m_text += "=\"";
            m_text += escapeLabelValue(labelValues.value(i));
            m_text += '"';
        }
        m_text += '}';
    }
    m_text += ' ';
    m_text += value;
    m_text += '\n';
}

void ExpositionWriter::sample(QByteArrayView name, const QList<QByteArray> &labelNames,
                              const QList<QByteArray> &labelValues, double value)
{
    sample(name, labelNames, labelValues, QByteArrayView(number(value)));
}

void ExpositionWriter::sample(QByteArrayView name, const QList<QByteArray> &labelNames,
                              const QList<QByteArray> &labelValues, std::uint64_t value)
{
    sample(name, labelNames, labelValues, QByteArrayView(QByteArray::number(quint64(value))));
}

void ExpositionWriter::sample(QByteArrayView name, const QList<QByteArray> &labelNames,
                              const QList<QByteArray> &labelValues, std::int64_t value)
{
    sample(name, labelNames, labelValues, QByteArrayView(QByteArray::number(qint64(value))));
}

QByteArray ExpositionWriter::number(double value)
{
    if (std::isnan(value))
        return QByteArrayLiteral("NaN");
    if (std::isinf(value))
        return value > 0 ? QByteArrayLiteral("+Inf") : QByteArrayLiteral("-Inf");
    // Whole numbers (counts, bytes) as integers; others in the shortest form that reads back
    // exactly, without an exponent where that stays short (0.0005, 1795674690.25, 9.3e-05, 1e+21).
    const double magnitude = std::fabs(value);
    if (magnitude < 9007199254740992.0 && value == std::trunc(value))
        return QByteArray::number(qint64(value));
    const std::chars_format format =
        magnitude >= 1e-4 && magnitude < 1e15 ? std::chars_format::fixed : std::chars_format::general;
    char buffer[64];
    const std::to_chars_result r = std::to_chars(buffer, buffer + sizeof buffer, value, format);
    return QByteArray(buffer, r.ptr - buffer);
}

QByteArray ExpositionWriter::escapeLabelValue(QByteArrayView value)
{
    QByteArray out;
    out.reserve(value.size());
    for (char c : value) {
        if (c == '\\')
            out += "\\\\";
        else if (c == '"')
            out += "\\\"";
        else if (c == '\n')
            out += "\\n";
        else
            out += c;
    }
    return out;
}

QByteArray ExpositionWriter::escapeHelp(QByteArrayView text)
{
    QByteArray out;
    out.reserve(text.size());
    for (char c : text) {
        if (c == '\\')
            out += "\\\\";
        else if (c == '\n')
            out += "\\n";
        else
            out += c;
    }
    return out;
}

} // namespace Gatehouse::Metrics
