// Library code linked into the harness that starts programs gets these instead of libc's: the
// call is refused and recorded (seccomp alone would refuse the clone but could not record it,
// since posix_spawn blocks every signal first).

#include <errno.h>
#include <spawn.h>
#include <stdio.h>

#include "sandbox.hpp"

using palus::harness::record_blocked;
namespace protocol = palus::harness::protocol;

extern "C" {

int system(const char* command) {
  if (command == nullptr) return 0;  // "no shell available"
  record_blocked(protocol::blocked_system);
  errno = EPERM;
  return -1;
}

FILE* popen(const char*, const char*) {
  record_blocked(protocol::blocked_popen);
  errno = EPERM;
  return nullptr;
}

int posix_spawn(pid_t*, const char*, const posix_spawn_file_actions_t*, const posix_spawnattr_t*, char* const[],
                char* const[]) {
  record_blocked(protocol::blocked_posix_spawn);
  return EPERM;
}

int posix_spawnp(pid_t*, const char*, const posix_spawn_file_actions_t*, const posix_spawnattr_t*, char* const[],
                 char* const[]) {
  record_blocked(protocol::blocked_posix_spawn);
  return EPERM;
}

}  // extern "C"
