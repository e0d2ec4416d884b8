// Deliberately misbehaving code; see include/faulty/faulty.hpp and README.md.
// assert must fire whatever the build configuration says.
#undef NDEBUG
#include <cassert>

#include "faulty/faulty.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

#include <csignal>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <stdexcept>
#include <vector>

namespace faulty {

namespace {

// Keeps the optimizer from reasoning about a pointer or from dropping stores into its memory.
template <typename T>
void escape(T* p) {
#if defined(__GNUC__)
  asm volatile("" : : "r"(p) : "memory");
#else
  static_cast<void>(p);
#endif
}

// Out of line so the compiler sees neither a throw directly in a noexcept function (no
// -Wterminate / -Wexceptions) nor a reason to fold the call into a plain std::terminate.
[[gnu::noinline]] void throwLogicError() {
  throw std::logic_error("escaped noexcept");
}

}  // namespace

Misbehaver::Misbehaver() = default;

int Misbehaver::ok(int x) {
  return x + 1;
}

int Misbehaver::nonNegative(int x) {
  if (x < 0) {  // a store the optimiser cannot make unconditional: the branch stays
    ++negatives_;
    x = 0;
  }
  return x;
}

int Misbehaver::peek() const { return peeks_; }

int Misbehaver::peek() { return ++peeks_; }

void Misbehaver::throwError() {
  throw std::runtime_error("faulty error");
}

void Misbehaver::segfault() {
  // Volatile pointer and pointee: the null is not known at compile time and the store stays.
  volatile int* volatile target = nullptr;
  *target = 42;
}

void Misbehaver::abortNow() {
  std::abort();
}

void Misbehaver::failAssert() {
  assert(false && "faulty assertion");
}

void Misbehaver::throwThroughNoexcept() noexcept {
  throwLogicError();
}

void Misbehaver::callExit() {
  std::exit(3);
}

void Misbehaver::callQuickExit() {
  std::quick_exit(4);
}

void Misbehaver::callUnderscoreExit() {
  _exit(5);
}

void Misbehaver::loopForever() {
  volatile unsigned long counter = 0;
  for (;;) counter = counter + 1;
}

#if defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 12)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winfinite-recursion"
#endif
int Misbehaver::recurseForever(int depth) {
  // The volatile frame is written before and read after the call, so the recursion can become
  // neither a tail call nor a loop: every level really takes stack.
  volatile char frame[512];
  frame[0] = static_cast<char>(depth);
  frame[sizeof frame - 1] = 1;
  escape(frame);  // the whole array must exist in this frame
  const int deeper = recurseForever(depth + 1);
  return deeper + frame[0] + frame[sizeof frame - 1];
}
#if defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 12)
#pragma GCC diagnostic pop
#endif

void Misbehaver::hoard(int mib) {
  static std::vector<char*> kept;  // never freed
  static int kept_mib = 0;          // a test binary running many hoarding tests stays small
  if (mib < 1 || mib > 256 - kept_mib) return;
  kept_mib += mib;
  const std::size_t size = static_cast<std::size_t>(mib) << 20;
  char* block = new char[size];
  std::memset(block, 0x5a, size);
  escape(block);
  kept.push_back(block);
}

void Misbehaver::eatAllMemory() {
  constexpr std::size_t block_size = std::size_t{64} << 20;
  static std::vector<char*> hoard;  // never freed
  for (;;) {
    char* block = new char[block_size];  // throws std::bad_alloc when memory runs out
    std::memset(block, 0x5a, block_size);  // touch every page
    escape(block);
    hoard.push_back(block);
  }
}

void Misbehaver::printGigabyte() {
  constexpr std::size_t chunk_size = std::size_t{1} << 20;
  constexpr int chunks = 1024;
  std::vector<char> chunk(chunk_size, 'x');
  chunk.back() = '\n';
  for (int i = 0; i < chunks; ++i) {
    if (std::fwrite(chunk.data(), 1, chunk.size(), stdout) != chunk.size()) break;
  }
  std::fflush(stdout);
}

void Misbehaver::closeStandardStreams() {
  close(0);
  close(1);
  close(2);
}

int Misbehaver::forkBomb() {
  int failures = 0;
  for (int i = 0; i < 100000; ++i) {
    const pid_t pid = fork();
    if (pid == 0) {
      sleep(30);
      _exit(0);
    }
    if (pid < 0) ++failures;
  }
  return failures;
}

bool Misbehaver::writeOutside(const std::string& path) {
  std::FILE* file = std::fopen(path.c_str(), "w");
  if (file == nullptr) return false;
  const bool written = std::fputs("written by faulty::Misbehaver::writeOutside\n", file) >= 0;
  const bool closed = std::fclose(file) == 0;
  return written && closed;
}

bool Misbehaver::connectLoopback(int port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return false;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  const bool connected = connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0;
  close(fd);
  return connected;
}

bool Misbehaver::killParent() {
  return kill(getppid(), SIGKILL) == 0;
}

int Misbehaver::runShell(const std::string& markerPath) {
  return std::system(("touch '" + markerPath + "'").c_str());
}

void Misbehaver::stopSelf() {
  std::raise(SIGSTOP);
}

void Misbehaver::countCalls() {
  static int calls = 0;
  std::printf("countCalls: %d\n", ++calls);
  std::fflush(stdout);
}

int Misbehaver::readNull() const {
  // Volatile pointer and pointee: the null is not known at compile time and the load stays.
  const volatile int* volatile source = nullptr;
  return *source;
}

int Misbehaver::readAfterFree(int value) {
  int* volatile block = new int[4]{value, value, value, value};
  delete[] block;
  return block[2];
}

int Misbehaver::writeAfterFree(int value) {
  // Volatile pointee: a store to freed memory that nothing reads after is otherwise dropped.
  volatile int* volatile block = new int[4]{value, value, value, value};
  delete[] block;
  block[2] = value;
  return value;
}

int Misbehaver::overflowThenReadAfterFree(int value) {
  int* volatile block = new int[4]{value, value, value, value};
  delete[] block;
  volatile int most = 2147483647;
  const int sum = value + most;
  return sum ^ block[2];
}

int Misbehaver::readAfterFreeThenOverflow(int value) {
  int* volatile block = new int[4]{value, value, value, value};
  delete[] block;
  volatile int most = 2147483647;
  return block[2] + most;
}

int Misbehaver::overflowAdd(int value) {
  volatile int most = 2147483647;
  return value + most;
}

namespace {
struct Held {
  int value = 1;
  int get() const { return value; }
};
Held* volatile g_nothing = nullptr;
}  // namespace

int Misbehaver::callThroughNull() { return g_nothing->get(); }

int Misbehaver::stepSingularIterator() {
  std::map<int, int>::iterator singular;
  ++singular;
  return 0;
}

CrashOnDestroy::CrashOnDestroy() = default;

CrashOnDestroy::~CrashOnDestroy() {
  if (armed_) {
    volatile int* volatile target = nullptr;
    *target = 7;
  }
  if (overflows_) {
    volatile int most = 2147483647;
    volatile int past = most + 1;
    (void)past;
  }
}

void CrashOnDestroy::arm() {
  armed_ = true;
}

void CrashOnDestroy::armOverflow() {
  overflows_ = true;
}

int twice(int x) {
  return 2 * x;
}

}  // namespace faulty
