#include "mail/address.h"

#include <QChar>
#include <QUrl>

namespace Gatehouse::Mail {

namespace {

constexpr qsizetype MaxAddressLength = 254;  // RFC 5321 path limit minus the angle brackets
constexpr qsizetype MaxLocalLength = 64;
constexpr qsizetype MaxDomainLength = 253;
constexpr qsizetype MaxLabelLength = 63;

AddressCheck refuse(const QString &problem)
{
    return AddressCheck{QString(), problem};
}

bool isInvisibleOrControl(char32_t c)
{
    switch (QChar::category(c)) {
    case QChar::Other_Control:
    case QChar::Other_Format:
    case QChar::Other_Surrogate:
    case QChar::Other_PrivateUse:
    case QChar::Other_NotAssigned:
    case QChar::Separator_Line:
    case QChar::Separator_Paragraph:
        return true;
    default:
        return false;
    }
}

// Characters of RFC 5322 "atext" except '%' (the "percent hack" routes mail through the
// domain to the host named in the local part on some relays).
bool isLocalPartCharacter(QChar c)
{
    const char16_t u = c.unicode();
    if ((u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9'))
        return true;
    return QStringView(u"!#$&'*+/=?^_`{|}~-.").contains(c);
}

QString localPartProblem(QStringView local)
{
    if (local.isEmpty())
        return QStringLiteral("has nothing before the '@'");
    if (local.size() > MaxLocalLength)
        return QStringLiteral("has a local part longer than %1 characters").arg(MaxLocalLength);
    for (const QChar c : local) {
        if (c.unicode() > 0x7f)
            return QStringLiteral("has a non-ASCII character before the '@'");
        if (!isLocalPartCharacter(c))
            return QStringLiteral("contains '%1' before the '@', which is not allowed").arg(c);
    }
    if (local.startsWith(u'.') || local.endsWith(u'.') || local.contains(u".."))
        return QStringLiteral("has a leading, trailing or double dot before the '@'");
    return {};
}

// The domain in lower-case ASCII (IDNA), or an empty string with \a problem set.
QString asciiDomain(QStringView domain, QString *problem)
{
    if (domain.isEmpty()) {
        *problem = QStringLiteral("has nothing after the '@'");
        return {};
    }
    // Letters, digits, marks, '-' and label separators only: no symbol or punctuation that
    // merely looks like '.' or '@' may become part of an internationalised label.
    for (const char32_t c : domain.toUcs4()) {
        const QChar::Category category = QChar::category(c);
        const bool mark = category == QChar::Mark_NonSpacing || category == QChar::Mark_SpacingCombining
            || category == QChar::Mark_Enclosing;
        if (!(QChar::isLetterOrNumber(c) || mark || c == u'-' || c == u'.' || c == 0x3002)) {
            *problem = QStringLiteral("has a domain that is not a valid host name");
            return {};
        }
    }
    const QString ace = QString::fromLatin1(QUrl::toAce(domain.toString())).toLower();
    if (ace.isEmpty()) {
        *problem = QStringLiteral("has a domain that is not a valid host name");
        return {};
    }
    if (ace.size() > MaxDomainLength) {
        *problem = QStringLiteral("has a domain longer than %1 characters").arg(MaxDomainLength);
        return {};
    }
    const QStringList labels = ace.split(u'.');
    for (const QString &label : labels) {
        if (label.isEmpty() || label.size() > MaxLabelLength) {
            *problem = QStringLiteral("has a domain with an empty or over-long label");
            return {};
        }
        for (const QChar c : label) {
            const char16_t u = c.unicode();
            if (!((u >= u'a' && u <= u'z') || (u >= u'0' && u <= u'9') || u == u'-')) {
                *problem = QStringLiteral("has a domain that is not a valid host name");
                return {};
            }
        }
        if (label.startsWith(u'-') || label.endsWith(u'-')) {
            *problem = QStringLiteral("has a domain label that starts or ends with '-'");
            return {};
        }
    }
    bool numeric = false;
    labels.last().toLongLong(&numeric);
    if (numeric) {
        *problem = QStringLiteral("has a numeric top-level domain (IP addresses are not accepted)");
        return {};
    }
    return ace;
}

} // namespace

AddressCheck checkAddress(QStringView address)
{
    if (address.isEmpty())
        return refuse(QStringLiteral("is empty"));
    if (address.size() > MaxAddressLength)
        return refuse(QStringLiteral("is longer than %1 characters").arg(MaxAddressLength));
    for (const char32_t c : address.toUcs4()) {
        if (c < 0x20 || c == 0x7f || isInvisibleOrControl(c))
            return refuse(QStringLiteral("contains a control or invisible character"));
        if (QChar::isSpace(c))
            return refuse(QStringLiteral("contains whitespace"));
    }
    if (address.contains(u'"'))
        return refuse(QStringLiteral("contains a quote"));
    if (address.contains(u',') || address.contains(u';'))
        return refuse(QStringLiteral("contains ',' or ';' (only one address is accepted)"));
    for (const QChar special : QStringView(u"<>()[]\\:")) {
        if (address.contains(special))
            return refuse(QStringLiteral("contains '%1', which is not allowed").arg(special));
    }
    if (address.count(u'@') != 1)
        return refuse(QStringLiteral("must contain exactly one '@'"));

    const qsizetype at = address.indexOf(u'@');
    const QStringView local = address.left(at);
    if (const QString problem = localPartProblem(local); !problem.isEmpty())
        return refuse(problem);
    QString problem;
    const QString domain = asciiDomain(address.mid(at + 1), &problem);
    if (domain.isEmpty())
        return refuse(problem);
    const QString canonical = local.toString() + u'@' + domain;
    if (canonical.size() > MaxAddressLength)
        return refuse(QStringLiteral("is longer than %1 characters").arg(MaxAddressLength));
    return AddressCheck{canonical, QString()};
}

AddressCheck normalizeAddress(QStringView input)
{
    // Normalisation can shrink a string (NFKC, trimming), but not by this much: refuse early.
    if (input.size() > 4 * MaxAddressLength)
        return refuse(QStringLiteral("is longer than %1 characters").arg(MaxAddressLength));
    const QString normalized = input.toString().normalized(QString::NormalizationForm_KC).toLower().trimmed();
    return checkAddress(normalized);
}

} // namespace Gatehouse::Mail
