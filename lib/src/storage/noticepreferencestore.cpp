#include <gatehouse/noticepreferencestore.h>

#include "storage/storerules.h"

#include <gatehouse/adaptererror.h>

#include <algorithm>

namespace Gatehouse {

// The interface lives with the stores that implement it (its users are account/ and notices/).
NoticePreferenceStore::~NoticePreferenceStore() = default;

void StoreRules::checkNoticeKind(const QString &kind, const QString &method)
{
    const bool plain = !kind.isEmpty() && kind.size() <= 64 && std::all_of(kind.begin(), kind.end(), [](QChar ch) {
        return (ch >= u'a' && ch <= u'z') || (ch >= u'A' && ch <= u'Z') || (ch >= u'0' && ch <= u'9');
    });
    if (!plain)
        throw AdapterError(AdapterError::Reason::InvalidArgument,
                           QStringLiteral("%1: a notice kind is 1 to 64 letters and digits").arg(method));
}

} // namespace Gatehouse
