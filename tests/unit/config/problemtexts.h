#pragma once
// The configuration tests compare problems as the operator reads them: ConfigProblem::toString().
#include <gatehouse/configcheck.h>

#include <QStringList>

namespace Gatehouse::Testing {

//! Each of \a problems as its text, in order.
inline QStringList render(const QList<ConfigProblem> &problems)
{
    QStringList result;
    for (const ConfigProblem &problem : problems)
        result.append(problem.toString());
    return result;
}

} // namespace Gatehouse::Testing
