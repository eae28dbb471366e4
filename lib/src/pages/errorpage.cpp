#include "pages/document.h"
#include "pages/messages.h"
#include "pages/pages.h"

namespace Gatehouse::Pages {

namespace {

constexpr QStringView ErrorTemplate = uR"(<h1>{{heading}}</h1>
<div class="gh-message">
{{message}}</div>
)";

constexpr QStringView ErrorParagraphTemplate = u"<p>{{text}}</p>\n";
constexpr QStringView SignInLinkTemplate =
    u"<p><a class=\"gh-button gh-link\" href=\"{{url}}\">{{text}}</a></p>\n";

} // namespace

Page error(const PageContext &context, const QString &errorType, const PageTranslator &translator)
{
    Document document(context, translator);
    const auto paragraph = [&](const char *message) {
        return fill(ErrorParagraphTemplate, {{u"text", document.text(message)}});
    };
    const auto signInLink = [&] {
        return fill(SignInLinkTemplate, {{u"url", context.baseUrl + QStringLiteral("/signin")},
                                         {u"text", document.text(Messages::SignInLink)}});
    };

    int status = 200;
    const char *heading = Messages::ErrorTitle;
    Html message;
    if (errorType == u"Configuration") {
        status = 500;
        heading = Messages::ConfigurationHeading;
        message = join({paragraph(Messages::ConfigurationProblem), paragraph(Messages::ConfigurationLogs)});
    } else if (errorType == u"AccessDenied") {
        status = 403;
        heading = Messages::AccessDeniedHeading;
        message = join({paragraph(Messages::AccessDeniedText), signInLink()});
    } else if (errorType == u"Unavailable") {
        // Gatehouse's own: the store cannot answer now (a database outage); nothing is wrong
        // with the person's sign-in.
        status = 503;
        heading = Messages::UnavailableHeading;
        message = join({paragraph(Messages::UnavailableText), paragraph(Messages::UnavailableRetry)});
    } else if (errorType == u"Verification") {
        status = 403;
        heading = Messages::VerificationHeading;
        message = join({paragraph(Messages::VerificationInvalid), paragraph(Messages::VerificationExpired),
                        signInLink()});
    } else {
        message = fill(ErrorParagraphTemplate, {{u"text", document.siteLink()}});
    }

    const Html body = fill(ErrorTemplate, {{u"heading", document.text(heading)}, {u"message", message}});
    return document.render(status, document.text(Messages::ErrorTitle), u"error", body);
}

} // namespace Gatehouse::Pages
