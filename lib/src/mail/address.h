#pragma once
/*
 * E-mail addresses as the email sign-in accepts them. The address a visitor types is
 * normalised first (Unicode NFKC, lower case, surrounding whitespace removed) and only then
 * validated, so a character that normalises into '@' or ',' cannot slip past the checks
 * (GHSA-7rqj-j65f-68wh). What is accepted is deliberately narrower than RFC 5322: one plain
 * "local@domain" mailbox, no quoted local parts (GHSA-5jpx-9hw9-2fx4), no lists
 * (GHSA-xv97-c62v-4587), no comments, routes, groups, IP literals or display names, no
 * whitespace or control characters (header injection), an ASCII local part and a domain that
 * is a valid (internationalised) host name. The domain is returned in its ASCII form
 * ("xn--..."), the one mail servers route by, so one mailbox has exactly one spelling.
 */
#include <QString>
#include <QStringView>

namespace Gatehouse::Mail {

//! The outcome of checking an address.
struct AddressCheck
{
    QString address;  //!< the canonical address when valid
    QString problem;  //!< why the address was refused; empty when it is valid

    bool isValid() const { return problem.isEmpty(); }
};

//! Normalises \a input (NFKC, lower case, trim) and checks the result with checkAddress().
AddressCheck normalizeAddress(QStringView input);

/*!
 * Checks \a address as written (letters may be upper case, nothing is normalised except the
 * domain, which is converted to its lower-case ASCII form). Used for addresses that come from
 * the configuration (the sender) and for every address a message is built for.
 */
AddressCheck checkAddress(QStringView address);

} // namespace Gatehouse::Mail
