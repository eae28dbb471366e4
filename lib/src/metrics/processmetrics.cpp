#include "metrics/processmetrics.h"

#include "metrics/expositionwriter.h"

#include <QDir>
#include <QFile>
#include <QList>

#include <sys/resource.h>
#include <unistd.h>

namespace Gatehouse::Metrics {

namespace {

QByteArray readProcFile(const char *path)
{
    // /proc files report a size of 0: read until the end rather than by size.
    QFile file(QString::fromLatin1(path));
    if (!file.open(QIODevice::ReadOnly | QIODevice::Unbuffered))
        return {};
    return file.readAll();
}

double bootTime()
{
    const QByteArray stat = readProcFile("/proc/stat");
    for (const QByteArray &line : stat.split('\n')) {
        if (line.startsWith("btime "))
            return line.mid(6).trimmed().toDouble();
    }
    return 0;
}

} // namespace

std::optional<ProcessSample> parseProcStat(const QByteArray &stat, long ticksPerSecond, long pageSize,
                                           double boot)
{
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so fields are counted
    // from the last ')'.
    const qsizetype close = stat.lastIndexOf(')');
    if (close < 0 || ticksPerSecond <= 0)
        return std::nullopt;
    const QList<QByteArray> fields = stat.mid(close + 2).simplified().split(' ');
    // After comm, field 3 (state) is index 0; utime is field 14, stime 15, starttime 22,
    // vsize 23, rss 24.
    const auto field = [&fields](int number) { return fields.value(number - 3).toDouble(); };
    if (fields.size() < 24 - 3 + 1)
        return std::nullopt;
    ProcessSample s;
    s.cpuSeconds = (field(14) + field(15)) / double(ticksPerSecond);
    s.startTimeSeconds = boot + field(22) / double(ticksPerSecond);
    s.virtualBytes = field(23);
    s.residentBytes = field(24) * double(pageSize);
    return s;
}

std::optional<ProcessSample> sampleProcess()
{
    std::optional<ProcessSample> s = parseProcStat(readProcFile("/proc/self/stat"), sysconf(_SC_CLK_TCK),
                                                   sysconf(_SC_PAGESIZE), bootTime());
    if (!s)
        return std::nullopt;
    // The listing's own descriptor is among the entries; the count is a moment's anyway.
    s->openFds = double(QDir(QStringLiteral("/proc/self/fd")).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System).size());
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0)
        s->maxFds = limit.rlim_cur == RLIM_INFINITY ? 0 : double(limit.rlim_cur);
    return s;
}

void writeProcessMetrics(ExpositionWriter &w, const ProcessSample &s)
{
    const auto gauge = [&w](const char *name, const char *help, const char *type, double value) {
        w.family(name, help, type);
        w.sample(name, {}, {}, value);
    };
    gauge("process_cpu_seconds_total", "Total user and system CPU time spent in seconds.", "counter", s.cpuSeconds);
    gauge("process_open_fds", "Number of open file descriptors.", "gauge", s.openFds);
    if (s.maxFds > 0)
        gauge("process_max_fds", "Maximum number of open file descriptors.", "gauge", s.maxFds);
    gauge("process_virtual_memory_bytes", "Virtual memory size in bytes.", "gauge", s.virtualBytes);
    gauge("process_resident_memory_bytes", "Resident memory size in bytes.", "gauge", s.residentBytes);
    gauge("process_start_time_seconds", "Start time of the process since unix epoch in seconds.", "gauge",
          s.startTimeSeconds);
}

} // namespace Gatehouse::Metrics
