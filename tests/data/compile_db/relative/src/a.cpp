#include "lib/a.hpp"
int lib_a() { return 1; }
