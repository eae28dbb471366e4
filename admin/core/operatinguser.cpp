#include "operatinguser.h"

#include <pwd.h>
#include <unistd.h>

namespace Gatehouse::Admin {

QString operatingUser()
{
    const uid_t uid = geteuid();
    if (const passwd *entry = getpwuid(uid); entry && entry->pw_name)
        return QString::fromLocal8Bit(entry->pw_name);
    return QStringLiteral("uid %1").arg(uid);
}

} // namespace Gatehouse::Admin
