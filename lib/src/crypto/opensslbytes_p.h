#pragma once
/*! \file opensslbytes_p.h  A byte view as the pointer OpenSSL's functions take. */

#include <QByteArrayView>

namespace Gatehouse::Crypto {

//! OpenSSL rejects a null pointer even with a zero length; an empty view may carry one.
inline const unsigned char *opensslBytes(QByteArrayView data)
{
    static const unsigned char empty = 0;
    return data.isEmpty() ? &empty : reinterpret_cast<const unsigned char *>(data.data());
}

} // namespace Gatehouse::Crypto
