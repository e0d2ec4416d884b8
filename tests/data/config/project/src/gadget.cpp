#include "lib/gadget.hpp"
void lib::Gadget::press() {}
