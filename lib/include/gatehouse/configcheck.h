#pragma once
/*!
 * \file configcheck.h  The rules a configuration must keep, checked in one place.
 *
 * checkConfig() is the one semantic check of a Config: Auth's constructor refuses what it
 * finds, loadConfig() adds it to the JSON reader's own problems (a value of the wrong shape or
 * type), gatehouse-server's \c check-config prints it and the admin app shows it at its field.
 * A problem reads the same wherever it is found.
 */
#include <gatehouse/config.h>
#include <gatehouse/global.h>

#include <QList>
#include <QString>
#include <QStringList>

namespace Gatehouse {

//! One finding about a configuration: where (key path or environment variable) and what.
struct GATEHOUSE_EXPORT ConfigProblem
{
    enum class Severity { Error, Warning };

    QString path;        //!< e.g. \c providers[1].issuer, \c AUTH_URL; empty for the whole file
    QString message;     //!< in English, e.g. \c "not a URL"
    Severity severity = Severity::Error;
    /*!
     * \c message before its placeholders were filled in: a source text of the translation
     * context \c "Gatehouse::Config" (e.g. \c "must be an integer from %1 to %2"), and the
     * values of \c %1, \c %2, ... Empty for a message that has no translation (the mail
     * module's address and SMTP checks, a callbacks script's errors).
     */
    QString sourceText;
    QStringList arguments;

    //! \c "path: message" (or the message alone when there is no path).
    QString toString() const;
    /*!
     * \c message in the language of the installed translators (QCoreApplication::translate()
     * with the context \c "Gatehouse::Config"); \c message itself when none has it.
     */
    QString translatedMessage() const;
    //! toString() with translatedMessage().
    QString translatedString() const;
    //! Compares path, message and severity.
    bool operator==(const ConfigProblem &other) const;
};

//! What checkConfig() may assume of a configuration that is not complete yet.
struct GATEHOUSE_EXPORT ConfigCheckOptions
{
    //! An adapter will be set before the engine is built (the JSON names a database), although
    //! \c Config::adapter is still null.
    bool adapterExpected = false;
    //! Provider functions (a credentials provider's \c authorize) are bound later, from a
    //! callbacks script or the built-in passwords: a provider without one is no problem yet.
    bool functionsBoundLater = false;
};

/*!
 * Every problem of \a config, errors and warnings, each with its key path (\c basePath,
 * \c providers[1].id, \c session.maxAge, ...): base path, secrets, lifetimes, the session
 * strategy, providers (ids, types, what each type needs) and rate limits. A missing secret is
 * not among them: Auth reports it as \c MissingSecret, loadConfig() where it looked for one.
 */
GATEHOUSE_EXPORT QList<ConfigProblem> checkConfig(const Config &config, const ConfigCheckOptions &options = {});

} // namespace Gatehouse
