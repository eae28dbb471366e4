#pragma once

namespace Gatehouse::Metrics {

class ExpositionWriter;

//! Anything a Registry asks for its samples when it is scraped.
class Collectable
{
public:
    virtual ~Collectable() = default;
    //! Writes this family's HELP and TYPE lines and its samples. Thread-safe.
    virtual void collect(ExpositionWriter &writer) const = 0;
};

} // namespace Gatehouse::Metrics
