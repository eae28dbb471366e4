// libFuzzer target for the Cookie header and what is built on it: AuthRequest::cookies(), the
// chunked-cookie reassembly and rewriting of core/cookies, the CSRF cookie (core/csrf), and the
// session-token lookup of Jwt::getRawToken()/getToken() (jose/gettoken, its own cookie parser).
//
// Input: one option byte (secure cookie names; how often the value repeats), then three parts cut
// at "\n---\n": two Cookie headers, and a value to store in the session cookie. Properties:
//  - an authentic CSRF cookie keeps its token and verifies; a fresh one is authentic;
//  - what Cookies::write() sets, applied to the browser's cookies and sent back, reads as the
//    value that was written (no stale chunk survives), and no cookie it sets exceeds 4096 bytes.
// Seeds: corpus/cookies (the cases of tests/unit/core/tst_cookies.cpp and tst_csrf.cpp).
#include "core/cookies.h"
#include "core/csrf.h"
#include "fuzzsupport.h"

#include <gatehouse/authrequest.h>
#include <gatehouse/jwt.h>

#include <cstddef>
#include <cstdint>

using namespace Gatehouse;

namespace {

const QStringList kSecrets = {QStringLiteral("fuzz-secret-one-0123456789abcdef"),
                              QStringLiteral("fuzz-secret-two-0123456789abcdef")};

void checkCsrf(const CookieSet &set, const QMap<QString, QString> &jar)
{
    const QString sent = jar.value(set.csrfToken.name);
    const Csrf::Token token = Csrf::fromCookie(sent, kSecrets);
    if (!token.isNew) {
        FUZZ_CHECK(token.cookieValue == sent && !token.token.isEmpty(), sent);
        FUZZ_CHECK(Csrf::verify(token, token.token), sent);
        FUZZ_CHECK(!Csrf::verify(token, token.token + QLatin1Char('x')), sent);
        FUZZ_CHECK(!Csrf::verify(token, QString()), sent);
        return;
    }
    FUZZ_CHECK(!Csrf::verify(token, token.token), sent);
    const Csrf::Token again = Csrf::fromCookie(token.cookieValue, kSecrets);
    FUZZ_CHECK(!again.isNew && again.token == token.token, token.cookieValue);
}

// The browser's side: applies \a setCookies to \a jar as a browser stores them.
void apply(QMap<QString, QString> &jar, const QList<SetCookie> &setCookies)
{
    for (const SetCookie &c : setCookies) {
        if (c.options.maxAge && *c.options.maxAge == 0)
            jar.remove(c.name);
        else
            jar.insert(c.name, c.value);
    }
}

// The Cookie header a browser sends for the cookies of \a jar named \a name or chunks of it.
QByteArray cookieHeader(const QMap<QString, QString> &jar, const QString &name)
{
    QByteArray header;
    for (auto it = jar.cbegin(); it != jar.cend(); ++it) {
        if (!it.key().startsWith(name))
            continue;
        const QByteArray pair = SetCookie{it.key(), it.value(), {}}.toHeaderValue();
        if (!header.isEmpty())
            header += "; ";
        header += pair.left(pair.indexOf(';'));
    }
    return header;
}

void checkWrite(const CookieOption &cookie, const QString &value, const QMap<QString, QString> &sent)
{
    const QList<SetCookie> written = Cookies::write(cookie, value, sent);
    for (const SetCookie &c : written) {
        if (c.options.maxAge && *c.options.maxAge == 0)
            continue;  // deletions name cookies the browser sent, whatever their size
        FUZZ_CHECK(c.toHeaderValue().size() <= Cookies::kMaxCookieSize,
                   QStringLiteral("%1 is %2 bytes").arg(c.name).arg(c.toHeaderValue().size()));
    }
    // The browser keeps only the cookies of the request whose names the header could carry.
    QMap<QString, QString> jar;
    for (auto it = sent.cbegin(); it != sent.cend(); ++it) {
        if (it.key().startsWith(cookie.name) && !it.key().contains(QLatin1Char(';'))
            && !it.key().contains(QLatin1Char('=')) && it.key() == it.key().trimmed()
            && std::all_of(it.key().cbegin(), it.key().cend(), [](QChar c) { return c.unicode() < 0x100; }))
            jar.insert(it.key(), it.value());
    }
    apply(jar, written);
    AuthRequest next;
    next.headers.append({QByteArrayLiteral("Cookie"), cookieHeader(jar, cookie.name)});
    const QString read = Cookies::read(cookie.name, next.cookies());
    FUZZ_CHECK(read == value, QStringLiteral("wrote %1 chars, read %2 chars back").arg(value.size()).arg(read.size()));
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Fuzz::silenceLogging();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Fuzz::Bytes input(QByteArrayView(data, qsizetype(size)));
    const quint8 options = input.byte();
    const QList<QByteArray> parts = Fuzz::parts(input.rest(), 3);
    const bool secure = options & 1;

    AuthRequest request;
    request.headers.append({QByteArrayLiteral("Cookie"), parts[0]});
    request.headers.append({QByteArrayLiteral("cookie"), parts[1]});
    request.headers.append({QByteArrayLiteral("Authorization"), parts[1]});
    const QMap<QString, QString> jar = request.cookies();
    for (auto it = jar.cbegin(); it != jar.cend(); ++it)
        FUZZ_CHECK(!it.key().isEmpty(), QString());

    const CookieSet set = CookieSet::resolve(secure, {});
    for (const CookieOption *cookie : {&set.sessionToken, &set.callbackUrl, &set.csrfToken, &set.pkceCodeVerifier,
                                       &set.state, &set.nonce, &set.webauthnChallenge}) {
        const QString value = Cookies::read(cookie->name, jar);
        FUZZ_CHECK(Cookies::present(cookie->name, jar) || value.isEmpty(), cookie->name);
        for (const SetCookie &c : Cookies::remove(*cookie, jar))
            FUZZ_CHECK(c.name.startsWith(cookie->name) && c.options.maxAge == 0, c.name);
    }
    checkCsrf(set, jar);

    Jwt::GetTokenParams params{request, kSecrets, QString(), QString(), secure};
    (void)Jwt::getRawToken(params);
    (void)Jwt::getToken(params);

    // A value of up to 16 copies of the third part, to reach the chunked sizes.
    QString value = QString::fromUtf8(parts[2]);
    value = value.repeated(1 + ((options >> 1) & 15));
    checkWrite(set.sessionToken, value, jar);
    return 0;
}
