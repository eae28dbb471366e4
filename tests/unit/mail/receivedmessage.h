#pragma once
/*
 * Reading a received message back, for assertions: unfolded headers (RFC 2047 words decoded),
 * and the decoded text and HTML parts of a multipart/alternative body.
 */
#include <QByteArray>
#include <QMap>
#include <QString>

namespace Gatehouse::Test {

struct ReceivedMessage
{
    QMap<QByteArray, QString> headers;  //!< lower-case name -> decoded value
    QString text;
    QString html;
    QByteArray raw;

    static ReceivedMessage parse(const QByteArray &raw);
    //! The sign-in link: the first http(s) URL of the text part.
    QString link() const;
};

//! Decodes quoted-printable \a encoded (soft line breaks removed) into bytes.
QByteArray decodeQuotedPrintable(const QByteArray &encoded);

} // namespace Gatehouse::Test
