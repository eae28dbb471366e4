#pragma once
/*
 * A metric with labels: one child metric per distinct set of label values, created on first
 * use and kept for the life of the family. Lookups read a list that only ever grows at its
 * head, so the hot path takes no lock; only the first use of a label set locks (to insert).
 * Label values must come from a bounded set (action names, provider ids, status codes),
 * never from what a client sends.
 */
#include "metrics/collectable.h"
#include "metrics/counter.h"
#include "metrics/expositionwriter.h"
#include "metrics/gauge.h"
#include "metrics/histogram.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QHashFunctions>
#include <QList>

#include <algorithm>
#include <atomic>
#include <initializer_list>
#include <mutex>
#include <vector>

namespace Gatehouse::Metrics {

template<typename Metric>
class Family final : public Collectable
{
public:
    Family(QByteArray name, QByteArray help, QList<QByteArray> labelNames, typename Metric::Options options = {})
        : m_name(std::move(name)), m_help(std::move(help)), m_labelNames(std::move(labelNames)),
          m_options(std::move(options))
    {
    }
    ~Family() override
    {
        for (Child *c = m_head.load(std::memory_order_acquire); c;) {
            Child *next = c->next;
            delete c;
            c = next;
        }
    }
    Family(const Family &) = delete;
    Family &operator=(const Family &) = delete;

    //! The child for \a values, one per label name in order. Thread-safe.
    Metric &with(std::initializer_list<QByteArrayView> values)
    {
        const std::size_t hash = hashOf(values);
        if (Child *found = find(m_head.load(std::memory_order_acquire), hash, values))
            return found->metric;
        std::lock_guard<std::mutex> lock(m_inserting);
        Child *head = m_head.load(std::memory_order_acquire);
        if (Child *found = find(head, hash, values))
            return found->metric;
        auto *child = new Child(m_options);
        child->hash = hash;
        for (QByteArrayView v : values)
            child->values.append(v.toByteArray());
        child->next = head;
        m_head.store(child, std::memory_order_release);
        return child->metric;
    }

    void collect(ExpositionWriter &writer) const override
    {
        writer.family(m_name, m_help, Metric::kType);
        std::vector<const Child *> children;
        for (const Child *c = m_head.load(std::memory_order_acquire); c; c = c->next)
            children.push_back(c);
        std::sort(children.begin(), children.end(),
                  [](const Child *a, const Child *b) { return a->values < b->values; });
        for (const Child *c : children)
            write(writer, c->values, c->metric);
    }

    const QByteArray &name() const { return m_name; }

private:
    struct Child
    {
        explicit Child(const typename Metric::Options &options) : metric(options) {}
        std::size_t hash = 0;
        QList<QByteArray> values;
        Metric metric;
        Child *next = nullptr;
    };

    static std::size_t hashOf(std::initializer_list<QByteArrayView> values)
    {
        std::size_t seed = 0;
        for (QByteArrayView v : values)
            seed = qHash(v, seed) ^ (seed << 1);
        return seed;
    }

    static Child *find(Child *c, std::size_t hash, std::initializer_list<QByteArrayView> values)
    {
        for (; c; c = c->next) {
            if (c->hash != hash || std::size_t(c->values.size()) != values.size())
                continue;
            if (std::equal(values.begin(), values.end(), c->values.cbegin(),
                           [](QByteArrayView a, const QByteArray &b) { return a == QByteArrayView(b); }))
                return c;
        }
        return nullptr;
    }

    void write(ExpositionWriter &w, const QList<QByteArray> &values, const Counter &metric) const
    {
        w.sample(m_name, m_labelNames, values, metric.value());
    }
    void write(ExpositionWriter &w, const QList<QByteArray> &values, const Gauge &metric) const
    {
        w.sample(m_name, m_labelNames, values, metric.value());
    }
    void write(ExpositionWriter &w, const QList<QByteArray> &values, const Histogram &metric) const
    {
        const Histogram::Snapshot s = metric.snapshot();
        QList<QByteArray> names = m_labelNames;
        names.append(QByteArrayLiteral("le"));
        QList<QByteArray> withLe = values;
        withLe.append(QByteArray());
        const QByteArray bucket = m_name + "_bucket";
        for (std::size_t i = 0; i < s.cumulative.size(); ++i) {
            withLe.last() = i < s.bounds.size() ? ExpositionWriter::number(s.bounds[i]) : QByteArrayLiteral("+Inf");
            w.sample(bucket, names, withLe, s.cumulative[i]);
        }
        w.sample(m_name + "_sum", m_labelNames, values, s.sum);
        w.sample(m_name + "_count", m_labelNames, values, s.cumulative.back());
    }

    const QByteArray m_name;
    const QByteArray m_help;
    const QList<QByteArray> m_labelNames;
    const typename Metric::Options m_options;
    std::atomic<Child *> m_head{nullptr};
    std::mutex m_inserting;
};

} // namespace Gatehouse::Metrics
