#include "pages/document.h"
#include "pages/messages.h"
#include "pages/pages.h"

namespace Gatehouse::Pages {

namespace {

constexpr QStringView SignOutTemplate = uR"(<h1>{{heading}}</h1>
<p>{{question}}</p>
<form action="{{action}}" method="POST">
<input type="hidden" name="csrfToken" value="{{csrfToken}}">
{{fields}}<button type="submit" class="gh-button gh-submit">{{button}}</button>
</form>
)";

constexpr QStringView HiddenFieldTemplate = uR"(<input type="hidden" name="{{name}}" value="{{value}}">
)";

} // namespace

Page signOut(const PageContext &context, const PageTranslator &translator)
{
    return signOut(context, translator, {context.baseUrl + QStringLiteral("/signout"), {}});
}

Page signOut(const PageContext &context, const PageTranslator &translator, const SignOutForm &form)
{
    Html fields;
    for (const auto &[name, value] : form.fields)
        fields += fill(HiddenFieldTemplate, {{u"name", name}, {u"value", value}});
    Document document(context, translator);
    const Html body = fill(SignOutTemplate, {
        {u"heading", document.text(Messages::SignOutHeading)},
        {u"question", document.text(Messages::SignOutQuestion)},
        {u"action", form.action},
        {u"csrfToken", context.csrfToken},
        {u"fields", fields},
        {u"button", document.text(Messages::SignOutButton)},
    });
    return document.render(200, document.text(Messages::SignOutTitle), u"signout", body);
}

} // namespace Gatehouse::Pages
