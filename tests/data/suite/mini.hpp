// A tiny library under test for tests/unit/suite_test.cpp: one function that works and a few
// that misbehave on purpose.
#pragma once

namespace mini {

int add(int a, int b);
/// Always nullptr: writing through it crashes.
int* null_pointer();
/// Never returns.
void spin_forever();
/// Reads memory it has just freed (AddressSanitizer: heap-use-after-free).
int read_after_free();

}  // namespace mini
