#pragma once
/*! \file problemlist.h  The problems of one configuration, as the reader and the checker find them. */
#include <gatehouse/configcheck.h>

#include <QList>
#include <QString>
#include <QStringList>

namespace Gatehouse::ConfigDetail {

/*!
 * Collects the problems of one load or check. A problem's text is one of the source texts of
 * config/messages.h with the values of its placeholders (%1, %2, ...): ConfigProblem keeps both,
 * beside the English message.
 */
class ProblemList
{
public:
    void error(const QString &path, const char *text, const QStringList &arguments = {});
    void warning(const QString &path, const char *text, const QStringList &arguments = {});
    //! A message made elsewhere (the mail module's checks), which has no translation.
    void untranslatedError(const QString &path, const QString &message);
    //! A problem found elsewhere (checkConfig()).
    void append(const ConfigProblem &problem) { m_problems.append(problem); }
    bool hasErrorAt(const QString &path) const;
    //! True when there is an error at \a path or at a key path that holds it (\c "a.b[1]" holds \c "a.b[1].c").
    bool hasErrorAtOrAbove(const QString &path) const;
    //! True when there is an error at \a path or at a key path inside it.
    bool hasErrorUnder(const QString &path) const;
    QList<ConfigProblem> take() { return std::move(m_problems); }

private:
    QList<ConfigProblem> m_problems;
};

//! \a pattern with %1, %2, ... replaced by \a arguments in one pass (a % in an argument stays).
QString fillArguments(const QString &pattern, const QStringList &arguments);

} // namespace Gatehouse::ConfigDetail
