#include "lib/gadget.hpp"
#include "lib/widget.hpp"
int main() {
  lib::Gadget gadget;
  gadget.press();
  return lib::Widget().size() == 1 ? 0 : 1;
}
