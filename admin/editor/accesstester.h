#pragma once
/*
 * AccessTester: the forward-authentication rules of the document being edited, as the admin
 * app shows them, and "would this person be allowed to GET this URL?" answered by the server's
 * own decision (gatehouse/access.h), naming the rule that decided.
 *
 * The rules are read with the server's configuration loader, so the list and the answers are
 * what gatehouse-server would do with the document as it stands, unsaved edits included.
 *
 * A remote document's rules as saved are the running server's: then the server itself answers
 * (the admin API's \c {GET access}, with a stored user's groups when none are given), and
 * decide() gives "asking the server" until its answer is in (\c answersChanged() then: ask
 * again for the answer). Unsaved edits of the rules are decided here, as for a local file.
 */
#include <gatehouse/access.h>

#include <QJsonObject>

#include <QHash>
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
    //! Grows with every answer of the server: a binding that calls decide() depends on it.
    Q_PROPERTY(int answers READ answerCount NOTIFY answersChanged)

public:
    explicit AccessTester(QObject *parent = nullptr);

    ConfigDocument *document() const { return m_document; }
    void setDocument(ConfigDocument *document);
    QVariantList rules() const;
    QString defaultPolicy() const;
    int answerCount() const { return m_answerCount; }

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
    void answersChanged();

private:
    void reload();
    //! True when a remote document's rules are as saved: the running server's.
    bool serverDecides() const;
    //! The server's answer to \a key (asked when not yet), as decide() returns it.
    QVariantMap askServer(const QString &key, const QString &url, const QString &method, const QString &user,
                          const QString &groups) const;
    QVariantMap decisionFromServer(const QJsonObject &answer) const;

    QPointer<ConfigDocument> m_document;
    AccessOptions m_access;
    // The server's answers by question (null QJsonObject: asked, not answered yet); cleared when
    // the document changes.
    mutable QHash<QString, QVariantMap> m_answers;
    int m_answerCount = 0;
};

} // namespace Gatehouse::Admin
