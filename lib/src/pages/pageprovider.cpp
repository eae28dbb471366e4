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

PageProvider PageProvider::fromProvider(const Provider &provider, const QString &baseUrl)
{
    const QString segment = QString::fromLatin1(QUrl::toPercentEncoding(provider.id));
    PageProvider page;
    page.id = provider.id;
    page.name = provider.name;
    page.type = provider.type;
    page.signinUrl = baseUrl + QStringLiteral("/signin/") + segment;
    page.callbackUrl = baseUrl + QStringLiteral("/callback/") + segment;
    if (provider.type == u"credentials")
        page.fields = PageField::fromDefinition(provider.options.value(u"credentials"));
    else if (provider.type == u"webauthn")
        page.fields = PageField::fromDefinition(provider.options.value(u"formFields"));
    page.style = provider.options.value(u"style").toObject();
    return page;
}

} // namespace Gatehouse::Pages
