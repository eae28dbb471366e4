#pragma once
/*
 * What the sign-in page needs to know about a provider: its name, type, the two endpoints its
 * form posts to, the inputs of its form and its button style.
 */
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

namespace Gatehouse {
struct Provider;
}

namespace Gatehouse::Pages {

//! One input of a credentials or WebAuthn form.
struct PageField
{
    QString name;            //!< form field name
    QString label;           //!< shown above the input; the name when empty
    QString type;            //!< HTML input type (see inputType(); unknown types become text)
    QString placeholder;
    QString autocomplete;
    bool required = false;

    /*!
     * The inputs of a \c credentials (or WebAuthn \c formFields) definition. Auth.js's form is an
     * object: field name -> {label, type, placeholder, autocomplete, required}. QJsonObject keeps
     * its keys sorted, so the configured order of an object is lost: the page lists non-password
     * fields first (in key order), then password fields. An array of objects with a \c name
     * keeps its order exactly. Entries that are not objects are skipped.
     */
    static QList<PageField> fromDefinition(const QJsonValue &definition);
};

//! A provider as the sign-in page shows it.
struct PageProvider
{
    QString id;
    QString name;
    QString type;            //!< "oauth", "oidc", "email", "credentials", "webauthn"
    QString signinUrl;       //!< <baseUrl>/signin/<id>: oauth, oidc and email forms post here
    QString callbackUrl;     //!< <baseUrl>/callback/<id>: credentials and WebAuthn forms post here
    QList<PageField> fields; //!< credentials: the `credentials` option; webauthn: `formFields`
    QJsonObject style;       //!< button style: brandColor, logo, text, bg (oauth and oidc only)

    /*!
     * The page's view of \a provider, with endpoints under \a baseUrl (origin + basePath);
     * \a signinUrl is its sign-in URL (core/urls.h providerSignIn(), which pages/ cannot use).
     */
    static PageProvider fromProvider(const Provider &provider, const QString &baseUrl, const QString &signinUrl);
};

} // namespace Gatehouse::Pages
