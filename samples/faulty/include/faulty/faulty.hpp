// faulty: a sample library whose methods each misbehave in one way (see README.md).
// Used by the end-to-end tests of the harness sandbox; never call these methods outside it.
#pragma once

#include <string>

namespace faulty {

class Misbehaver {
public:
  Misbehaver();

  // Normal behaviour: returns x + 1.
  int ok(int x);
  // Normal behaviour: returns x, or 0 for a negative x, which it counts (a branch whose other
  // side is empty).
  int nonNegative(int x);
  // A const method and its non-const twin: how many times the twin ran, and one more run of it.
  int peek() const;
  int peek();

  // Exceptions, crashes, aborts.
  void throwError();                     // throws std::runtime_error("faulty error")
  void segfault();                       // writes through a null pointer
  void abortNow();                       // std::abort()
  void failAssert();                     // assert(false && "faulty assertion"), NDEBUG ignored
  void throwThroughNoexcept() noexcept;  // std::logic_error escapes: std::terminate

  // Process exits.
  void callExit();            // std::exit(3)
  void callQuickExit();       // std::quick_exit(4)
  void callUnderscoreExit();  // _exit(5)

  // Resource exhaustion.
  void loopForever();                  // never returns, burns CPU
  int recurseForever(int depth);       // stack overflow
  void eatAllMemory();                 // 64 MiB blocks, touched, never freed, until allocation fails
  void hoard(int mib);                  // keeps mib MiB, touched, never freed; nothing past 256 MiB in all
  void printGigabyte();                // 1 GiB to stdout
  void closeStandardStreams();         // close(0), close(1), close(2)
  int forkBomb();                      // up to 100000 fork()s; returns how many failed

  // Escapes from the sandbox.
  bool writeOutside(const std::string& path);         // fopen(path, "w") and write
  bool connectLoopback(int port);                     // TCP connect to 127.0.0.1:port
  bool killParent();                                  // kill(getppid(), SIGKILL) == 0
  int runShell(const std::string& markerPath);        // std::system("touch '<markerPath>'")
  void stopSelf();                                    // raise(SIGSTOP)
  // Counts its calls in a static variable and prints "countCalls: N" (how many this process has
  // made). Printed, not returned: a written test asserting it would depend on the tests before it.
  void countCalls();

  // A const observer (no arguments, primitive result) that crashes: reads through a null pointer.
  int readNull() const;
  // Reads a heap block after freeing it: silent without sanitizers, heap-use-after-free with them.
  int readAfterFree(int value);
  // Writes a heap block after freeing it: AddressSanitizer, built to recover, lets the write
  // through after its report.
  int writeAfterFree(int value);
  // Undefined behaviour that UBSan reports and then lets run on: value + INT_MAX (a signed
  // overflow for a positive value), and a member call through a null pointer (then a null read).
  int overflowAdd(int value);
  int callThroughNull();
  // A signed overflow (UBSan, which lets the code run on) and then a read after free
  // (AddressSanitizer) in one stretch of code, with no basic block of the library between them:
  // the first report is the one that says what failed. Then the other order, where
  // AddressSanitizer, unless told to recover, halts before UBSan reports.
  int overflowThenReadAfterFree(int value);
  int readAfterFreeThenOverflow(int value);
  // Steps a singular std::map iterator: the standard library (not instrumented) reads through its
  // null node, a fault that no sanitizer reports first.
  int stepSingularIterator();

private:
  int negatives_ = 0;
  int peeks_ = 0;
};

// Crashes (null write) in its destructor once armed.
class CrashOnDestroy {
public:
  CrashOnDestroy();
  ~CrashOnDestroy();
  void arm();
  void armOverflow();  // overflows an int in its destructor instead: UBSan reports, and it runs on

private:
  bool armed_ = false;
  bool overflows_ = false;
};

// Normal behaviour: returns 2 * x.
int twice(int x);

// Declared and defined nowhere (libraries keep such leftovers of an old API): the harness cannot
// link a call to it and leaves it out, which is no palus bug.
int declaredOnly(int x);

}  // namespace faulty
