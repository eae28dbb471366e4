#pragma once
/*
 * A software authenticator and browser for the flow tests: answers creation and request
 * options (JSON form) with the credential JSON a browser would post, signing with a key made
 * by OpenSSL. Knobs let a test lie about the origin or RP ID, clear flags or reset the counter.
 */
#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <memory>

typedef struct evp_pkey_st EVP_PKEY;

namespace Gatehouse::Test {

class SoftAuthenticator
{
public:
    enum class Algorithm { ES256, RS256 };

    explicit SoftAuthenticator(Algorithm algorithm = Algorithm::ES256);

    //! navigator.credentials.create() with \a options (PublicKeyCredentialCreationOptions JSON).
    QJsonObject create(const QJsonObject &options);
    //! navigator.credentials.get() with \a options (PublicKeyCredentialRequestOptions JSON).
    QJsonObject get(const QJsonObject &options);

    //! True when \a options (either kind) lists this authenticator's credential.
    bool isListedIn(const QJsonObject &options, const QString &member) const;

    QString origin = QStringLiteral("http://localhost:9300");  //!< what the "browser" puts in clientDataJSON
    QString rpId;              //!< when set, used instead of the options' RP ID
    quint8 flags = 0x01 | 0x04 | 0x08 | 0x10;  //!< UP, UV, BE, BS
    quint32 counter = 0;       //!< incremented before every assertion
    QByteArray credentialId;   //!< set by create()

private:
    QByteArray cosePublicKey() const;
    QByteArray sign(const QByteArray &data) const;
    QByteArray authenticatorData(const QString &optionsRpId, quint8 flags, const QByteArray &attested) const;
    QByteArray clientData(const QString &type, const QString &challenge) const;

    Algorithm m_algorithm;
    std::shared_ptr<EVP_PKEY> m_key;
};

} // namespace Gatehouse::Test
