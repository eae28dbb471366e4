#include "http/connectionbalancer.h"

namespace Gatehouse {

ConnectionBalancer::ConnectionBalancer(int threads)
    : m_count(threads), m_slots(std::make_unique<Slot[]>(std::size_t(threads)))
{
}

ConnectionBalancer::~ConnectionBalancer() = default;

void ConnectionBalancer::attach(int index, HttpWorker *worker)
{
    m_slots[std::size_t(index)].worker.storeRelease(worker);
}

void ConnectionBalancer::detach(int index)
{
    m_slots[std::size_t(index)].worker.storeRelease(nullptr);
}

ConnectionBalancer::Assignment ConnectionBalancer::assign(int accepting)
{
    Slot &own = m_slots[std::size_t(accepting)];
    Assignment chosen{accepting, own.worker.loadAcquire()};
    int least = own.load.loadRelaxed();
    for (int i = 0; i < m_count; ++i) {
        const Slot &slot = m_slots[std::size_t(i)];
        if (i == accepting)
            continue;
        HttpWorker *worker = slot.worker.loadAcquire();
        if (!worker)
            continue;
        if (const int load = slot.load.loadRelaxed(); load < least) {
            least = load;
            chosen = {i, worker};
        }
    }
    m_slots[std::size_t(chosen.index)].load.fetchAndAddRelaxed(1);
    return chosen;
}

void ConnectionBalancer::release(int index)
{
    m_slots[std::size_t(index)].load.fetchAndSubRelaxed(1);
}

int ConnectionBalancer::load(int index) const
{
    return m_slots[std::size_t(index)].load.loadRelaxed();
}

} // namespace Gatehouse
