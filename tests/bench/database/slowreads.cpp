/*
 * LD_PRELOAD library for scale.sh: a database file that is read from a slow disk. Every pread()
 * of a file of at least SLOW_READ_MIN_BYTES (default 64 MiB) first sleeps SLOW_READ_US
 * microseconds (default 0: no delay). Reads from several threads wait side by side, as on a
 * disk that serves several requests at once. Only SQLite reads this way (PostgreSQL runs in its
 * own processes), and the small databases stay below the size limit. (Exported explicitly: the
 * build hides symbols by default.)
 */
#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <thread>

namespace {

using Pread = ssize_t (*)(int, void *, size_t, off_t);

struct Settings
{
    Pread realPread = nullptr;
    std::chrono::microseconds delay{0};
    long long minBytes = 64LL * 1024 * 1024;
};

const Settings &settings()
{
    static const Settings loaded = [] {
        Settings s;
        s.realPread = reinterpret_cast<Pread>(dlsym(RTLD_NEXT, "pread64"));
        if (const char *delay = std::getenv("SLOW_READ_US"))
            s.delay = std::chrono::microseconds(std::atol(delay));
        if (const char *size = std::getenv("SLOW_READ_MIN_BYTES"))
            s.minBytes = std::atoll(size);
        return s;
    }();
    return loaded;
}

} // namespace

extern "C" __attribute__((visibility("default"))) ssize_t pread64(int fd, void *buffer, size_t count, off_t offset)
{
    const Settings &s = settings();
    struct stat status;
    if (s.delay.count() > 0 && fstat(fd, &status) == 0 && status.st_size >= s.minBytes)
        std::this_thread::sleep_for(s.delay);
    return s.realPread(fd, buffer, count, offset);
}

extern "C" __attribute__((visibility("default"))) ssize_t pread(int fd, void *buffer, size_t count, off_t offset)
{
    return pread64(fd, buffer, count, offset);
}
