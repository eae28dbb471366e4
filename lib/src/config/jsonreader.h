#pragma once
/*! \file jsonreader.h  Typed, problem-collecting access to one JSON object of a configuration. */
#include "config/problemlist.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>
#include <optional>

namespace Gatehouse::ConfigDetail {

/*!
 * Reads the members of one JSON object at key path \a path. Every accessor declares its key
 * as known; finish() reports the keys nobody asked for as unknown, with a suggestion when one
 * known key is close. Accessors return nullopt both when the key is absent and when the value
 * is invalid (the problem is recorded).
 */
class ObjectReader
{
public:
    ObjectReader(const QJsonObject &object, QString path, ProblemList &problems);

    //! The key path of member \a key, e.g. \c "session.maxAge".
    QString pathOf(const QString &key) const;
    bool has(const QString &key) const { return m_object.contains(key); }
    //! Declares \a key known and returns its value (Undefined when absent).
    QJsonValue value(const QString &key);

    std::optional<QString> string(const QString &key);         //!< non-empty string
    std::optional<bool> boolean(const QString &key);
    std::optional<qint64> integer(const QString &key, qint64 min, qint64 max = Q_INT64_C(9007199254740991));
    std::optional<QJsonObject> object(const QString &key);
    //! A string that must be one of \a choices.
    std::optional<QString> choice(const QString &key, const QStringList &choices);
    //! An absolute http or https URL.
    std::optional<QString> httpUrl(const QString &key);
    //! Keys that name functions and therefore cannot come from JSON.
    void rejectFunctions(const QStringList &keys);

    void error(const QString &key, const char *text, const QStringList &arguments = {});
    void warning(const QString &key, const char *text, const QStringList &arguments = {});

    //! Reports every member that no accessor asked for.
    void finish();

    ProblemList &problems() { return m_problems; }

private:
    QJsonObject m_object;
    QString m_path;
    ProblemList &m_problems;
    QStringList m_known;
};

//! The known name closest to \a name, if close enough to be a likely typo.
std::optional<QString> closestMatch(const QString &name, const QStringList &known);

//! True for an absolute http(s) URL with a host.
bool isHttpUrl(const QString &text);
//! True for a CSS colour that is safe to place in a style sheet (hex, rgb()/hsl(), a name).
bool isCssColour(const QString &text);
//! True for a cookie name (an RFC 6265 token).
bool isCookieName(const QString &text);

} // namespace Gatehouse::ConfigDetail
