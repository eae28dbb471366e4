#include "pages/document.h"
#include "pages/messages.h"
#include "pages/pages.h"

namespace Gatehouse::Pages {

namespace {

constexpr QStringView VerifyRequestTemplate = uR"(<h1>{{heading}}</h1>
<p>{{text}}</p>
<p>{{site}}</p>
)";

} // namespace

Page verifyRequest(const PageContext &context, const PageTranslator &translator)
{
    Document document(context, translator);
    const Html body = fill(VerifyRequestTemplate, {
        {u"heading", document.text(Messages::VerifyRequestHeading)},
        {u"text", document.text(Messages::VerifyRequestText)},
        {u"site", document.siteLink()},
    });
    return document.render(200, document.text(Messages::VerifyRequestTitle), u"verify-request", body);
}

} // namespace Gatehouse::Pages
