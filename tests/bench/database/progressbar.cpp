#include "progressbar.h"

#include <QLocale>
#include <cstdio>
#include <unistd.h>

ProgressBar::ProgressBar(const QString &label, qint64 total)
    : m_label(label)
    , m_total(qMax<qint64>(1, total))
    , m_terminal(::isatty(STDERR_FILENO))
{
    m_clock.start();
}

void ProgressBar::update(qint64 done)
{
    if (m_terminal) {
        if (m_clock.elapsed() - m_lastDraw >= 100)
            draw(done, false);
        return;
    }
    const int tenth = int(done * 10 / m_total);
    if (tenth != m_lastTenth && tenth < 10) {
        m_lastTenth = tenth;
        draw(done, false);
    }
}

void ProgressBar::finish()
{
    draw(m_total, true);
}

void ProgressBar::draw(qint64 done, bool final)
{
    m_lastDraw = m_clock.elapsed();
    const double seconds = qMax<qint64>(1, m_clock.elapsed()) / 1000.0;
    const double rate = done / seconds;
    const int width = 30;
    const int filled = int(width * done / m_total);
    const QString bar = QString(filled, u'#') + QString(width - filled, u'.');
    const QLocale c = QLocale::c();
    QString line = QStringLiteral("%1 [%2] %3% %4/%5  %6 rows/s")
                       .arg(m_label, bar)
                       .arg(int(100 * done / m_total), 3)
                       .arg(c.toString(done), c.toString(m_total), c.toString(qint64(rate)));
    if (final)
        line += QStringLiteral("  %1 s").arg(seconds, 0, 'f', 1);
    else if (rate > 0)
        line += QStringLiteral("  %1 s left").arg(int((m_total - done) / rate));
    std::fprintf(stderr, m_terminal ? "\r%-110s%s" : "%s%s\n", qPrintable(line), final && m_terminal ? "\n" : "");
    std::fflush(stderr);
}
