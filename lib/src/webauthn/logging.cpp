#include "webauthn/logging.h"

namespace Gatehouse::WebAuthn {
Q_LOGGING_CATEGORY(lcWebAuthn, "gatehouse.webauthn", QtWarningMsg)
}
