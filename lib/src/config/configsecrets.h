#pragma once
/*
 * The secrets written in a configuration file, for whoever shows the file to someone who must
 * not read them (the admin API's GET config): masked() hands out the file with every secret
 * replaced by a mask, and unmasked() puts the stored secrets back where a mask returns
 * unchanged, so that a client that never saw them can save the file without losing them.
 *
 * A secret is a string (or each string of a list) at a key named secret, clientSecret, apiKey,
 * password or pass, or whose name ends in Secret, Password or ApiKey (a provider's, an OpenID
 * client's, the SMTP server's, a webhook's), and the password of any URL written with one
 * (adapter.url, an e-mail provider's server). File names (secretFile, clientSecretFile,
 * passwordFile, apiKeyFile) are no secrets and show.
 */
#include <QJsonObject>
#include <QStringList>

namespace Gatehouse::ConfigSecrets {

//! \a json with every secret masked: "(masked providers[1].clientSecret)"; a URL's password "********".
QJsonObject masked(const QJsonObject &json);

/*!
 * \a proposed with each mask that masked(\a stored) gives replaced by the secret it masks, where
 * the key is of the same name (a secret moves with its provider, never into another kind of
 * value). A mask of something \a stored does not hold stays as it is.
 */
QJsonObject unmasked(const QJsonObject &proposed, const QJsonObject &stored);

//! Every secret written in \a json (URL passwords included), to keep them out of messages.
QStringList secretsOf(const QJsonObject &json);

} // namespace Gatehouse::ConfigSecrets
