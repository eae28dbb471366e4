#pragma once
/*! \file builtinpasswords.h  \c "authorize": \c "builtin": credentials providers of the JSON
 *  configuration that check the passwords stored in the database. */
#include <gatehouse/adapter.h>
#include <gatehouse/config.h>

#include <memory>

namespace Gatehouse {

/*!
 * Gives every credentials provider of \a config whose \c authorize is \c "builtin" the
 * authorize function of passwordCredentialsProvider() on \a adapter: Argon2id hashes of the
 * \c gatehouse_passwords table, a disabled password refused, an unknown address costing the
 * time of a wrong password. A provider without its own \c credentials fields gets the
 * built-in \c email and \c password fields. The configuration loader has already refused
 * \c "builtin" without an adapter; with a null \a adapter this throws an AuthError.
 */
void bindBuiltinPasswords(Config &config, const std::shared_ptr<Adapter> &adapter);

} // namespace Gatehouse
