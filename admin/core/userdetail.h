#pragma once
/*! \file userdetail.h  One user with its accounts, sessions, authenticators, two-factor state, groups and audit events. */
#include <QDateTime>
#include <QObject>
#include <QStringList>
#include <QVariantList>
#include <QPointer>
#include <QtQml/qqmlregistration.h>

#include <memory>

namespace Gatehouse::Admin {

class AdminConnection;
class AccountsModel;
class SessionListModel;
class AuthenticatorsModel;
class AuditEventsModel;
class UserDetailPrivate;

/*!
 * Set \c connection and \c userId; the user and its four lists load off the GUI thread
 * (\c busy meanwhile; \c loaded when done; \c exists false when there is no such user).
 * Actions end with \c operationFinished(operation, ok, message) like UsersModel's and reload
 * the lists they change. User edits themselves (name, password, ...) go through UsersModel.
 */
class UserDetail : public QObject
{
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(Gatehouse::Admin::AdminConnection *connection READ connection WRITE setConnection NOTIFY connectionChanged)
    Q_PROPERTY(QString userId READ userId WRITE setUserId NOTIFY userIdChanged)
    Q_PROPERTY(bool loaded READ isLoaded NOTIFY userChanged)
    Q_PROPERTY(bool exists READ exists NOTIFY userChanged)
    Q_PROPERTY(QString name READ name NOTIFY userChanged)
    Q_PROPERTY(QString email READ email NOTIFY userChanged)
    //! Invalid when the email is not verified.
    Q_PROPERTY(QDateTime emailVerified READ emailVerified NOTIFY userChanged)
    Q_PROPERTY(QString image READ image NOTIFY userChanged)
    //! The user may not sign in (UsersModel::setDisabled).
    Q_PROPERTY(bool disabled READ isDisabled NOTIFY userChanged)
    Q_PROPERTY(bool hasPassword READ hasPassword NOTIFY userChanged)
    Q_PROPERTY(bool passwordDisabled READ passwordDisabled NOTIFY userChanged)
    Q_PROPERTY(Gatehouse::Admin::AccountsModel *accounts READ accounts CONSTANT)
    Q_PROPERTY(Gatehouse::Admin::SessionListModel *sessions READ sessions CONSTANT)
    Q_PROPERTY(Gatehouse::Admin::AuthenticatorsModel *authenticators READ authenticators CONSTANT)
    //! The adapter keeps two-factor records (TwoFactorStore); false hides the section.
    Q_PROPERTY(bool twoFactorAvailable READ twoFactorAvailable NOTIFY userChanged)
    //! A confirmed authenticator app: sign-in asks for a code.
    Q_PROPERTY(bool twoFactorEnrolled READ twoFactorEnrolled NOTIFY userChanged)
    //! An enrolment waiting for its first code.
    Q_PROPERTY(bool twoFactorPending READ twoFactorPending NOTIFY userChanged)
    //! When the authenticator app was confirmed; invalid when not enrolled.
    Q_PROPERTY(QDateTime twoFactorEnrolledAt READ twoFactorEnrolledAt NOTIFY userChanged)
    Q_PROPERTY(int recoveryCodesLeft READ recoveryCodesLeft NOTIFY userChanged)
    //! The user's groups (access rules name them), sorted.
    Q_PROPERTY(QStringList groups READ groups NOTIFY userChanged)
    /*!
     * What the rate limits keep the user from now (currentLockouts()), each a map with
     * \c kind (what it keeps them from, in the app's language: "password sign-in") and \c until (a UTC
     * QDateTime); empty when nothing does. Read with the user, on reload().
     */
    Q_PROPERTY(QVariantList lockouts READ lockouts NOTIFY userChanged)
    //! The user's latest 50 audit events.
    Q_PROPERTY(Gatehouse::Admin::AuditEventsModel *auditEvents READ auditEvents CONSTANT)
    Q_PROPERTY(bool busy READ isBusy NOTIFY busyChanged)
    Q_PROPERTY(QString errorString READ errorString NOTIFY errorStringChanged)

public:
    explicit UserDetail(QObject *parent = nullptr);
    ~UserDetail() override;

    AdminConnection *connection() const;
    void setConnection(AdminConnection *connection);
    QString userId() const;
    void setUserId(const QString &userId);
    bool isLoaded() const;
    bool exists() const;
    QString name() const;
    QString email() const;
    QDateTime emailVerified() const;
    QString image() const;
    bool isDisabled() const;
    bool hasPassword() const;
    bool passwordDisabled() const;
    AccountsModel *accounts() const;
    SessionListModel *sessions() const;
    AuthenticatorsModel *authenticators() const;
    AuditEventsModel *auditEvents() const;
    bool twoFactorAvailable() const;
    bool twoFactorEnrolled() const;
    bool twoFactorPending() const;
    QDateTime twoFactorEnrolledAt() const;
    int recoveryCodesLeft() const;
    QStringList groups() const;
    QVariantList lockouts() const;
    bool isBusy() const;
    QString errorString() const;

    Q_INVOKABLE void reload();
    Q_INVOKABLE void unlinkAccount(const QString &provider, const QString &providerAccountId);
    Q_INVOKABLE void revokeSession(const QString &sessionToken);
    //! Signs the user out everywhere; \c operationFinished's message says how many sessions.
    Q_INVOKABLE void revokeAllSessions();
    Q_INVOKABLE void removeAuthenticator(const QString &credentialID);
    /*!
     * Removes the user's authenticator app (confirmed or pending) and recovery codes, as
     * \c {gatehouse-server user 2fa reset} does: TwoFactor::remove() by an administrator
     * (audit \c twoFactorRemove with \c by: \c admin). Sign-in asks for no code afterwards.
     */
    Q_INVOKABLE void removeTwoFactor();
    /*!
     * Forgets the user's counted failures and requests (liftLockouts(), as
     * \c {gatehouse-server user unlock} does: audit \c lockoutLift, \c by: \c admin, the
     * operator being the account this app runs as), so their next attempt is allowed at once.
     */
    Q_INVOKABLE void unlock();
    //! Empty when \a group is a valid group name, else why not (for inline validation).
    Q_INVOKABLE QString validateGroupName(const QString &group) const;
    //! Puts the user in \a group, as \c {gatehouse-server user groups add} does
    //! (gatehouse/usergroups.h: audit \c groupAdd, \c by: \c admin).
    Q_INVOKABLE void addGroup(const QString &group);
    //! Takes the user out of \a group (audit \c groupRemove, \c by: \c admin).
    Q_INVOKABLE void removeGroup(const QString &group);

Q_SIGNALS:
    void connectionChanged();
    void userIdChanged();
    void userChanged();
    void busyChanged();
    void errorStringChanged();
    void operationFinished(const QString &operation, bool ok, const QString &message);

private:
    std::unique_ptr<UserDetailPrivate> d;
    friend class UserDetailPrivate;
};

} // namespace Gatehouse::Admin
