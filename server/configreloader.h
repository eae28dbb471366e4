#pragma once
/*! \file configreloader.h  Applies a changed configuration file to the running server. */
#include "liveengine.h"
#include "serverconfiguration.h"

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

QT_BEGIN_NAMESPACE
class QFileSystemWatcher;
class QTimer;
QT_END_NAMESPACE

namespace Gatehouse {

/*!
 * Re-reads gatehouse-server's configuration on reload() (SIGHUP) and when the configuration
 * file or its callbacks script changes on disk. The folders are watched too, because editors
 * and atomic saves replace a file by renaming another over it; changes are debounced, and a
 * change that leaves both files' contents as they were is ignored. With \c server.reloadOnChange
 * false, only reload() (SIGHUP) reloads.
 *
 * A valid configuration becomes the LiveEngine's new Auth (on the existing database adapter):
 * requests that have started finish with the old one, connections stay open. An invalid one
 * is logged problem by problem, with its key path, and the old configuration keeps serving.
 * Settings that only take effect at start-up (\c server.listen, \c server.threads, the
 * connection limits, \c adapter.url) are compared with the running ones: a change is logged
 * as needing a restart and otherwise ignored.
 *
 * A replaced configuration's callbacks script, with its engines, goes away once the last
 * request that started with it has finished.
 */
class ConfigReloader : public QObject
{
    Q_OBJECT

public:
    //! Loads the configuration as at start-up (file, environment, command-line overrides).
    using Loader = std::function<ServerConfiguration()>;

    /*!
     * \a running is the configuration the server started with (its script is kept), \a adapter
     * the database opened for it (or null). Watches \a configFile unless it is empty.
     */
    ConfigReloader(QString configFile, Loader load, LiveEngine &engine, const ServerConfiguration &running,
                   std::shared_ptr<Adapter> adapter, QObject *parent = nullptr);
    ~ConfigReloader() override;

    //! Time to wait after the last change on disk before reading (default 300 ms).
    void setDebounceInterval(int milliseconds);

    /*!
     * Reads and applies the configuration now; \a reason is logged ("SIGHUP", "file changed").
     * Returns true when the new configuration is in effect.
     */
    bool reload(const QString &reason);

Q_SIGNALS:
    //! A reload begins (before the file is read).
    void reloading(const QString &reason);
    void reloaded();
    void rejected();

private:
    void changedOnDisk();
    void watch();
    //! The contents of the configuration file and of the callbacks script.
    QByteArray fingerprint() const;
    void logRestartOnlyChanges(const ServerSettings &next) const;

    QString m_configFile;
    Loader m_load;
    LiveEngine &m_engine;
    ServerSettings m_running;        //!< as started: what needs a restart is compared with it
    QString m_callbacksScript;       //!< of the configuration in effect
    std::shared_ptr<Adapter> m_adapter;
    QByteArray m_fingerprint;        //!< of the last configuration read
    bool m_reloadOnChange = true;    //!< server.reloadOnChange in effect
    QFileSystemWatcher *m_watcher = nullptr;
    QTimer *m_debounce = nullptr;
};

} // namespace Gatehouse
