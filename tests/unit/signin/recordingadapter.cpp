#include "recordingadapter.h"

#include <QMutexLocker>

namespace Gatehouse::Test {

QList<VerificationToken> RecordingAdapter::createdTokens() const
{
    QMutexLocker lock(&m_mutex);
    return m_created;
}

QFuture<std::optional<VerificationToken>> RecordingAdapter::createVerificationToken(const VerificationToken &token)
{
    VerificationToken stored = token;
    if (expireTokens)
        stored.expires = QDateTime::currentDateTimeUtc().addSecs(-60);
    {
        QMutexLocker lock(&m_mutex);
        m_created.append(stored);
    }
    return store.createVerificationToken(stored);
}

} // namespace Gatehouse::Test
