#pragma once
/*!
 * \file configfile.h  Saving gatehouse-server's configuration file, as every writer of it does:
 * the admin app's editor (a local save) and the admin API (a save from elsewhere). The previous
 * file is kept as \c FILE.bak and the new one replaces it atomically (a temporary file renamed
 * over it), so a server that reads the file never sees half of it; gatehouse-server reloads a
 * file that changed (configreloader).
 */
#include <gatehouse/global.h>

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace Gatehouse {

//! What writeConfigFile() did: nothing when it failed.
struct GATEHOUSE_EXPORT ConfigFileWrite
{
    enum class Failure {
        None,     //!< written
        Backup,   //!< the previous file could not be copied to the backup: nothing was written
        Write,    //!< the file could not be written: it is as it was
    };
    Failure failure = Failure::None;
    //! The file at fault: the backup (Failure::Backup) or the configuration file (Failure::Write).
    QString path;
    //! The system's reason, e.g. "Permission denied".
    QString errorString;

    bool ok() const { return failure == Failure::None; }
};

//! The backup a save keeps of \a path's previous contents: \c path.bak.
GATEHOUSE_EXPORT QString configBackupPath(const QString &path);

//! The bytes a save writes for \a json: indented JSON, keys sorted.
GATEHOUSE_EXPORT QByteArray configFileContents(const QJsonObject &json);

/*!
 * Writes \a json to \a path: first copies the file there (when there is one) to
 * configBackupPath(), then writes the new contents to a temporary file beside it and renames
 * that over \a path. On failure the configuration file is unchanged.
 */
GATEHOUSE_EXPORT ConfigFileWrite writeConfigFile(const QString &path, const QJsonObject &json);

} // namespace Gatehouse
