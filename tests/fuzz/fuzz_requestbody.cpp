// libFuzzer target for request bodies (core/requestbody): application/json and
// application/x-www-form-urlencoded, as parseRequestBody() turns them into the fields the actions
// read (csrfToken, callbackUrl, email, credentials, WebAuthn responses).
//
// Input: the Content-Type header, "\n---\n", the body. Properties: any body gives an object; a JSON
// object body gives that object; a form built by OAuth::formEncode() from the fuzzed fields (the
// encoder Gatehouse uses towards token endpoints) parses back to those fields, the last of a
// repeated name winning. Seeds: corpus/requestbody (tests/unit/core/tst_requestbody.cpp).
#include "core/requestbody.h"
#include "fuzzsupport.h"
#include "oauth/oauthclient.h"

#include <QJsonDocument>

#include <cstddef>
#include <cstdint>

using namespace Gatehouse;

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Fuzz::silenceLogging();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QList<QByteArray> parts = Fuzz::parts(QByteArrayView(data, qsizetype(size)), 2);
    const QByteArray &contentType = parts[0];
    const QByteArray &body = parts[1];

    const QJsonObject fields = parseRequestBody(contentType, body);
    if (contentType.trimmed().toLower() == "application/json") {
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(body, &error);
        if (error.error == QJsonParseError::NoError && document.isObject())
            FUZZ_CHECK(fields == document.object(), QString::fromUtf8(body));
    }
    (void)parseRequestBody("application/x-www-form-urlencoded", body);

    // Round trip: the body's lines as name=value pairs, form-encoded, parse back.
    OAuth::ParamList params;
    QJsonObject expected;
    for (const QByteArray &line : body.split('\n')) {
        const qsizetype eq = line.indexOf('=');
        const QString name = QString::fromUtf8(eq < 0 ? line : line.left(eq));
        const QString value = QString::fromUtf8(eq < 0 ? QByteArray() : line.mid(eq + 1));
        if (name.isEmpty())
            continue;
        params.append({name, value});
        expected.insert(name, value);
    }
    const QByteArray form = OAuth::formEncode(params);
    const QJsonObject parsed = parseRequestBody("application/x-www-form-urlencoded; charset=UTF-8", form);
    FUZZ_CHECK(parsed == expected, QString::fromLatin1(form));
    return 0;
}
