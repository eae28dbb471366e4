#pragma once
/*! \file userimportmodel.h  "Import users…": a file checked first, then imported, with progress. */
#include <QAbstractListModel>
#include <QUrl>
#include <QtQml/qqmlregistration.h>

#include <memory>

namespace Gatehouse::Admin {

class AdminConnection;
class UserImportModelPrivate;

/*!
 * What `gatehouse-server user import` does, for the admin app (lib/src/userimport/README.md):
 * check() reads the file and runs the import without committing it, and lists every user of
 * the file with what would become of it (the rows: \c line, \c email, \c outcome — "created",
 * "updated", "unchanged", "skipped" or "refused" — and \c reason); importUsers() then does it,
 * in one transaction, and the rows say what was done.
 *
 *     Idle -> Checking -> Checked -> Importing -> Imported
 *                      -> Failed (unreadable file, database error: errorString)
 *
 * Changing an input (file, format, options) goes back to Idle: an import is always of what was
 * checked last. \c canImport says whether importUsers() would change anything: not when all or
 * nothing (onConflict "fail" or "update") meets a refused row, nor when nothing is new. Each
 * imported user is audited (\c userImport, \c by "admin", the operating system's user).
 *
 * Connected to a server, the server imports: the file is sent to the admin API's
 * \c {POST users/import} (the same engine, the check a dry run there), its report fills the rows,
 * and the audit's \c by is the person signed in. The server reports no progress on the way:
 * \c progress stays -1 (indeterminate) until its answer.
 */
class UserImportModel : public QAbstractListModel
{
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(Gatehouse::Admin::AdminConnection *connection READ connection WRITE setConnection NOTIFY connectionChanged)
    //! The file to import (a file:// URL, as a FileDialog gives, or a path).
    Q_PROPERTY(QUrl fileUrl READ fileUrl WRITE setFileUrl NOTIFY inputChanged)
    //! One of \c formats; setting \c fileUrl guesses it from the file's name.
    Q_PROPERTY(QString format READ format WRITE setFormat NOTIFY inputChanged)
    Q_PROPERTY(QStringList formats READ formats CONSTANT)
    //! Turns user names without '@' into addresses (htpasswd and Authelia files have names).
    Q_PROPERTY(QString emailDomain READ emailDomain WRITE setEmailDomain NOTIFY inputChanged)
    //! "fail" (the default: nothing is imported when an address exists), "skip" or "update".
    Q_PROPERTY(QString onConflict READ onConflict WRITE setOnConflict NOTIFY inputChanged)
    Q_PROPERTY(bool allowWeakHashes READ allowWeakHashes WRITE setAllowWeakHashes NOTIFY inputChanged)
    //! Groups added to every imported user, separated by commas.
    Q_PROPERTY(QString groups READ groups WRITE setGroups NOTIFY inputChanged)
    Q_PROPERTY(State state READ state NOTIFY stateChanged)
    Q_PROPERTY(bool busy READ isBusy NOTIFY stateChanged)
    //! 0..1 while the database part runs (users stored of users to store); -1 while the file is read.
    Q_PROPERTY(double progress READ progress NOTIFY progressChanged)
    Q_PROPERTY(int readCount READ readCount NOTIFY summaryChanged)
    Q_PROPERTY(int createdCount READ createdCount NOTIFY summaryChanged)
    Q_PROPERTY(int updatedCount READ updatedCount NOTIFY summaryChanged)
    Q_PROPERTY(int unchangedCount READ unchangedCount NOTIFY summaryChanged)
    Q_PROPERTY(int skippedCount READ skippedCount NOTIFY summaryChanged)
    Q_PROPERTY(int refusedCount READ refusedCount NOTIFY summaryChanged)
    //! After importUsers(): the users are in the database (false: a conflict that arose since the
    //! check, or a refusal, left everything as it was; the rows say which).
    Q_PROPERTY(bool committed READ isCommitted NOTIFY summaryChanged)
    //! Whether importUsers() may run now and would change something (see the class notes).
    Q_PROPERTY(bool canImport READ canImport NOTIFY summaryChanged)
    //! Why canImport is false after a check, for the person ("2 users are refused: ...").
    Q_PROPERTY(QString blockedReason READ blockedReason NOTIFY summaryChanged)
    Q_PROPERTY(QString errorString READ errorString NOTIFY stateChanged)

public:
    enum class State { Idle, Checking, Checked, Importing, Imported, Failed };
    Q_ENUM(State)
    enum Role { LineRole = Qt::UserRole + 1, EmailRole, OutcomeRole, ReasonRole };
    Q_ENUM(Role)

    explicit UserImportModel(QObject *parent = nullptr);
    ~UserImportModel() override;

    AdminConnection *connection() const;
    void setConnection(AdminConnection *connection);
    QUrl fileUrl() const;
    void setFileUrl(const QUrl &url);
    QString format() const;
    void setFormat(const QString &format);
    QStringList formats() const;
    QString emailDomain() const;
    void setEmailDomain(const QString &domain);
    QString onConflict() const;
    void setOnConflict(const QString &onConflict);
    bool allowWeakHashes() const;
    void setAllowWeakHashes(bool allow);
    QString groups() const;
    void setGroups(const QString &groups);
    State state() const;
    bool isBusy() const;
    double progress() const;
    int readCount() const;
    int createdCount() const;
    int updatedCount() const;
    int unchangedCount() const;
    int skippedCount() const;
    int refusedCount() const;
    bool isCommitted() const;
    bool canImport() const;
    QString blockedReason() const;
    QString errorString() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    //! Reads the file and runs the import without committing it (state Checking -> Checked).
    Q_INVOKABLE void check();
    //! Imports what check() showed (state Importing -> Imported); only when canImport.
    Q_INVOKABLE void importUsers();
    //! Back to Idle with no rows (the inputs stay).
    Q_INVOKABLE void reset();

Q_SIGNALS:
    void connectionChanged();
    void inputChanged();
    void stateChanged();
    void progressChanged();
    void summaryChanged();

private:
    void run(bool dryRun);
    void inputsChanged();

    std::unique_ptr<UserImportModelPrivate> d;
};

} // namespace Gatehouse::Admin
