#include "pages/document.h"
#include "pages/messages.h"
#include "pages/pages.h"

namespace Gatehouse::Pages {

namespace {

constexpr QStringView ConsentTemplate = uR"(<h1>{{heading}}</h1>
<p>{{signedInAs}}</p>
<p>{{intro}}</p>
<ul>
{{scopes}}</ul>
<form action="{{action}}" method="POST">
<input type="hidden" name="csrfToken" value="{{csrfToken}}">
{{fields}}<button type="submit" name="decision" value="allow" class="gh-button gh-submit">{{allow}}</button>
<button type="submit" name="decision" value="deny" class="gh-button gh-secondary">{{deny}}</button>
</form>
)";

constexpr QStringView ConsentScopeTemplate = uR"(<li>{{text}}</li>
)";

constexpr QStringView ConsentFieldTemplate = uR"(<input type="hidden" name="{{name}}" value="{{value}}">
)";

//! The plain words for \a scope; a scope without its own words is named as it is.
QString scopeText(const Document &document, const QString &scope)
{
    if (scope == u"openid")
        return document.text(Messages::ConsentScopeOpenid);
    if (scope == u"profile")
        return document.text(Messages::ConsentScopeProfile);
    if (scope == u"email")
        return document.text(Messages::ConsentScopeEmail);
    if (scope == u"groups")
        return document.text(Messages::ConsentScopeGroups);
    if (scope == u"offline_access")
        return document.text(Messages::ConsentScopeOfflineAccess);
    return scope;
}

} // namespace

Page consent(const PageContext &context, const ConsentContent &content, const PageTranslator &translator)
{
    Document document(context, translator);
    Html scopes;
    for (const QString &scope : content.scopes)
        scopes += fill(ConsentScopeTemplate, {{u"text", scopeText(document, scope)}});
    Html fields;
    for (const auto &[name, value] : content.fields)
        fields += fill(ConsentFieldTemplate, {{u"name", name}, {u"value", value}});
    const Html body = fill(ConsentTemplate, {
        {u"heading", document.text(Messages::ConsentHeading).arg(content.clientName)},
        {u"signedInAs", document.text(Messages::ConsentSignedInAs).arg(content.who)},
        {u"intro", document.text(Messages::ConsentIntro).arg(content.clientName)},
        {u"scopes", scopes},
        {u"action", content.action},
        {u"csrfToken", context.csrfToken},
        {u"fields", fields},
        {u"allow", document.text(Messages::ConsentAllow)},
        {u"deny", document.text(Messages::ConsentDeny)},
    });
    return document.render(200, document.text(Messages::ConsentTitle), u"consent", body);
}

} // namespace Gatehouse::Pages
