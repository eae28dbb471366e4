#pragma once
/*
 * The process_* families every Prometheus client exports, read from /proc/self at scrape time:
 * resident and virtual memory, CPU seconds, open and maximum file descriptors, start time.
 */
#include <QByteArray>

#include <optional>

namespace Gatehouse::Metrics {

class ExpositionWriter;

struct ProcessSample
{
    double cpuSeconds = 0;          //!< user + system
    double startTimeSeconds = 0;    //!< since the Unix epoch
    double residentBytes = 0;
    double virtualBytes = 0;
    double openFds = 0;
    double maxFds = 0;
};

/*!
 * Parses the contents of /proc/self/stat with the clock tick rate, the page size and the boot
 * time (seconds since the epoch, /proc/stat's btime). Nullopt when \a stat is malformed.
 */
std::optional<ProcessSample> parseProcStat(const QByteArray &stat, long ticksPerSecond, long pageSize,
                                           double bootTime);

//! This process now; nullopt where /proc cannot be read.
std::optional<ProcessSample> sampleProcess();

//! Writes the process_* families of \a sample.
void writeProcessMetrics(ExpositionWriter &writer, const ProcessSample &sample);

} // namespace Gatehouse::Metrics
