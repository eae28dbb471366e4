#pragma once
#include <gatehouse/authrequest.h>

#include <QHostAddress>
#include <QList>
#include <QPair>

namespace Gatehouse {

//! A trusted proxy: an address and prefix length, as QHostAddress::parseSubnet() makes them.
using ProxySubnet = QPair<QHostAddress, int>;

/*!
 * The address of the client that sent \a request, for rate limits and the audit log.
 *
 * That is the peer, unless the peer is one of \a trustedProxies. Then the \c X-Forwarded-For
 * entries (all such headers, in order) are read from the right, each one the address the
 * proxy after it saw, and the first that is not a trusted proxy is the client. A client cannot
 * pick its address by sending the header itself: the trusted proxy appends the address it saw
 * after whatever the client sent. An entry that is not an IP address ends the walk at the
 * proxy that passed it on; so does a missing header. IPv4-mapped IPv6 addresses become IPv4.
 */
QHostAddress clientAddress(const AuthRequest &request, const QList<ProxySubnet> &trustedProxies);

} // namespace Gatehouse
