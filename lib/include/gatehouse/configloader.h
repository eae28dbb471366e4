#pragma once
/*!
 * \file configloader.h  Reads a Config from JSON and the environment, and validates it.
 *
 * gatehouse-server, the admin app and embedders load the same JSON file: its keys are the
 * names of Config's members (\c providers, \c basePath, \c session.maxAge, ...). Values that
 * cannot be JSON (functions) stay unset. The environment fills what the JSON leaves open:
 *
 * | Variable | Fills |
 * |---|---|
 * | \c AUTH_SECRET, then \c AUTH_SECRET_1 .. \c _3 | \c secret (newest first), only when the JSON has none |
 * | \c NEXTAUTH_SECRET | legacy alias, read when \c AUTH_SECRET is unset |
 * | \c AUTH_URL (legacy \c NEXTAUTH_URL) | \c url; its path becomes \c basePath when the JSON has none; \c trustHost becomes true (as in next-auth) unless set otherwise |
 * | \c AUTH_TRUST_HOST (\c true/1/yes or \c false/0/no) | \c trustHost |
 * | \c AUTH_REDIRECT_PROXY_URL | \c redirectProxyUrl |
 * | \c AUTH_{ID}_ID, \c AUTH_{ID}_SECRET, \c AUTH_{ID}_ISSUER | \c clientId, \c clientSecret, \c issuer of oauth/oidc providers |
 * | \c AUTH_{ID}_KEY | \c apiKey of email providers |
 * | \c DATABASE_URL | \c adapter.url |
 *
 * \c {ID} is the provider id in upper snake case (\c local-idp becomes \c LOCAL_IDP). A value in
 * the JSON always wins over the environment, secrets included (as in Auth.js).
 *
 * Secrets need not be written into the file or the environment. Every variable above (and
 * \c DATABASE_PASSWORD) may come from a file instead: \c NAME_FILE=/path, or a systemd
 * credential named \c NAME in \c $CREDENTIALS_DIRECTORY (\c LoadCredential=AUTH_SECRET:/etc/gatehouse/secret).
 * In the JSON, \c secretFile (a file name or a list, instead of \c secret), a provider's
 * \c clientSecretFile and \c apiKeyFile, and \c adapter.passwordFile name files, relative to the
 * configuration file. A file's value is its contents without the line end; a file that cannot
 * be read is an error at the key that names it (\c "secretFile: cannot read /etc/gatehouse/secret:
 * Permission denied"), one every user may read is a warning.
 *
 * Validation reports every problem at once, each with the key path and the reason
 * (\c "providers[1].issuer: not a URL"): the reader's own (unknown keys, values of the wrong
 * shape or type) and those of checkConfig(), the one semantic check (configcheck.h). Warnings
 * (for example a secret shorter than 32 characters) do not make the configuration invalid.
 * gatehouse-server's own keys are read too (serversettings.h).
 *
 * Problems are in English (gatehouse-server logs them so). A tool that shows them to people
 * installs the catalogue \c :/gatehouse/i18n/gatehouse_config_<language>.qm (compiled into the
 * library; translations/gatehouse_config_<language>.ts) with a QTranslator and shows
 * ConfigProblem::translatedMessage().
 */
#include <gatehouse/config.h>
#include <gatehouse/configcheck.h>
#include <gatehouse/global.h>

#include <QJsonObject>
#include <QList>
#include <QProcessEnvironment>
#include <QString>

namespace Gatehouse {

//! A loaded configuration: the engine's Config and every problem found.
struct GATEHOUSE_EXPORT ConfigResult
{
    Config config;
    //! Errors and warnings: the reader's (a value of the wrong shape or type) in the order of the
    //! keys, then checkConfig()'s.
    QList<ConfigProblem> problems;

    //! True when no problem is an error (warnings allowed).
    bool isValid() const;
    QList<ConfigProblem> errors() const;
    QList<ConfigProblem> warnings() const;
};

//! Options of loadConfig() and loadConfigFile().
struct GATEHOUSE_EXPORT ConfigLoadOptions
{
    /*!
     * When true (the default), a configuration without any secret (neither in the JSON nor
     * in the environment) has the error \c "secret: missing (set AUTH_SECRET or \"secret\")".
     * A caller that supplies a secret itself (a development mode) sets this to false.
     */
    bool requireSecret = true;
};

/*!
 * Builds a configuration from \a json and \a env. Relative file names in the JSON (such as
 * \c callbacksScript) are resolved against \a baseDir.
 */
GATEHOUSE_EXPORT ConfigResult loadConfig(const QJsonObject &json, const QProcessEnvironment &env,
                                         const QString &baseDir,
                                         const ConfigLoadOptions &options = {});

/*!
 * Reads the JSON file \a path and loads it like loadConfig(), relative to the file's folder.
 * An unreadable file or invalid JSON is one problem without a path, for example
 * \c "gatehouse.json:3:3: JSON syntax error: unterminated object" (line:column, 1-based, at the
 * character where parsing failed).
 */
GATEHOUSE_EXPORT ConfigResult loadConfigFile(const QString &path, const QProcessEnvironment &env,
                                             const ConfigLoadOptions &options = {});

/*!
 * The environment-variable form of a provider id: upper case, \c - becomes \c _
 * (\c "azure-ad-b2c" -> \c "AZURE_AD_B2C").
 */
GATEHOUSE_EXPORT QString providerEnvironmentName(const QString &providerId);

} // namespace Gatehouse
