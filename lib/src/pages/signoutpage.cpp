#include "pages/document.h"
#include "pages/messages.h"
#include "pages/pages.h"

namespace Gatehouse::Pages {

namespace {

constexpr QStringView SignOutTemplate = uR"(<h1>{{heading}}</h1>
<p>{{question}}</p>
<form action="{{action}}" method="POST">
<input type="hidden" name="csrfToken" value="{{csrfToken}}">
<button type="submit" class="gh-button gh-submit">{{button}}</button>
</form>
)";

} // namespace

Page signOut(const PageContext &context, const PageTranslator &translator)
{
    Document document(context, translator);
    const Html body = fill(SignOutTemplate, {
        {u"heading", document.text(Messages::SignOutHeading)},
        {u"question", document.text(Messages::SignOutQuestion)},
        {u"action", context.baseUrl + QStringLiteral("/signout")},
        {u"csrfToken", context.csrfToken},
        {u"button", document.text(Messages::SignOutButton)},
    });
    return document.render(200, document.text(Messages::SignOutTitle), u"signout", body);
}

} // namespace Gatehouse::Pages
