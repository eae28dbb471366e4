#pragma once
/*! \file forwardauthstack.h  What the forward-auth end-to-end tests run: a real nginx or Caddy
 *  with the example configuration of packaging/, in front of the echoing app and asking a real
 *  gatehouse-server. The HTTP-level tests (tst_proxyforwardauth.cpp) and the browser tests
 *  (forwardauth.e2e.mjs, through forwardauth_e2e_stack) start the same stack. */
#include "integration/server/serverharness.h"
#include "echoapp.h"

#include <QProcess>
#include <QString>
#include <optional>
#include <QTemporaryDir>

namespace Gatehouse::Testing {

enum class Proxy { Nginx, Caddy };

/*!
 * A gatehouse-server (JWT sessions, a credentials provider with "alice" in group admins and
 * "bob" in group staff, both with password "good-password"; access rules for app.example.test
 * and tools.example.test), the echoing app, and the proxy on one free loopback port serving
 * auth.example.test, app.example.test and (nginx) tools.example.test by their Host header.
 * Gatehouse serves its metrics on 127.0.0.1:metricsPort().
 * Everything runs in a temporary folder and ends with the object. The app answers only while
 * the caller's event loop runs.
 */
class ForwardAuthStack
{
public:
    explicit ForwardAuthStack(Proxy proxy) : m_proxy(proxy) {}
    ~ForwardAuthStack();   //!< stops the proxy (SIGTERM, SIGKILL after 5 s); the rest ends after it
    ForwardAuthStack(const ForwardAuthStack &) = delete;
    ForwardAuthStack &operator=(const ForwardAuthStack &) = delete;

    //! The proxy named "nginx" or "caddy", nullopt for another name.
    static std::optional<Proxy> proxyNamed(const QString &name);

    //! Starts the server, the app and the proxy; true once the proxy accepts connections,
    //! otherwise false with the reason (and the logs that tell it) in \a error.
    bool start(QString *error);
    Proxy proxy() const { return m_proxy; }
    //! The proxy's port on 127.0.0.1.
    quint16 port() const { return m_port; }
    //! Gatehouse's metrics listener (server.metricsListen) on 127.0.0.1.
    quint16 metricsPort() const { return m_metricsPort; }

private:
    bool startNginx(const QByteArray &gatehouse, const QByteArray &app, QString *error);
    bool startCaddy(const QByteArray &gatehouse, const QByteArray &app, QString *error);

    Proxy m_proxy;
    QTemporaryDir m_dir;
    ServerUnderTest m_gatehouse;
    EchoApp m_app;
    QProcess m_proxyProcess;
    quint16 m_port = 0;
    quint16 m_metricsPort = 0;
};

} // namespace Gatehouse::Testing
