#pragma once
/*
 * A small host application: Gatehouse mounted under /auth on the application's own
 * QHttpServer, a public home page, a protected dashboard and a JSON endpoint that returns the
 * session. The demo user is alice / alice-password.
 */
#include <gatehouse/auth.h>
#include <gatehouse/httpserverintegration.h>

#include <QHttpServer>

namespace Example {

Gatehouse::Config configuration(const QString &secret);
//! Adds Gatehouse and the application's routes to \a server.
void installRoutes(QHttpServer &server, const Gatehouse::Auth &auth, Gatehouse::HttpServerIntegration &gatehouse);

} // namespace Example
