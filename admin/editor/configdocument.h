#pragma once
/*
 * ConfigDocument: the gatehouse-server JSON configuration as the admin app edits it.
 *
 * The document keeps the file's JSON object as read and changes only the keys the user edits,
 * so keys the editor does not know (or that a newer server added) stay untouched. Every edit
 * re-validates the document with the loader the server uses (gatehouse/configloader.h); the
 * problems carry key paths such as "providers[1].issuer", and problemAt() gives the message
 * for one field so each problem is shown where it belongs. Messages are in the language of the
 * installed translators (the library's gatehouse_config catalogue, which Language installs) and
 * follow a change of language at once.
 *
 * Key paths are the loader's: dot-separated keys with [n] list indexes
 * ("session.maxAge", "providers[0].clientSecret", "cookies.sessionToken.options.path").
 *
 * Saving is atomic (a temporary file renamed over the old one) and keeps the previous file as
 * <file>.bak: writeConfigFile() (gatehouse/configfile.h), the admin API's save too.
 * gatehouse-server reloads the file when it changes.
 *
 * Over a server connection, openServer() reads the file gatehouse-server was started with
 * through the admin API (\c {GET config}): every secret masked, each mask standing for its
 * secret. Edits are checked here with the same loader, in the user's language, at once, and then
 * by the server itself (\c {POST config/check}, a moment after the last edit: its files and
 * environment are not this workstation's): once it has answered, the problems are the server's,
 * those the loader here found too in the user's language, the others as the server words them
 * (\c serverChecked). save() sends the
 * document with the version it was read at (\c {PUT config}): the server brings the masked
 * secrets back, checks it as it loads it, writes it (FILE.bak, atomic) and reloads. A file saved
 * meanwhile by someone else is refused (conflict) and nothing is overwritten; a configuration the
 * server refuses leaves the file untouched, its problems in errorString. revert() goes back to
 * the document as last read or saved.
 */
#include <gatehouse/configloader.h>

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTimer>
#include <QVariant>
#include <QtQml/qqmlregistration.h>

namespace Gatehouse::Admin {

class AdminConnection;

class ConfigDocument : public QObject
{
    Q_OBJECT
    QML_ELEMENT
    Q_MOC_INCLUDE("adminconnection.h")

    //! The open file (absolute path); empty before open().
    Q_PROPERTY(QString filePath READ filePath NOTIFY filePathChanged)
    //! True when a file is open.
    Q_PROPERTY(bool loaded READ isLoaded NOTIFY filePathChanged)
    //! True when the document is the server's file, read over the admin API (openServer()).
    Q_PROPERTY(bool remote READ isRemote NOTIFY filePathChanged)
    //! True while the server is read or a save to it runs.
    Q_PROPERTY(bool busy READ isBusy NOTIFY busyChanged)
    //! A remote document's problems are the server's check of the document as it stands.
    Q_PROPERTY(bool serverChecked READ isServerChecked NOTIFY problemsChanged)
    //! True when there are edits not yet saved.
    Q_PROPERTY(bool modified READ isModified NOTIFY modifiedChanged)
    //! Increases with every change of the document; bindings that call value() depend on it.
    Q_PROPERTY(int revision READ revision NOTIFY changed)
    //! Every problem of the current document: [{path, message, severity: "error"|"warning", text}]
    //! (message and text translated).
    Q_PROPERTY(QVariantList problems READ problems NOTIFY problemsChanged)
    Q_PROPERTY(int errorCount READ errorCount NOTIFY problemsChanged)
    Q_PROPERTY(int warningCount READ warningCount NOTIFY problemsChanged)
    //! The last failure of open() or save(), in the user's language; empty after a success.
    Q_PROPERTY(QString errorString READ errorString NOTIFY errorStringChanged)
    //! Number of entries in "providers".
    Q_PROPERTY(int providerCount READ providerCount NOTIFY changed)
    //! Ids of the built-in provider catalogue (gatehouse/providers.h), sorted.
    Q_PROPERTY(QStringList builtinProviderIds READ builtinProviderIds CONSTANT)
    //! Provider types a custom provider can have.
    Q_PROPERTY(QStringList providerTypes READ providerTypes CONSTANT)

public:
    explicit ConfigDocument(QObject *parent = nullptr);

    QString filePath() const { return m_filePath; }
    bool isLoaded() const { return !m_filePath.isEmpty(); }
    bool isRemote() const { return !m_connection.isNull(); }
    bool isBusy() const { return m_busy > 0; }
    bool isServerChecked() const { return m_publishedServerChecked; }
    //! The server connection of a remote document; null for a local file.
    AdminConnection *connection() const;
    //! The document as last read or saved (what revert() returns to).
    QJsonObject savedJson() const { return m_savedRoot; }
    bool isModified() const { return m_modified; }
    int revision() const { return m_revision; }
    QVariantList problems() const;
    int errorCount() const;
    int warningCount() const;
    QString errorString() const { return m_errorString; }
    int providerCount() const;
    QStringList builtinProviderIds() const;
    QStringList providerTypes() const;

