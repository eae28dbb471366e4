#pragma once
/*! \file logging.h  The webauthn module's logging category, \c gatehouse.webauthn. */
#include <QLoggingCategory>

namespace Gatehouse::WebAuthn {
Q_DECLARE_LOGGING_CATEGORY(lcWebAuthn)
}
