#pragma once
namespace lib {
struct Gadget {
  void press();
};
}  // namespace lib
