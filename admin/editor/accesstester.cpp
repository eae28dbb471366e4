#include "accesstester.h"

#include "configdocument.h"

#include <gatehouse/configloader.h>

#include <QProcessEnvironment>
#include <QUrl>

namespace Gatehouse::Admin {

namespace {

QString listText(const QStringList &values)
{
    return values.isEmpty() ? AccessTester::tr("any") : values.join(QStringLiteral(", "));
}

} // namespace

AccessTester::AccessTester(QObject *parent)
    : QObject(parent)
{
}

void AccessTester::setDocument(ConfigDocument *document)
{
    if (m_document == document)
        return;
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (m_document)
        connect(m_document, &ConfigDocument::changed, this, &AccessTester::reload);
    reload();
    Q_EMIT documentChanged();
}

void AccessTester::reload()
{
    // The loader reads "access" on its own: other sections' problems do not hide the rules.
    m_access = m_document ? loadConfig(m_document->json(), QProcessEnvironment(), m_document->baseDir()).config.access
                          : AccessOptions();
    Q_EMIT rulesChanged();
}

QString AccessTester::policyText(const AccessPolicy &policy)
{
    switch (policy.kind) {
    case AccessPolicy::Kind::Deny:
        return tr("nobody");
    case AccessPolicy::Kind::Bypass:
        return tr("anyone, without signing in");
    case AccessPolicy::Kind::SignedIn:
        return tr("anyone signed in");
    case AccessPolicy::Kind::Subjects:
        break;
    }
    QStringList parts;
    if (!policy.users.isEmpty())
        parts.append(tr("users: %1").arg(policy.users.join(QStringLiteral(", "))));
    if (!policy.groups.isEmpty())
        parts.append(tr("groups: %1").arg(policy.groups.join(QStringLiteral(", "))));
    return parts.join(QStringLiteral("; "));
}

QVariantList AccessTester::rules() const
{
    QVariantList result;
    for (qsizetype i = 0; i < m_access.rules.size(); ++i) {
        const AccessRule &rule = m_access.rules.at(i);
        result.append(QVariantMap{
            {QStringLiteral("index"), int(i)},
            {QStringLiteral("hosts"), listText(rule.hosts)},
            {QStringLiteral("paths"), listText(rule.paths)},
            {QStringLiteral("methods"), listText(rule.methods)},
            {QStringLiteral("policy"), policyText(rule.policy)},
        });
    }
    return result;
}

QString AccessTester::defaultPolicy() const
{
    return policyText(m_access.defaultPolicy);
}

QVariantMap AccessTester::decide(const QString &url, const QString &method, const QString &user,
                                 const QString &groups) const
{
    const QUrl parsed(url.trimmed(), QUrl::StrictMode);
    if (!parsed.isValid() || parsed.host().isEmpty()
        || (parsed.scheme() != QLatin1String("http") && parsed.scheme() != QLatin1String("https"))) {
        return {{QStringLiteral("valid"), false},
                {QStringLiteral("text"), tr("Enter a whole URL, such as https://app.example.test/path")}};
    }
    AccessRequest request;
    request.host = parsed.host();
    request.path = parsed.path(QUrl::FullyEncoded);
    if (request.path.isEmpty())
        request.path = QStringLiteral("/");
    if (parsed.hasQuery())
        request.path += QLatin1Char('?') + parsed.query(QUrl::FullyEncoded);
    request.method = method.trimmed().isEmpty() ? QStringLiteral("GET") : method.trimmed().toUpper();
    std::optional<AccessSubject> subject;
    if (!user.trimmed().isEmpty()) {
        subject = AccessSubject();
        subject->email = user.trimmed();
        subject->userId = user.trimmed();
        for (const QString &group : groups.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            if (!group.trimmed().isEmpty())
                subject->groups.append(group.trimmed());
        }
    }
    const AccessDecision decision = decideAccess(m_access, request, subject);
    QString outcome;
    QString text;
    switch (decision.outcome) {
    case AccessDecision::Outcome::Allowed:
        outcome = QStringLiteral("allowed");
        text = tr("Allowed");
        break;
    case AccessDecision::Outcome::SignInRequired:
        outcome = QStringLiteral("signInRequired");
        text = tr("Sent to the sign-in page");
        break;
    case AccessDecision::Outcome::Denied:
        outcome = QStringLiteral("denied");
        text = tr("Denied (403)");
        break;
    }
    const QString by = decision.rule == AccessDecision::AmbiguousPath
        ? tr("the path is ambiguous: servers may read it in more than one way")
        : decision.rule < 0 ? tr("decided by the default (%1)").arg(policyText(m_access.defaultPolicy))
                            : tr("decided by rule %1 (%2)").arg(decision.rule + 1)
                                  .arg(policyText(m_access.rules.at(decision.rule).policy));
    return {{QStringLiteral("valid"), true},
            {QStringLiteral("outcome"), outcome},
            {QStringLiteral("text"), text + QLatin1String(", ") + by},
            {QStringLiteral("rule"), decision.rule}};
}

} // namespace Gatehouse::Admin
