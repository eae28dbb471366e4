#include "logwriter.h"

#include <gatehouse/requestlogentry.h>

#include <QAtomicInt>
#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QMutex>
#include <QMutexLocker>

#include <sys/stat.h>
#include <unistd.h>

namespace Gatehouse::LogWriter {

namespace {

QAtomicInt currentFormat = int(Format::Text);
QLoggingCategory::CategoryFilter previousFilter = nullptr;
QAtomicInt formatFixed = 0;
bool toJournal = false;
QMutex writeMutex;

// systemd sets JOURNAL_STREAM to "device:inode" of the stream it connected to the journal;
// standard error may since have been redirected elsewhere.
bool stderrIsJournal()
{
    const QByteArray stream = qgetenv("JOURNAL_STREAM");
    const qsizetype colon = stream.indexOf(':');
    if (colon <= 0)
        return false;
    struct stat info = {};
    if (::fstat(STDERR_FILENO, &info) != 0)
        return false;
    bool deviceOk = false;
    bool inodeOk = false;
    const qulonglong device = stream.left(colon).toULongLong(&deviceOk);
    const qulonglong inode = stream.mid(colon + 1).toULongLong(&inodeOk);
    return deviceOk && inodeOk && device == qulonglong(info.st_dev) && inode == qulonglong(info.st_ino);
}

int syslogPriority(QtMsgType type)
{
    switch (type) {
    case QtDebugMsg: return 7;
    case QtInfoMsg: return 6;
    case QtWarningMsg: return 4;
    case QtCriticalMsg: return 3;
    case QtFatalMsg: return 2;
    }
    return 6;
}

const char *levelName(QtMsgType type)
{
    switch (type) {
    case QtDebugMsg: return "debug";
    case QtInfoMsg: return "info";
    case QtWarningMsg: return "warning";
    case QtCriticalMsg: return "error";
    case QtFatalMsg: return "fatal";
    }
    return "info";
}

QByteArray jsonLine(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    QJsonObject line{
        {QStringLiteral("time"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
        {QStringLiteral("level"), QLatin1String(levelName(type))},
        {QStringLiteral("category"), QLatin1String(context.category ? context.category : "default")},
        {QStringLiteral("message"), message},
    };
    if (const RequestLogEntry *request = RequestLogEntry::current()) {
        line.insert(QStringLiteral("requestId"), QString::fromLatin1(request->id));
        line.insert(QStringLiteral("method"), QString::fromLatin1(request->method));
        line.insert(QStringLiteral("path"), QString::fromLatin1(request->path));
        line.insert(QStringLiteral("status"), request->status);
        line.insert(QStringLiteral("durationUs"), qint64(request->duration.count()));
        line.insert(QStringLiteral("client"), request->client.toString());
    }
    return QJsonDocument(line).toJson(QJsonDocument::Compact);
}

// Qt's HTTP categories print whole requests at debug level, Cookie and Authorization headers
// included: they stay off below info, whatever QT_LOGGING_RULES or the configuration's debug say.
void filterCategory(QLoggingCategory *category)
{
    if (previousFilter)
        previousFilter(category);
    const char *name = category->categoryName();
    if (qstrncmp(name, "qt.httpserver", 13) == 0 || qstrncmp(name, "qt.network", 10) == 0)
        category->setEnabled(QtDebugMsg, false);
}

void handleMessage(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    QByteArray line;
    if (toJournal)
        line = '<' + QByteArray::number(syslogPriority(type)) + '>';
    if (Format(currentFormat.loadRelaxed()) == Format::Json) {
        line += jsonLine(type, context, message);
    } else {
        QString text = qFormatLogMessage(type, context, message);
        text.replace(u'\n', QLatin1String("\n  "));   // one entry stays one entry
        line += text.toUtf8();
    }
    line += '\n';
    const QMutexLocker lock(&writeMutex);
    const char *data = line.constData();
    qsizetype left = line.size();
    while (left > 0) {
        const ssize_t written = ::write(STDERR_FILENO, data, size_t(left));
        if (written <= 0)
            break;
        data += written;
        left -= written;
    }
}

} // namespace

std::optional<Format> parseFormat(const QString &name)
{
    if (name == QLatin1String("text"))
        return Format::Text;
    if (name == QLatin1String("json"))
        return Format::Json;
    return std::nullopt;
}

void install(Format format)
{
    toJournal = stderrIsJournal();
    currentFormat.storeRelaxed(int(format));
    // The journal stamps every entry itself; the pattern's own time would say it twice.
    if (!qEnvironmentVariableIsSet("QT_MESSAGE_PATTERN"))
        qSetMessagePattern(QStringLiteral("%1%{if-debug}debug%{endif}%{if-info}info%{endif}%{if-warning}warning%{endif}"
                                          "%{if-critical}error%{endif}%{if-fatal}fatal%{endif} %{category}: %{message}")
                               .arg(toJournal ? QString() : QStringLiteral("%{time yyyy-MM-ddThh:mm:ss.zzz} ")));
    qInstallMessageHandler(handleMessage);
    static bool filtering = false;
    if (!filtering) {
        filtering = true;
        previousFilter = QLoggingCategory::installFilter(filterCategory);
    }
}

void setFormat(Format format)
{
    if (!formatFixed.loadRelaxed())
        currentFormat.storeRelaxed(int(format));
}

void fixFormat()
{
    formatFixed.storeRelaxed(1);
}

Format format()
{
    return Format(currentFormat.loadRelaxed());
}

} // namespace Gatehouse::LogWriter
