#include "core/cookies.h"

#include <algorithm>

namespace Gatehouse {

namespace {

CookieOption make(const QString &name, bool secure, const QString &prefix = QStringLiteral("__Secure-"))
{
    CookieOption c;
    c.name = secure ? prefix + name : name;
    c.options.secure = secure;
    return c;
}

void apply(CookieOption &target, const std::optional<CookieOption> &override)
{
    if (override)
        target = *override;
}

// Index of a chunk cookie "name.N", or -1.
int chunkIndex(const QString &cookieName, const QString &name)
{
    if (cookieName.size() <= name.size() + 1 || !cookieName.startsWith(name)
        || cookieName.at(name.size()) != QLatin1Char('.'))
        return -1;
    bool ok = false;
    const int index = QStringView(cookieName).sliced(name.size() + 1).toInt(&ok);
    return ok && index >= 0 ? index : -1;
}

// The lengths of the chunks \a value is split into, each at most kChunkSize bytes once encoded.
// Session tokens (all unreserved) are cut every kChunkSize characters, as Auth.js cuts them; other
// values (whose characters take up to 12 bytes encoded) at the last whole character that fits.
QList<qsizetype> chunkLengths(const QString &value)
{
    QList<qsizetype> lengths;
    if (Cookies::encodedValueSize(value) == value.size()) {
        for (qsizetype pos = 0; pos < value.size(); pos += Cookies::kChunkSize)
            lengths.append(qMin<qsizetype>(Cookies::kChunkSize, value.size() - pos));
        return lengths;
    }
    qsizetype length = 0;
    qsizetype bytes = 0;
    for (qsizetype pos = 0; pos < value.size();) {
        const bool pair = value.at(pos).isHighSurrogate() && pos + 1 < value.size() && value.at(pos + 1).isLowSurrogate();
        const qsizetype units = pair ? 2 : 1;
        const qsizetype size = Cookies::encodedValueSize(QString::fromRawData(value.constData() + pos, units));
        if (bytes + size > Cookies::kChunkSize) {
            lengths.append(length);
            length = bytes = 0;
        }
        length += units;
        bytes += size;
        pos += units;
    }
    if (length > 0)
        lengths.append(length);
    return lengths;
}

SetCookie deletion(const QString &name, const CookieOptions &options)
{
    SetCookie c{name, QString(), options};
    c.options.expires.reset();
    c.options.maxAge = 0;
    return c;
}

} // namespace

CookieSet CookieSet::resolve(bool secure, const CookiesOptions &overrides)
{
    CookieSet set;
    set.sessionToken = make(QStringLiteral("authjs.session-token"), secure);
    set.callbackUrl = make(QStringLiteral("authjs.callback-url"), secure);
    set.csrfToken = make(QStringLiteral("authjs.csrf-token"), secure, QStringLiteral("__Host-"));
    set.pkceCodeVerifier = make(QStringLiteral("authjs.pkce.code_verifier"), secure);
    set.state = make(QStringLiteral("authjs.state"), secure);
    set.nonce = make(QStringLiteral("authjs.nonce"), secure);
    set.webauthnChallenge = make(QStringLiteral("authjs.webauthn-challenge"), secure);
    set.twoFactor = make(QStringLiteral("authjs.two-factor"), secure);
    // Check cookies live for 15 minutes.
    for (CookieOption *check : {&set.pkceCodeVerifier, &set.state, &set.nonce, &set.webauthnChallenge})
        check->options.maxAge = 900;
    apply(set.sessionToken, overrides.sessionToken);
    apply(set.callbackUrl, overrides.callbackUrl);
    apply(set.csrfToken, overrides.csrfToken);
    apply(set.pkceCodeVerifier, overrides.pkceCodeVerifier);
    apply(set.state, overrides.state);
    apply(set.nonce, overrides.nonce);
    apply(set.webauthnChallenge, overrides.webauthnChallenge);
    return set;
}

namespace Cookies {

QList<SetCookie> write(const CookieOption &cookie, const QString &value,
                       const QMap<QString, QString> &requestCookies)
{
    QList<SetCookie> out;
    int written = 0;  // number of chunks written; 0 = unchunked
    // The header's size without formatting it: its size with an empty value, plus the value's.
    const qsizetype wholeSize = headerSizeWithoutValue(cookie.name, cookie.options) + encodedValueSize(value);
    if (wholeSize <= kMaxCookieSize) {
        out.append({cookie.name, value, cookie.options});
    } else {
        qsizetype pos = 0;
        for (const qsizetype length : chunkLengths(value)) {
            out.append({cookie.name + QLatin1Char('.') + QString::number(written++), value.mid(pos, length),
                        cookie.options});
            pos += length;
        }
        if (requestCookies.contains(cookie.name))
            out.append(deletion(cookie.name, cookie.options));
    }
    // Every other chunk goes, including ones a written chunk does not overwrite because the
    // browser spelled its index differently ("name.01" would otherwise be read as chunk 1 too).
    for (auto it = requestCookies.keyBegin(); it != requestCookies.keyEnd(); ++it) {
        const int index = chunkIndex(*it, cookie.name);
        if (index >= written || (index >= 0 && *it != cookie.name + QLatin1Char('.') + QString::number(index)))
            out.append(deletion(*it, cookie.options));
    }
    return out;
}

QList<SetCookie> remove(const CookieOption &cookie, const QMap<QString, QString> &requestCookies)
{
    QList<SetCookie> out;
    bool chunked = false;
    for (auto it = requestCookies.keyBegin(); it != requestCookies.keyEnd(); ++it) {
        if (chunkIndex(*it, cookie.name) >= 0) {
            out.append(deletion(*it, cookie.options));
            chunked = true;
        }
    }
    if (!chunked || requestCookies.contains(cookie.name))
        out.prepend(deletion(cookie.name, cookie.options));
    return out;
}

QString read(const QString &name, const QMap<QString, QString> &requestCookies)
{
    const auto it = requestCookies.constFind(name);
    if (it != requestCookies.constEnd())
        return *it;
    QList<std::pair<int, QString>> chunks;
    for (auto c = requestCookies.constBegin(); c != requestCookies.constEnd(); ++c) {
        const int index = chunkIndex(c.key(), name);
        if (index >= 0)
            chunks.append({index, c.value()});
    }
    std::sort(chunks.begin(), chunks.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    QString value;
    for (const auto &chunk : std::as_const(chunks))
        value += chunk.second;
    return value;
}

bool present(const QString &name, const QMap<QString, QString> &requestCookies)
{
    if (requestCookies.contains(name))
        return true;
    for (auto it = requestCookies.keyBegin(); it != requestCookies.keyEnd(); ++it) {
        if (chunkIndex(*it, name) >= 0)
            return true;
    }
    return false;
}

} // namespace Cookies
} // namespace Gatehouse
