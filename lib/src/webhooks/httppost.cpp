#include "webhooks/httppost.h"

#include <curl/curl.h>

#include <memory>
#include <mutex>

namespace Gatehouse::Webhooks {

namespace {

void initialiseCurlOnce()
{
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

size_t dropBody(char *, size_t size, size_t count, void *)
{
    return size * count;
}

struct EasyDeleter
{
    void operator()(CURL *easy) const { curl_easy_cleanup(easy); }
};

struct ListDeleter
{
    void operator()(curl_slist *list) const { curl_slist_free_all(list); }
};

} // namespace

QString PostOutcome::problem() const
{
    if (status == 0)
        return error;
    if (status >= 300 && status < 400)
        return QStringLiteral("HTTP %1 (a redirect, not followed)").arg(status);
    return QStringLiteral("HTTP %1").arg(status);
}

PostOutcome post(const QUrl &url, const QList<QByteArray> &headers, const QByteArray &body,
                 std::chrono::milliseconds timeout)
{
    initialiseCurlOnce();
    PostOutcome outcome;
    std::unique_ptr<CURL, EasyDeleter> easy(curl_easy_init());
    if (!easy) {
        outcome.error = QStringLiteral("libcurl could not start a transfer");
        return outcome;
    }
    curl_slist *list = nullptr;
    for (const QByteArray &header : headers)
        list = curl_slist_append(list, header.constData());
    // libcurl would send "Expect: 100-continue" for larger bodies and wait for an answer to it.
    list = curl_slist_append(list, "Expect:");
    std::unique_ptr<curl_slist, ListDeleter> headerList(list);
    char errorBuffer[CURL_ERROR_SIZE] = {};
    const QByteArray address = url.toEncoded();
    CURL *e = easy.get();
    curl_easy_setopt(e, CURLOPT_URL, address.constData());
    curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(e, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(e, CURLOPT_ERRORBUFFER, errorBuffer);
    curl_easy_setopt(e, CURLOPT_TIMEOUT_MS, long(timeout.count()));
    curl_easy_setopt(e, CURLOPT_CONNECTTIMEOUT_MS, long(timeout.count()));
    curl_easy_setopt(e, CURLOPT_POST, 1L);
    curl_easy_setopt(e, CURLOPT_POSTFIELDS, body.constData());
    curl_easy_setopt(e, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.size()));
    curl_easy_setopt(e, CURLOPT_HTTPHEADER, headerList.get());
    curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, &dropBody);
    const CURLcode result = curl_easy_perform(e);
    if (result != CURLE_OK) {
        outcome.error = QString::fromUtf8(errorBuffer[0] ? errorBuffer : curl_easy_strerror(result));
        return outcome;
    }
    long status = 0;
    curl_easy_getinfo(e, CURLINFO_RESPONSE_CODE, &status);
    outcome.status = int(status);
    return outcome;
}

} // namespace Gatehouse::Webhooks