    //! The document's JSON as it would be saved.
    QJsonObject json() const { return m_root; }
    //! Folder of the file (relative names in the JSON resolve against it).
    QString baseDir() const;

    //! The environment validation reads (the process environment unless set).
    void setEnvironment(const QProcessEnvironment &environment);

    /*!
     * Reads \a pathOrUrl (a path or a file: URL). On failure the document is unchanged and
     * errorString() says why (unreadable file, JSON syntax error with line and column).
     */
    Q_INVOKABLE bool open(const QString &pathOrUrl);
    /*!
     * Reads the configuration file of the server \a connection is connected to, over the admin
     * API. Returns at once; \c filePath changes when it is read, errorString says why not.
     */
    Q_INVOKABLE void openServer(Gatehouse::Admin::AdminConnection *connection);
    //! Starts a new, empty document that save() will write to \a pathOrUrl.
    Q_INVOKABLE void create(const QString &pathOrUrl);
    /*!
     * Writes the document atomically, keeping the old file as <file>.bak. Refuses while the
     * document has errors unless \a force is true (the server would refuse to load it).
     * A remote document is sent to the server: true means sent; \c saved() (or errorString)
     * follows when the server has answered.
     */
    Q_INVOKABLE bool save(bool force = false);
    //! Re-reads the file, dropping unsaved edits.
    Q_INVOKABLE bool revert();

    //! The value at \a keyPath, or undefined when it is not set.
    Q_INVOKABLE QVariant value(const QString &keyPath) const;
    //! True when \a keyPath is set in the document.
    Q_INVOKABLE bool contains(const QString &keyPath) const;
    /*!
     * Sets \a keyPath to \a value, creating the objects on the way. An undefined or null
     * value, or an empty string, removes the key (the server's default applies).
     */
    Q_INVOKABLE void setValue(const QString &keyPath, const QVariant &value);
    Q_INVOKABLE void remove(const QString &keyPath);

    //! The problems reported exactly at \a keyPath, one per line; empty when there is none.
    Q_INVOKABLE QString problemAt(const QString &keyPath) const;
    //! The problems at \a keyPath or below it (for a section's header), one per line.
    Q_INVOKABLE QString problemsUnder(const QString &keyPath) const;

    //! Appends the built-in provider \a id ({"id": id}); returns its index or -1.
    Q_INVOKABLE int addBuiltinProvider(const QString &id);
    //! Appends a custom provider of \a type with a unique id; returns its index or -1.
    Q_INVOKABLE int addCustomProvider(const QString &type);
    Q_INVOKABLE void removeProvider(int index);
    //! The provider's type: its "type", or the built-in provider's type for {"id": "github"}.
    Q_INVOKABLE QString providerType(int index) const;
    //! What the provider list shows: the name, or the built-in name, or the id.
    Q_INVOKABLE QString providerTitle(int index) const;
    //! True when provider \a index is a built-in one (its id names a catalogue entry).
    Q_INVOKABLE bool isBuiltinProvider(int index) const;
    /*!
     * The fields the editor offers for provider \a index:
     * [{key, label (translated), kind: "text"|"secret"|"url"|"bool"|"int"|"type", placeholder}].
     */
    Q_INVOKABLE QVariantList providerFields(int index) const;

    //! Validates the document now (edits do this already).
    Q_INVOKABLE void validate();

protected:
    //! Re-translates the problems when the application's translators change.
    bool eventFilter(QObject *watched, QEvent *event) override;

Q_SIGNALS:
    void filePathChanged();
    void modifiedChanged();
    void changed();
    void problemsChanged();
    void errorStringChanged();
    void busyChanged();
    //! A save() wrote the file.
    void saved();

private:
    void replaceRoot(const QJsonObject &root, bool modified);
    void setModified(bool modified);
    void setErrorString(const QString &text);
    //! Publishes m_configProblems, translated, as problems().
    void publishProblems();
    QJsonObject providerAt(int index) const;

    void saveToServer();
    void checkOnServer();
    void setBusy(bool busy);

    QString m_filePath;
    QPointer<AdminConnection> m_connection;   // set: a remote document
    QString m_version;                        // the remote file's version as last read or saved
    QJsonObject m_savedRoot;
    int m_busy = 0;
    QTimer *m_serverCheck = nullptr;          // a moment after the last edit of a remote document
    QJsonArray m_serverProblems;              // the server's check of revision m_serverRevision
    bool m_serverChecked = false;
    bool m_publishedServerChecked = false;    // what problems() shows
    QJsonObject m_root;
    bool m_modified = false;
    int m_revision = 0;
    QString m_errorString;
    QVariantList m_problems;
    QList<ConfigProblem> m_configProblems;   // as the loader reported them
    QProcessEnvironment m_environment;
};

} // namespace Gatehouse::Admin
