#pragma once
/*
 * Whether "Forgot your password?" is offered (lib/src/recovery/README.md): the one rule the
 * sign-in page's link and the reset endpoint share. Where it is not, nothing of it shows and
 * its route answers as an unknown action.
 */
#include <gatehouse/config.h>

namespace Gatehouse {

//! What sends and checks the reset links of a configuration that offers them.
struct PasswordResetOffer
{
    const Provider *passwords = nullptr;  //!< the built-in passwords (passwordCredentialsProvider())
    const Provider *mail = nullptr;       //!< the e-mail provider whose SMTP server and sender mail the link
};

/*!
 * The offer of \a config: \c account.passwordReset enabled, an adapter, the built-in passwords
 * and an e-mail provider with an SMTP \c server (a custom sendVerificationRequest alone is no
 * mail transport for other mails). Nullopt when any is missing. Whether the adapter keeps
 * reset links (PasswordResetStore) is asked with the stores: \a hasStore.
 */
std::optional<PasswordResetOffer> passwordResetOffer(const Config &config, bool hasStore);

} // namespace Gatehouse
