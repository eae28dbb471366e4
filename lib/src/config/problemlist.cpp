#include "config/problemlist.h"

#include <algorithm>

namespace Gatehouse::ConfigDetail {

namespace {

ConfigProblem problem(const QString &path, const char *text, const QStringList &arguments, ConfigProblem::Severity severity)
{
    const QString source = QString::fromUtf8(text);
    return {path, fillArguments(source, arguments), severity, source, arguments};
}

} // namespace

void ProblemList::error(const QString &path, const char *text, const QStringList &arguments)
{
    m_problems.append(problem(path, text, arguments, ConfigProblem::Severity::Error));
}

void ProblemList::warning(const QString &path, const char *text, const QStringList &arguments)
{
    m_problems.append(problem(path, text, arguments, ConfigProblem::Severity::Warning));
}

void ProblemList::untranslatedError(const QString &path, const QString &message)
{
    m_problems.append({path, message, ConfigProblem::Severity::Error});
}

bool ProblemList::hasErrorAt(const QString &path) const
{
    return std::any_of(m_problems.cbegin(), m_problems.cend(), [&](const ConfigProblem &p) {
        return p.severity == ConfigProblem::Severity::Error && p.path == path;
    });
}

bool ProblemList::hasErrorAtOrAbove(const QString &path) const
{
    return std::any_of(m_problems.cbegin(), m_problems.cend(), [&](const ConfigProblem &p) {
        return p.severity == ConfigProblem::Severity::Error
            && (p.path == path || (path.startsWith(p.path) && (path.at(p.path.size()) == u'.' || path.at(p.path.size()) == u'[')));
    });
}

bool ProblemList::hasErrorUnder(const QString &path) const
{
    return std::any_of(m_problems.cbegin(), m_problems.cend(), [&](const ConfigProblem &p) {
        return p.severity == ConfigProblem::Severity::Error
            && (p.path == path || (p.path.startsWith(path) && (p.path.at(path.size()) == u'.' || p.path.at(path.size()) == u'[')));
    });
}

QString fillArguments(const QString &pattern, const QStringList &arguments)
{
    QString filled;
    filled.reserve(pattern.size());
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        const QChar c = pattern.at(i);
        if (c == u'%' && i + 1 < pattern.size() && pattern.at(i + 1) >= u'1' && pattern.at(i + 1) <= u'9') {
            const qsizetype n = pattern.at(i + 1).unicode() - u'1';
            if (n < arguments.size()) {
                filled += arguments.at(n);
                ++i;
                continue;
            }
        }
        filled += c;
    }
    return filled;
}

} // namespace Gatehouse::ConfigDetail
