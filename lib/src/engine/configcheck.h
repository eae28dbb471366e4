#pragma once
#include <gatehouse/config.h>

#include <QStringList>

namespace Gatehouse {

/*!
 * Problems of \a config that stop the engine, each as "key.path: what is wrong", all at once.
 * A missing secret is reported separately by the caller as MissingSecret.
 */
QStringList checkConfig(const Config &config);

} // namespace Gatehouse
