// The public API: gatehouse/metrics.h over the process's catalogue.
#include <gatehouse/metrics.h>

#include "metrics/catalogue.h"
#include "metrics/expositionwriter.h"

#include <QDateTime>

namespace Gatehouse::Metrics {

void setEnabled(bool on)
{
    catalogue();  // families exist before the first recording
    detail::enabled.store(on, std::memory_order_relaxed);
}

bool isEnabled()
{
    return enabled();
}

QByteArray exposition()
{
    return catalogue().registry.exposition();
}

QByteArray contentType()
{
    return QByteArray(kExpositionContentType);
}

void recordConfigurationReload(bool accepted)
{
    Catalogue &c = catalogue();
    c.configReloads.with({accepted ? QByteArrayView("accepted") : QByteArrayView("refused")}).increment();
    c.configLastReloadSuccessful.with({}).set(accepted ? 1 : 0);
    if (accepted)
        c.configLastReloadSuccessTime.with({}).set(QDateTime::currentSecsSinceEpoch());
}

} // namespace Gatehouse::Metrics
