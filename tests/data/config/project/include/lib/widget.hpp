#pragma once
namespace lib {
struct Widget {
  int size() const;
};
}  // namespace lib
