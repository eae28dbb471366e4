#pragma once
/*
 * A progress bar for long loads: on a terminal one line redrawn in place (bar, count, rate,
 * time left); otherwise one plain line per 10 %. Written to stderr.
 */
#include <QElapsedTimer>
#include <QString>

class ProgressBar
{
public:
    ProgressBar(const QString &label, qint64 total);
    //! Sets the count done so far; redraws at most every 100 ms.
    void update(qint64 done);
    //! Draws 100 % and ends the line, with the total time and rate.
    void finish();

private:
    void draw(qint64 done, bool final);

    QString m_label;
    qint64 m_total;
    QElapsedTimer m_clock;
    qint64 m_lastDraw = -1000;
    int m_lastTenth = -1;
    bool m_terminal;
};
