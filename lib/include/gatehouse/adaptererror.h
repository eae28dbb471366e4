#pragma once
/*! \file adaptererror.h  The error a storage adapter's futures fail with. */
#include <gatehouse/autherror.h>

namespace Gatehouse {

/*!
 * A storage operation failed. \c type() is always \c "AdapterError"; \c reason() says why, so
 * the engine can tell a duplicate (\c Conflict) from a missing method or a broken database.
 * The message names the adapter method (\c "adapter method getAuthenticator is not
 * implemented", \c "createUser: email is already in use").
 */
class GATEHOUSE_EXPORT AdapterError : public AuthError
{
public:
    enum class Reason {
        NotImplemented,   //!< the adapter does not implement the method
        NotFound,         //!< a record the operation needs does not exist (unknown user id, ...)
        Conflict,         //!< a unique or foreign key would be violated (duplicate email, ...)
        Unavailable,      //!< the database cannot be reached, or the connection was lost twice
        InvalidArgument,  //!< the input cannot be stored (missing required field, ...)
        Failed,           //!< any other database error; \c cause() holds the driver's text
    };

    AdapterError(Reason reason, QString message, QString cause = {});

    //! The error of an optional method the adapter does not implement.
    static AdapterError notImplemented(const QString &method);

    Reason reason() const { return m_reason; }

    void raise() const override { throw *this; }
    AdapterError *clone() const override { return new AdapterError(*this); }

private:
    Reason m_reason;
};

} // namespace Gatehouse
