#include "pages/pageprovider.h"

#include <gatehouse/provider.h>

#include <QJsonArray>
#include <QUrl>
#include <algorithm>

namespace Gatehouse::Pages {

namespace {

PageField fieldFrom(const QString &name, const QJsonObject &definition)
{
    PageField field;
    field.name = name;
    field.label = definition.value(u"label").toString();
    field.type = definition.value(u"type").toString(QStringLiteral("text"));
    field.placeholder = definition.value(u"placeholder").toString();
    field.autocomplete = definition.value(u"autocomplete").toString();
    field.required = definition.value(u"required").toBool();
    return field;
}

} // namespace

QList<PageField> PageField::fromDefinition(const QJsonValue &definition)
{
    QList<PageField> fields;
    if (definition.isArray()) {
        for (const QJsonValue &entry : definition.toArray()) {
            const QJsonObject object = entry.toObject();
            const QString name = object.value(u"name").toString();
            if (!name.isEmpty())
                fields.append(fieldFrom(name, object));
        }
        return fields;
    }
    const QJsonObject object = definition.toObject();
    for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
        if (it.value().isObject())
            fields.append(fieldFrom(it.key(), it.value().toObject()));
    }
    std::stable_partition(fields.begin(), fields.end(),
                          [](const PageField &field) { return field.type != u"password"; });
    return fields;
}

PageProvider PageProvider::fromProvider(const Provider &provider, const QString &baseUrl, const QString &signinUrl)
{
    const QString segment = QString::fromLatin1(QUrl::toPercentEncoding(provider.id));
    PageProvider page;
    page.id = provider.id;
    page.name = provider.name;
    page.type = provider.type;
    page.signinUrl = signinUrl;
    page.callbackUrl = baseUrl + QStringLiteral("/callback/") + segment;
    if (provider.type == u"credentials")
        page.fields = PageField::fromDefinition(provider.options.value(u"credentials"));
    else if (provider.type == u"webauthn") {
        // Without formFields a passkey provider asks for the email address, as Auth.js's
        // Passkey provider does; "webauthn" in autocomplete enables conditional UI (autofill).
        const QJsonValue fields = provider.options.value(u"formFields");
        page.fields = PageField::fromDefinition(fields.isUndefined()
            ? QJsonValue(QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("email")},
                                                {QStringLiteral("label"), QStringLiteral("Email")},
                                                {QStringLiteral("type"), QStringLiteral("email")},
                                                {QStringLiteral("required"), true},
                                                {QStringLiteral("autocomplete"), QStringLiteral("username webauthn")}}})
            : fields);
    }
    page.style = provider.options.value(u"style").toObject();
    return page;
}

} // namespace Gatehouse::Pages
