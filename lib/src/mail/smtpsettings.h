#pragma once
/*
 * Where and how mail is sent: the \c server of an email provider. It is either an SMTP URL
 * (\c smtp://user:password@host:port, \c smtps://... for implicit TLS; the query may add
 * \c requireTLS=true or \c ignoreTLS=true) or an object with Nodemailer's key names:
 *
 *   {"host": "mail.example.com", "port": 587, "secure": false, "requireTLS": true,
 *    "ignoreTLS": false, "auth": {"user": "...", "pass": "..."},
 *    "tls": {"rejectUnauthorized": true, "ca": "-----BEGIN CERTIFICATE-----..."},
 *    "connectionTimeout": 10000, "sendTimeout": 30000}
 *
 * \c secure selects implicit TLS (default port 465), \c requireTLS makes STARTTLS mandatory,
 * \c ignoreTLS sends in plain text; otherwise STARTTLS is used when the server offers it
 * (default port 587). Credentials are never sent in plain text: with a user name, STARTTLS is
 * mandatory unless \c ignoreTLS is set. Certificates are verified unless
 * \c tls.rejectUnauthorized is false; \c tls.ca adds trusted certificates (PEM text; in the
 * JSON configuration also the name of a PEM file, which the configuration loader reads).
 * Time-outs are in milliseconds: connecting (default 10 s) and the whole transaction
 * (default 30 s).
 */
#include <QByteArray>
#include <QJsonValue>
#include <QString>
#include <chrono>
#include <optional>

namespace Gatehouse::Mail {

struct SmtpSettings
{
    enum class Tls {
        Implicit,       //!< TLS from the first byte (smtps)
        StartTls,       //!< STARTTLS, and fail when the server does not offer it
        Opportunistic,  //!< STARTTLS when the server offers it
        None,           //!< plain text
    };

    QString host;
    int port = 587;
    Tls tls = Tls::Opportunistic;
    QString user;
    QString password;
    bool verifyCertificate = true;
    QByteArray caCertificates;  //!< extra trusted certificates, PEM
    std::chrono::milliseconds connectTimeout{10000};
    std::chrono::milliseconds sendTimeout{30000};

    /*!
     * Reads a provider's \c server value (see the file comment). \a fallbackPassword is used
     * when a user name is set without a password (an email provider's \c apiKey, which the
     * configuration loader fills from \c AUTH_<PROVIDER>_KEY). Returns nullopt and sets
     * \a problem ("server.port: must be ...") when the value is unusable.
     */
    static std::optional<SmtpSettings> fromJson(const QJsonValue &server, const QString &fallbackPassword,
                                                QString *problem);

    //! The URL libcurl connects to: smtp://host:port or smtps://host:port.
    QByteArray url() const;
    //! host:port, for log lines and error messages.
    QString endpoint() const;
};

} // namespace Gatehouse::Mail
