#pragma once
/*! \file usersmodel.h  The users table: search, sort, lazy windowed paging, edits. */
#include <QAbstractListModel>
#include <QPointer>
#include <QtQml/qqmlregistration.h>

#include <memory>

namespace Gatehouse::Admin {

class AdminConnection;
class UsersModelPrivate;

/*!
 * Every user matching \c search, in the order of \c sortColumn / \c ascending, for a ListView or
 * TableView. \c rowCount() is the full count (1 million users give 1 million rows) but rows
 * are loaded in pages of \c pageSize only when a view asks for them (data() of a row not yet
 * loaded returns the placeholder values below and schedules its page; \c dataChanged follows).
 * At most a few pages are kept (a window around what the view shows); nothing loads all rows.
 * Neighbouring pages are found by keyset paging, a jump far away by position from the nearer
 * end, so scrolling stays fast anywhere in the table.
 *
 * Roles (QML names): \c userId, \c name, \c email, \c emailVerified (date-time; invalid when not
 * verified), \c image (URL text, empty when none), \c disabled (the user may not sign in),
 * \c hasPassword, \c passwordDisabled, \c loaded (false while the row's page is still loading:
 * name/email are empty then).
 *
 * Edits run off the GUI thread; each ends with \c operationFinished(operation, ok, message,
 * result) where \c operation is the invokable's name, \c message a human-readable sentence
 * (the error on failure, e.g. "\"x@\" is not a valid email address" or "a user with the email
 * amy@example.test exists already"), and \c result holds e.g. \c userId (createUser) or
 * \c password (resetPassword). The list reloads after each successful edit. Validation
 * failures are reported the same way, without touching the database.
 */
class UsersModel : public QAbstractListModel
{
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(Gatehouse::Admin::AdminConnection *connection READ connection WRITE setConnection NOTIFY connectionChanged)
    /*!
     * Text the email or the name starts with, any case (\c * stands for any text, so
     * \c *lace finds it anywhere, slower; \c "text" quoted: the whole email or name; the
     * rule of UserPageRequest::search); a whole user id also matches. A
     * \c group:NAME token (\c group:"NAME WITH SPACES") lists only that group's members (exact
     * name); the rest of the text is searched among them.
     */
    Q_PROPERTY(QString search READ search WRITE setSearch NOTIFY searchChanged)
    //! The group the list is filtered by (from \c search); empty: any.
    Q_PROPERTY(QString group READ group NOTIFY searchChanged)
    Q_PROPERTY(SortColumn sortColumn READ sortColumn WRITE setSortColumn NOTIFY sortChanged)
    //! Users without a value in the sort column (no name, not verified) come last either way.
    Q_PROPERTY(bool ascending READ ascending WRITE setAscending NOTIFY sortChanged)
    //! The number of matching users (same as rowCount()); -1 until counted.
    Q_PROPERTY(qint64 totalCount READ totalCount NOTIFY totalCountChanged)
    /*!
     * Whether totalCount is every matching user. Over a server, a search and the list of every
     * user are counted up to 10,000 (the API's \c totalExact): false then means "10,000 or
     * more", and the list holds the first 10,000. Over a database: always true.
     */
    Q_PROPERTY(bool totalExact READ totalExact NOTIFY totalCountChanged)
    //! Rows per page loaded (default 100).
    Q_PROPERTY(int pageSize READ pageSize WRITE setPageSize NOTIFY pageSizeChanged)
    //! True while a count, page or edit is running.
    Q_PROPERTY(bool busy READ isBusy NOTIFY busyChanged)
    //! The last failure of a load (not of an edit: see operationFinished); empty when none.
    Q_PROPERTY(QString errorString READ errorString NOTIFY errorStringChanged)

public:
    enum class SortColumn { Id, Name, Email, EmailVerified };
    Q_ENUM(SortColumn)
    enum Role {
        UserIdRole = Qt::UserRole + 1,
        NameRole,
        EmailRole,
        EmailVerifiedRole,
        ImageRole,
        HasPasswordRole,
        PasswordDisabledRole,
        LoadedRole,
        DisabledRole,
    };
    Q_ENUM(Role)

    explicit UsersModel(QObject *parent = nullptr);
    ~UsersModel() override;

    AdminConnection *connection() const;
    void setConnection(AdminConnection *connection);
    QString search() const;
    void setSearch(const QString &search);
    QString group() const;
    SortColumn sortColumn() const;
    void setSortColumn(SortColumn column);
    bool ascending() const;
    void setAscending(bool ascending);
    qint64 totalCount() const;
    bool totalExact() const;
    int pageSize() const;
    void setPageSize(int rows);
    bool isBusy() const;
    QString errorString() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    //! Counts again and drops every loaded page (after outside changes).
    Q_INVOKABLE void refresh();
    //! The row's values as a map with the role names as keys (loads the row if needed).
    Q_INVOKABLE QVariantMap get(int row) const;
    //! Whether every row in [first, last] is loaded; loads the missing pages otherwise.
    Q_INVOKABLE bool ensureLoaded(int first, int last);

    //! The search text that lists \a group's members: \c group:NAME, quoted when it has spaces.
    Q_INVOKABLE QString groupSearch(const QString &group) const;
    //! Empty when \a email is a valid address, else why not (for inline form validation).
    Q_INVOKABLE QString validateEmail(const QString &email) const;

    Q_INVOKABLE void createUser(const QString &email, const QString &name, const QString &image);
    //! Sets name, email and image; an empty name or image stores none.
    Q_INVOKABLE void updateUser(const QString &userId, const QString &name, const QString &email,
                                const QString &image);
    //! Marks the email verified now, or not verified.
    Q_INVOKABLE void setEmailVerified(const QString &userId, bool verified);
    //! Sets the built-in password (Argon2id); at least 8 characters.
    Q_INVOKABLE void setPassword(const QString &userId, const QString &password);
    //! Sets a new random password; \c result.password holds it (show it once).
    Q_INVOKABLE void resetPassword(const QString &userId);
    /*!
     * Disables the user (or enables it again): gatehouse-server refuses its sign-in with every
     * provider. Disabling also signs the user out everywhere (deletes its database sessions);
     * the same rule as \c {gatehouse-server user disable} (gatehouse/userstate.h).
     */
    Q_INVOKABLE void setDisabled(const QString &userId, bool disabled);
    //! Deletes the user with its accounts, sessions, authenticators and password (SPEC.md).
    Q_INVOKABLE void remove(const QString &userId);

Q_SIGNALS:
    void connectionChanged();
    void searchChanged();
    void sortChanged();
    void totalCountChanged();
    void pageSizeChanged();
    void busyChanged();
    void errorStringChanged();
    void operationFinished(const QString &operation, bool ok, const QString &message, const QVariantMap &result);

private:
    std::unique_ptr<UsersModelPrivate> d;
    friend class UsersModelPrivate;
};

} // namespace Gatehouse::Admin
