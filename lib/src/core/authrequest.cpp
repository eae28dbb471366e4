#include <gatehouse/authrequest.h>

#include <QUrl>

namespace Gatehouse {

QByteArray AuthRequest::header(QByteArrayView name) const
{
    for (const auto &h : headers) {
        if (h.first.size() == name.size() && qstrnicmp(h.first.constData(), name.data(), name.size()) == 0)
            return h.second;
    }
    return {};
}

QMap<QString, QString> AuthRequest::cookies() const
{
    QMap<QString, QString> result;
    for (const auto &h : headers) {
        if (h.first.compare("cookie", Qt::CaseInsensitive) != 0)
            continue;
        // RFC 6265 cookie-string: name=value pairs separated by "; ".
        QByteArrayView rest(h.second);
        while (!rest.isEmpty()) {
            const qsizetype semicolon = rest.indexOf(';');
            QByteArrayView pair = (semicolon < 0 ? rest : rest.first(semicolon)).trimmed();
            rest = semicolon < 0 ? QByteArrayView() : rest.sliced(semicolon + 1);
            const qsizetype eq = pair.indexOf('=');
            if (eq <= 0)
                continue;
            const QString name = QString::fromLatin1(pair.first(eq).trimmed());
            if (result.contains(name))
                continue;
            QByteArrayView value = pair.sliced(eq + 1).trimmed();
            if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
                value = value.sliced(1, value.size() - 2);
            // Values are percent-encoded by the writer (encodeURIComponent semantics).
            result.insert(name, value.contains('%') ? QUrl::fromPercentEncoding(value.toByteArray())
                                                    : QString::fromLatin1(value));
        }
    }
    return result;
}

} // namespace Gatehouse
