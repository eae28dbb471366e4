#include "pages/document.h"
#include "pages/messages.h"
#include "pages/pages.h"

namespace Gatehouse::Pages {

namespace {

constexpr QStringView NotFoundTemplate = uR"(<h1>{{heading}}</h1>
<div class="gh-message">
<p>{{text}}</p>
<p>{{site}}</p>
</div>
)";

} // namespace

Page notFound(const PageContext &context, const PageTranslator &translator)
{
    Document document(context, translator);
    const Html body = fill(NotFoundTemplate, {
        {u"heading", document.text(Messages::NotFoundHeading)},
        {u"text", document.text(Messages::NotFoundText)},
        {u"site", document.siteLink()},
    });
    return document.render(404, document.text(Messages::NotFoundTitle), u"error", body);
}

} // namespace Gatehouse::Pages
