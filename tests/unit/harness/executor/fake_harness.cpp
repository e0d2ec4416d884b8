// A stand-in for a generated harness, for the executor's tests: speaks the protocol, keeps the
// progress page, and misbehaves on request. Behaviour by callable index (see kCallables).

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "harness/executor/outcome.hpp"
#include "harness/protocol/launch.hpp"
#include "harness/protocol/progress.hpp"
#include "harness/protocol/protocol.hpp"

extern char** environ;

namespace proto = palus::harness::protocol;

namespace {

const std::vector<std::string> kCallables = {
    "ret_int",        // 0: returns input + 1 (or 42)
    "throw",          // 1: throws std::runtime_error("boom")
    "segv",           // 2: SIGSEGV
    "sleep",          // 3: sleeps forever
    "exit7",          // 4: _exit(7), with a note
    "print10m",       // 5: 10 MiB to fd 2, then returns
    "abort_assert",   // 6: "Assertion failed" on fd 2, then abort()
    "env",            // 7: returns the environment, one variable a line
    "print_line",     // 8: prints "line <input>" to fd 2
    "blocked",        // 9: records a refused socket() on the progress page
    "sigstop",        // 10: raise(SIGSTOP)
    "garbage",        // 11: writes garbage on the answer pipe and waits
    "asan",           // 12: writes a fake AddressSanitizer report, _exit(1)
    "bad_alloc",      // 13: throws std::bad_alloc
    "close_answers",  // 14: closes fd 1 and sleeps
    "fork_exit",      // 15: forks a child that sleeps (holding the pipes), then _exit(3)
    "open_fds",       // 16: returns the open descriptors, space-separated
};

proto::Progress* progress = nullptr;
bool markers = true;  // off when started through a link whose name ends in "nomarker"
std::string scratch = ".";

std::uint64_t now_ns() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return std::uint64_t(ts.tv_sec) * 1000000000ull + std::uint64_t(ts.tv_nsec);
}

bool read_all(int fd, char* p, std::size_t n) {
  while (n > 0) {
    ssize_t r = ::read(fd, p, n);
    if (r <= 0) return false;
    p += r;
    n -= std::size_t(r);
  }
  return true;
}

void write_all(int fd, const std::string& s) {
  const char* p = s.data();
  std::size_t n = s.size();
  while (n > 0) {
    ssize_t r = ::write(fd, p, n);
    if (r <= 0) return;
    p += r;
    n -= std::size_t(r);
  }
}

void note(const std::string& text) {
  std::size_t n = std::min<std::size_t>(text.size(), proto::Progress::kNoteSize);
  std::memcpy(progress->note, text.data(), n);
  progress->note_length.store(std::uint32_t(n));
}

proto::StatementResult call(std::uint32_t callable, const proto::Statement& s, int index) {
  proto::StatementResult r;
  switch (callable) {
    case 0:
      r.value.kind = proto::ValueKind::signed_integer;
      r.value.i = s.inputs.empty() ? 42 : s.inputs[0].i + 1;
      break;
    case 1:
      throw std::runtime_error("boom");
    case 2:
      std::raise(SIGSEGV);
      break;
    case 3:
      for (;;) ::sleep(1000);
    case 4:
      note("the library called _exit");
      ::_exit(7);
    case 5: {
      std::string chunk(1 << 20, 'x');
      for (int i = 0; i < 10; ++i) write_all(2, chunk);
      write_all(2, "\nend of the flood\n");
      break;
    }
    case 6:
      write_all(2, "fake_harness.cpp:99: call: Assertion `x > 0' failed.\n");
      std::abort();
    case 7: {
      r.value.kind = proto::ValueKind::string;
      for (char** e = environ; *e; ++e) r.value.s += std::string(*e) + "\n";
      break;
    }
    case 8:
      write_all(2, "line " + std::to_string(s.inputs.empty() ? 0 : s.inputs[0].i) + "\n");
      break;
    case 9: {
      std::uint32_t n = progress->blocked_count.load();
      if (n < proto::Progress::kMaxBlocked) {
        progress->blocked[n] = proto::Refusal{SYS_socket, index};
        progress->blocked_count.store(n + 1);
      }
      break;
    }
    case 10:
      std::raise(SIGSTOP);
      break;
    case 11:
      write_all(1, "this is no frame at all.....");
      for (;;) ::sleep(1000);
    case 12: {
      std::string path = scratch + "/sanitizer." + std::to_string(getpid());
      FILE* f = std::fopen(path.c_str(), "w");
      std::fputs(
          "=================================================================\n"
          "==4242==ERROR: AddressSanitizer: heap-use-after-free on address 0x602000000010 at pc 0x1 bp 0x2 sp 0x3\n"
          "READ of size 4 at 0x602000000010 thread T0\n"
          "    #0 0x7f0000000001 in __interceptor_memcpy ../../../../src/libsanitizer/sanitizer_common/x.inc:827\n"
          "    #1 0x55d5c0f1a1b1 in Faulty::use_after_free() /src/faulty.cpp:42\n"
          "    #2 0x55d5c0f1a2c3 in main /src/main.cpp:10\n"
          "\n"
          "0x602000000010 is located 0 bytes inside of 4-byte region\n"
          "freed by thread T0 here:\n"
          "    #0 0x7f0000000002 in operator delete(void*) ../../../../src/libsanitizer/asan/asan_new_delete.cpp:160\n"
          "    #1 0x55d5c0f1a1a0 in Faulty::free_it() /src/faulty.cpp:40\n"
          "\n"
          "SUMMARY: AddressSanitizer: heap-use-after-free /src/faulty.cpp:42 in Faulty::use_after_free()\n",
          f);
      std::fclose(f);
      ::_exit(1);
    }
    case 13:
      throw std::bad_alloc();
    case 14:
      ::close(1);
      for (;;) ::sleep(1000);
    case 15:
      if (::fork() == 0) {
        for (;;) ::sleep(1000);
      }
      ::_exit(3);
    case 16: {
      r.value.kind = proto::ValueKind::string;
      for (int fd = 0; fd < 1024; ++fd) {
        if (::fcntl(fd, F_GETFD) != -1) r.value.s += std::to_string(fd) + " ";
      }
      break;
    }
    default:
      r.status = proto::StatementStatus::bad_request;
      r.message = "no callable " + std::to_string(callable);
  }
  return r;
}

