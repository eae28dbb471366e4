#include "pages/document.h"
#include "pages/messages.h"
#include "pages/pages.h"

namespace Gatehouse::Pages {

namespace {

constexpr QStringView ForbiddenTemplate = uR"(<h1>{{heading}}</h1>
<div class="gh-message">
<p>{{text}}</p>
<p><a class="gh-button gh-link" href="{{signIn}}">{{signInText}}</a></p>
</div>
)";

constexpr QStringView ClosedTemplate = uR"(<h1>{{heading}}</h1>
<div class="gh-message">
<p>{{text}}</p>
</div>
)";

} // namespace

Page forbidden(const PageContext &context, const ForbiddenContent &content, const PageTranslator &translator)
{
    Document document(context, translator);
    if (content.who.isEmpty()) {
        // Signing in as anyone else would not help: no link.
        const Html body = fill(ClosedTemplate, {
            {u"heading", document.text(Messages::AccessDeniedHeading)},
            {u"text", document.text(Messages::ForbiddenClosedText).arg(content.site)},
        });
        return document.render(403, document.text(Messages::AccessDeniedHeading), u"error", body);
    }
    const Html body = fill(ForbiddenTemplate, {
        {u"heading", document.text(Messages::AccessDeniedHeading)},
        {u"text", document.text(Messages::ForbiddenText).arg(content.who, content.site)},
        {u"signIn", content.signInUrl},
        {u"signInText", document.text(Messages::ForbiddenSignInAgain)},
    });
    return document.render(403, document.text(Messages::AccessDeniedHeading), u"error", body);
}

} // namespace Gatehouse::Pages
