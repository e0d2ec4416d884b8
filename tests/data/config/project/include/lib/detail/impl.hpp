#pragma once
namespace lib::detail {
inline int twice(int x) { return 2 * x; }
}  // namespace lib::detail