proto::RunResult run(const proto::RunRequest& request) {
  proto::RunResult result;
  result.sequence_id = request.sequence_id;
  progress->blocked_count.store(0);
  progress->note_length.store(0);
  progress->sequence_start_ns.store(now_ns());
  progress->sequence_id.store(request.sequence_id);
  int index = 0;
  for (const auto& s : request.statements) {
    progress->statement.store(index);
    progress->phase_start_ns.store(now_ns());
    progress->phase.store(std::uint32_t(proto::Phase::call));
    proto::StatementResult r;
    try {
      r = call(s.callable, s, index);
    } catch (const std::bad_alloc&) {
      r.status = proto::StatementStatus::oom;
      r.exception_type = "std::bad_alloc";
      r.message = "std::bad_alloc";
    } catch (const std::exception& e) {
      r.status = proto::StatementStatus::exception;
      r.exception_type = "std::runtime_error";
      r.message = e.what();
    }
    progress->phase.store(std::uint32_t(proto::Phase::idle));
    bool stop = r.status != proto::StatementStatus::normal;
    result.statements.push_back(std::move(r));
    if (stop) break;
    ++index;
  }
  progress->statement.store(-1);
  return result;
}

}  // namespace

int main(int argc, char** argv) {
  int progress_fd = -1;
  markers = !std::string_view(argv[0]).ends_with("nomarker");
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == palus::harness::launch::kProgressFd && i + 1 < argc)
      progress_fd = std::atoi(argv[++i]);
    else if (a == palus::harness::launch::kScratch && i + 1 < argc)
      scratch = argv[++i];
  }
  ::setsid();
  void* page = ::mmap(nullptr, sizeof(proto::Progress), PROT_READ | PROT_WRITE, MAP_SHARED, progress_fd, 0);
  if (page == MAP_FAILED) {
    std::perror("fake harness: mmap of the progress page");
    return 2;
  }
  progress = static_cast<proto::Progress*>(page);

  proto::Hello hello;
  hello.pid = std::uint32_t(getpid());
  hello.callables = kCallables;
  hello.protections = {"fake: none"};
  write_all(1, proto::encode(hello));

  for (;;) {
    char header[proto::kHeaderSize];
    if (!read_all(0, header, sizeof header)) return 0;
    proto::FrameHeader h = proto::decode_header(header);
    std::string payload(h.length, '\0');
    if (!read_all(0, payload.data(), h.length)) return 0;
    if (h.kind == proto::MessageKind::shutdown) return 0;
    if (h.kind != proto::MessageKind::run) return 3;
    proto::RunResult result = run(proto::decode_run(payload));
    result.refused = proto::refusals(*progress);
    if (markers) write_all(2, palus::harness::detail::output_marker(result.sequence_id));
    write_all(1, proto::encode(result));
  }
}
