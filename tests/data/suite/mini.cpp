#include "mini.hpp"

namespace mini {

int add(int a, int b) { return a + b; }

int* null_pointer() {
  static int* volatile nothing = nullptr;
  return nothing;
}

void spin_forever() {
  volatile unsigned long n = 0;
  for (;;) n = n + 1;
}

int read_after_free() {
  int* volatile p = new int(7);
  delete p;
  return *p;
}

}  // namespace mini
