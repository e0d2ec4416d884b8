#pragma once
// Call-sequence model inference from a recorded sample execution (Palus §3.1.1, §3.1.2).

#include <cstdint>
#include <vector>

#include "core/api.hpp"
#include "models/model.hpp"
#include "models/trace_event.hpp"

namespace palus::models {

/// Builds one model per api class with objects in `trace`: each object's path of outermost calls
/// (calls made from outside the library; nested calls are left out), merged per class into a
/// prefix tree on transition labels, with argument values, dependences on other objects' model
/// states and abstract profiles recorded on the transitions. `probes` is the probe table the
/// trace indexes. With ktail > 0 the result is merged by kTail (ktail.hpp).
///
/// How objects begin their path (a creating call must return normally, not by an exception):
///   - a constructor called from outside: that constructor creates it (role kResultRole);
///   - constructed inside an outermost call C that returns it (T, T*, T&, unique_ptr<T>,
///     shared_ptr<T>) and alive when C returns: C creates it, with C's inputs as constraints;
///     constructed inside any other call: it is internal and has no model;
///   - first seen by an outermost method call (construction not probed): the class's public
///     default constructor creates it, marked inferred; without one the object is left out.
/// After creation every outermost api call with the object as receiver, or passed through a
/// non-const reference or pointer parameter, is its next transition. Destructors are not.
///
/// Paths merge on TransitionLabel (callable, role, threw, recorded values). A slot holding an
/// object on a model path records Dependence{its class, its node before the call}; any object
/// argument records its profile. A node collects the last profile seen of each object reaching
/// it when its call returns (the receiver's exit profile; a created object's as its constructor
/// left it; an argument's at the call), and for an inferred creation the profile the object had
/// when first seen.
///
/// Throws palus::UserError when an event names a probe outside `probes`.
Model infer_model(const Trace& trace, const std::vector<ProbeInfo>& probes, const api::Api& api, std::uint32_t ktail);

}  // namespace palus::models
