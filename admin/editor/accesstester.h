#pragma once
/*
 * AccessTester: the forward-authentication rules of the document being edited, as the admin
 * app shows them, and "would this person be allowed to GET this URL?" answered by the server's
 * own decision (gatehouse/access.h), naming the rule that decided.
 *
 * The rules are read with the server's configuration loader, so the list and the answers are
 * what gatehouse-server would do with the document as it stands, unsaved edits included.
 */
#include <gatehouse/access.h>

#include <QObject>
#include <QPointer>
#include <QVariantList>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

namespace Gatehouse::Admin {

class ConfigDocument;

class AccessTester : public QObject
{
    Q_OBJECT
    QML_ELEMENT
    Q_MOC_INCLUDE("configdocument.h")

    //! The configuration whose "access" section is shown and tried.
    Q_PROPERTY(Gatehouse::Admin::ConfigDocument *document READ document WRITE setDocument NOTIFY documentChanged)
    //! The rules in order: [{index, hosts, paths, methods (text, "any" when empty), policy (text)}].
    Q_PROPERTY(QVariantList rules READ rules NOTIFY rulesChanged)
    //! What applies when no rule matches, as text.
    Q_PROPERTY(QString defaultPolicy READ defaultPolicy NOTIFY rulesChanged)

public:
    explicit AccessTester(QObject *parent = nullptr);

    ConfigDocument *document() const { return m_document; }
    void setDocument(ConfigDocument *document);
    QVariantList rules() const;
    QString defaultPolicy() const;

    /*!
     * The decision on \a method \a url for \a user (an e-mail address or user id; empty: not
     * signed in) in \a groups (comma-separated): {valid, outcome: "allowed" | "signInRequired" |
     * "denied", text (translated), rule (index, -1 for the default)}. valid is false, with a
     * text, when \a url is not an absolute http(s) URL.
     */
    Q_INVOKABLE QVariantMap decide(const QString &url, const QString &method, const QString &user,
                                   const QString &groups) const;

    //! A policy as the list shows it ("signed in", "users: a@x; groups: admins", ...).
    static QString policyText(const AccessPolicy &policy);

Q_SIGNALS:
    void documentChanged();
    void rulesChanged();

private:
    void reload();

    QPointer<ConfigDocument> m_document;
    AccessOptions m_access;
};

} // namespace Gatehouse::Admin
