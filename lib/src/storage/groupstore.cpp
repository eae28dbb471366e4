// The group-name rule every GroupStore applies, and the rule in words.
#include <gatehouse/groupstore.h>

#include "storage/storerules.h"

#include <gatehouse/adaptererror.h>

namespace Gatehouse {

GroupStore::~GroupStore() = default;

std::optional<GroupNameProblem> groupNameProblem(const QString &name)
{
    if (name.isEmpty())
        return GroupNameProblem::Empty;
    if (name.size() > kMaxGroupNameLength)
        return GroupNameProblem::TooLong;
    for (const QChar c : name) {
        if (c == QLatin1Char(','))
            return GroupNameProblem::Comma;
        if (c.category() == QChar::Other_Control || c == QChar::LineSeparator || c == QChar::ParagraphSeparator)
            return GroupNameProblem::ControlCharacter;
    }
    if (name.front().isSpace() || name.back().isSpace())
        return GroupNameProblem::OuterSpace;
    return std::nullopt;
}

QString describeGroupNameProblem(GroupNameProblem problem)
{
    switch (problem) {
    case GroupNameProblem::Empty:
        return QStringLiteral("is empty");
    case GroupNameProblem::TooLong:
        return QStringLiteral("is longer than %1 characters").arg(kMaxGroupNameLength);
    case GroupNameProblem::Comma:
        return QStringLiteral("contains a comma");
    case GroupNameProblem::ControlCharacter:
        return QStringLiteral("contains a control character");
    case GroupNameProblem::OuterSpace:
        return QStringLiteral("begins or ends with a space");
    }
    return {};
}

namespace StoreRules {

void checkGroupName(const QString &group, const QString &method)
{
    if (const std::optional<GroupNameProblem> problem = groupNameProblem(group)) {
        // A control character is shown as U+FFFD: never raw in a log line or a terminal.
        QString shown = group.left(kMaxGroupNameLength + 1);
        for (QChar &c : shown) {
            if (c.category() == QChar::Other_Control)
                c = QChar(0xFFFD);
        }
        throw AdapterError(AdapterError::Reason::InvalidArgument,
                           QStringLiteral("%1: the group name \"%2\" %3").arg(method, shown, describeGroupNameProblem(*problem)));
    }
}

QStringList sortedGroups(QStringList groups)
{
    groups.sort();
    groups.removeDuplicates();
    return groups;
}

} // namespace StoreRules

} // namespace Gatehouse
