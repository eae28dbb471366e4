#include "signin/currentuser.h"

#include "session/databasesession.h"
#include "session/jwtrevocation.h"
#include "session/jwtsession.h"
#include "core/futures.h"

#include <gatehouse/adapter.h>

namespace Gatehouse {

QFuture<std::optional<AdapterUser>> currentUser(const RequestState &s)
{
    if (s.config.sessionStrategy() == SessionOptions::Strategy::Database) {
        const DatabaseSession db(s.stores(), s.config.session, s.cookies.sessionToken);
        const QString token = db.token(s.requestCookies);
        if (token.isEmpty())
            return QtFuture::makeReadyFuture(std::optional<AdapterUser>());
        return db.read(token).then(QtFuture::Launch::Sync, [](const SessionRead &read) {
            if (read.status == SessionStatus::Unavailable)
                throw *read.error;
            return read.session ? std::optional<AdapterUser>(read.session->user) : std::optional<AdapterUser>();
        });
    }
    const auto codec = s.engine.jwe(s.config.secret);
    const JwtSession jwt(*codec, s.config.jwt, s.cookies.sessionToken);
    const std::optional<QJsonObject> claims = jwt.read(s.requestCookies);
    const QString id = claims ? claims->value(QStringLiteral("sub")).toString() : QString();
    if (id.isEmpty())
        return QtFuture::makeReadyFuture(std::optional<AdapterUser>());
    std::shared_ptr<Adapter> keep = s.config.adapter;
    if (const std::optional<bool> revoked = JwtRevocation::knownRevoked(s.stores(), *claims))
        return *revoked ? QtFuture::makeReadyFuture(std::optional<AdapterUser>()) : keep->getUser(id);
    return continueWith(JwtRevocation::isRevoked(s.stores(), *claims),
                        [keep, id](bool revoked) -> QFuture<std::optional<AdapterUser>> {
                            if (revoked)
                                return QtFuture::makeReadyFuture(std::optional<AdapterUser>());
                            return keep->getUser(id);
                        });
}

} // namespace Gatehouse
