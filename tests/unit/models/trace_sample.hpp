#pragma once
// Callable numbers of the hand-instrumented sample program (trace_sample.cpp) that
// trace_runtime_test.cpp runs and whose trace it reads back.

#include <cstdint>

namespace trace_sample {

enum Callable : std::uint32_t {
  widget_ctor = 1,
  widget_ctor_delegating = 2,
  widget_dtor = 3,
  widget_grow = 4,
  widget_fail = 5,
  base_ctor = 10,
  base_dtor = 11,
  derived_ctor = 12,
  derived_dtor = 13,
  base_touch = 14,
  plain_touch = 20,
  point_ctor = 21,
  point_touch = 22,
  gauge_level = 23,
  gauge_set = 24,
  member_ctor = 30,
  owner_ctor = 31,
  member_touch = 32,
  owner_touch = 33,
  outer = 40,
  takes_values = 41,
  takes_objects = 42,
  takes_unnamed = 43,
  work = 44,
  keeps_errno = 45,
};

/// The widget's profile function writes this: its size's sign and whether its name is empty.
inline constexpr char widget_profile_of_empty[] = "0E";

}  // namespace trace_sample
