#include "operatinguser.h"
#include "logging.h"

#include <gatehouse/adaptererror.h>

#include <QCryptographicHash>

#include <pwd.h>
#include <unistd.h>

namespace Gatehouse::Admin {

QString operatingUser()
{
    // Read once: getpwuid() is not thread-safe, and the events are built on worker threads.
    static const QString name = [] {
        const uid_t uid = geteuid();
        if (const passwd *entry = getpwuid(uid); entry && entry->pw_name)
            return QString::fromLocal8Bit(entry->pw_name);
        return QStringLiteral("uid %1").arg(uid);
    }();
    return name;
}

AuditEvent adminChangeEvent(const QString &type, const QString &userId, QJsonObject detail)
{
    AuditEvent event;
    event.time = QDateTime::currentDateTimeUtc();
    event.type = type;
    event.userId = userId;
    detail.insert(QStringLiteral("by"), QStringLiteral("admin"));
    detail.insert(QStringLiteral("operator"), operatingUser());
    event.detail = detail;
    return event;
}

void recordAdminChange(AuditStore &store, const AuditEvent &event)
{
    try {
        store.appendAudit(event).waitForFinished();
    } catch (const AdapterError &error) {
        warnUnrecorded(event, error.message());
    }
}

void warnUnrecorded(const AuditEvent &event, const QString &why)
{
    qCWarning(lcAdmin).noquote() << event.type << "of user" << event.userId << "was done but not recorded in the audit log:" << why;
}

void recordAdminChange(AuditStore &store, const QString &type, const QString &userId, QJsonObject detail)
{
    recordAdminChange(store, adminChangeEvent(type, userId, std::move(detail)));
}

QString sessionId(const QString &sessionToken)
{
    return QString::fromLatin1(QCryptographicHash::hash(sessionToken.toUtf8(), QCryptographicHash::Sha256).toHex());
}

} // namespace Gatehouse::Admin
