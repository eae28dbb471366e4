#include "accesstester.h"

#include "configdocument.h"

#include "adminconnection.h"
#include "apiclient.h"

#include <gatehouse/configloader.h>

#include <QJsonArray>
#include <QProcessEnvironment>
#include <QUrl>
#include <QUrlQuery>

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
    m_answers.clear();
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
    if (serverDecides()) {
        const QString key = QStringList{url.trimmed(), method.trimmed().toUpper(), user.trimmed(), groups.trimmed()}.join(QChar(0));
        return askServer(key, url.trimmed(), method.trimmed().isEmpty() ? QStringLiteral("GET") : method.trimmed().toUpper(),
                         user.trimmed(), groups.trimmed());
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

bool AccessTester::serverDecides() const
{
    if (!m_document || !m_document->isRemote() || !m_document->connection() || !m_document->connection()->api())
        return false;
    const QLatin1String access("access");
    return m_document->json().value(access) == m_document->savedJson().value(access);
}

QVariantMap AccessTester::askServer(const QString &key, const QString &url, const QString &method, const QString &user,
                                    const QString &groups) const
{
    const auto found = m_answers.constFind(key);
    if (found != m_answers.cend())
        return *found;
    const QVariantMap asking{{QStringLiteral("valid"), true},
                             {QStringLiteral("pending"), true},
                             {QStringLiteral("outcome"), QString()},
                             {QStringLiteral("text"), tr("Asking the server…")},
                             {QStringLiteral("rule"), -1}};
    m_answers.insert(key, asking);
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("url"), QString::fromLatin1(QUrl::toPercentEncoding(url)));
    query.addQueryItem(QStringLiteral("method"), method);
    if (!user.isEmpty()) {
        query.addQueryItem(QStringLiteral("user"), QString::fromLatin1(QUrl::toPercentEncoding(user)));
        if (!groups.isEmpty())
            query.addQueryItem(QStringLiteral("groups"), QString::fromLatin1(QUrl::toPercentEncoding(groups)));
    }
    AccessTester *self = const_cast<AccessTester *>(this);
    m_document->connection()->api()->get(QStringLiteral("access"), query, self, [self, key](const ApiReply &reply) {
        if (!self->m_answers.contains(key))
            return; // the rules changed meanwhile: asked again if still wanted
        if (reply.ok()) {
            self->m_answers.insert(key, self->decisionFromServer(reply.json));
        } else {
            self->m_answers.insert(key, QVariantMap{{QStringLiteral("valid"), false},
                                                    {QStringLiteral("text"), reply.errorText()}});
        }
        ++self->m_answerCount;
        Q_EMIT self->answersChanged(); // the result label asks decide() again
    });
    return asking;
}

QVariantMap AccessTester::decisionFromServer(const QJsonObject &answer) const
{
    const QString outcome = answer.value(QLatin1String("outcome")).toString();
    QString text = outcome == QLatin1String("allowed")          ? tr("Allowed")
                   : outcome == QLatin1String("signInRequired") ? tr("Sent to the sign-in page")
                                                                : tr("Denied (403)");
    const QString decidedBy = answer.value(QLatin1String("decidedBy")).toString();
    int rule = -1;
    QString by;
    if (decidedBy == QLatin1String("ambiguousPath")) {
        rule = int(AccessDecision::AmbiguousPath);
        by = tr("the path is ambiguous: servers may read it in more than one way");
    } else if (decidedBy == QLatin1String("rule")) {
        rule = answer.value(QLatin1String("rule")).toInt();
        by = tr("decided by rule %1 (%2)").arg(rule + 1).arg(rule >= 0 && rule < m_access.rules.size()
                                                                 ? policyText(m_access.rules.at(rule).policy)
                                                                 : QString());
    } else {
        by = tr("decided by the default (%1)").arg(policyText(m_access.defaultPolicy));
    }
    // The groups the server tried: a stored user's, when none were given.
    const QJsonArray groups = answer.value(QLatin1String("groups")).toArray();
    QString tried;
    if (answer.value(QLatin1String("storedUser")).isString()) {
        QStringList names;
        for (const QJsonValue &group : groups)
            names.append(group.toString());
        tried = names.isEmpty() ? tr(" (a stored user, in no group)")
                                : tr(" (a stored user, in %1)").arg(names.join(QStringLiteral(", ")));
    }
    return {{QStringLiteral("valid"), true},
            {QStringLiteral("outcome"), outcome},
            {QStringLiteral("text"), text + QLatin1String(", ") + by + tried},
            {QStringLiteral("rule"), rule}};
}

} // namespace Gatehouse::Admin
