#include "models/trace_merge.hpp"

#include <algorithm>
#include <map>

namespace palus::models {
namespace {

/// Gives each (trace, identity) pair its own number; 0 ("unknown") stays 0.
class IdentityNumbers {
 public:
  std::uint64_t of(std::uint64_t identity) {
    if (identity == 0) return 0;
    return numbers_.try_emplace(identity, next_ + numbers_.size()).first->second;
  }
  void next_trace() {
    next_ += numbers_.size();
    numbers_.clear();
  }

 private:
  std::map<std::uint64_t, std::uint64_t> numbers_;
  std::uint64_t next_ = 1;
};

}  // namespace

Trace merge_traces(std::vector<Trace> traces) {
  if (traces.size() == 1) return std::move(traces.front());
  Trace merged;
  merged.complete = true;
  IdentityNumbers identities;
  std::uint64_t call_base = 0;
  std::uint32_t thread_base = 0;
  for (Trace& trace : traces) {
    merged.table_hash = trace.table_hash;
    merged.complete = merged.complete && trace.complete;
    std::uint64_t last_call = 0;
    std::uint32_t last_thread = 0;
    for (TraceEvent& event : trace.events) {
      last_call = std::max(last_call, event.call);
      last_thread = std::max(last_thread, event.thread);
      if (event.call != 0) event.call += call_base;
      if (event.parent != 0) event.parent += call_base;
      event.thread += thread_base;
      event.self = identities.of(event.self);
      for (TraceValue& arg : event.args)
        if (arg.kind == TraceValue::Kind::object) arg.object = identities.of(arg.object);
      merged.events.push_back(std::move(event));
    }
    call_base += last_call;
    thread_base += last_thread + 1;
    identities.next_trace();
  }
  return merged;
}

}  // namespace palus::models
