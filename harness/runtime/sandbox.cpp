#include "sandbox.hpp"

#include <errno.h>
#include <fcntl.h>
#include <linux/mount.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>

namespace palus::harness {
namespace {

protocol::Progress* g_progress = nullptr;

void limit(int resource, rlim_t value) {
  rlimit r{value, value};
  setrlimit(resource, &r);
}

std::string mib(std::uint64_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

bool write_text(const char* path, const std::string& text) {
  int fd = open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return false;
  bool ok = write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  close(fd);
  return ok;
}

int set_mount_attr(const char* path, std::uint64_t set, std::uint64_t clear) {
  mount_attr attr{};
  attr.attr_set = set;
  attr.attr_clr = clear;
  return static_cast<int>(syscall(SYS_mount_setattr, AT_FDCWD, path, AT_RECURSIVE, &attr, sizeof attr));
}

/// A refused system call: record it, and make it return EPERM to the caller.
void on_sigsys(int, siginfo_t* info, void* context) {
  record_blocked(info->si_syscall);
#if defined(__x86_64__)
  static_cast<ucontext_t*>(context)->uc_mcontext.gregs[REG_RAX] = -EPERM;
#elif defined(__aarch64__)
  static_cast<ucontext_t*>(context)->uc_mcontext.regs[0] = static_cast<unsigned long>(-EPERM);
#else
#error "unsupported architecture for the seccomp trap handler"
#endif
}

bool under_tmp(const std::string& path) { return path == "/tmp" || path.rfind("/tmp/", 0) == 0; }

/// mkdir -p, ignoring what exists.
void make_folders(const std::string& dir) {
  for (std::size_t slash = dir.find('/', 1); slash != std::string::npos; slash = dir.find('/', slash + 1))
    mkdir(dir.substr(0, slash).c_str(), 0755);
  mkdir(dir.c_str(), 0755);
}

/// Mounts `private_tmp` over /tmp. The folders and files under /tmp the process must still reach
/// (`kept`: palus's work folder, the sample's own folders and arguments; symbolic links resolved)
/// are opened first and bound again at their paths inside the new /tmp through /proc/self/fd,
/// which names them below the covered mount; parents are bound before their children. Says in
/// `words` what it did or could not do; false when /tmp stays the machine's.
bool cover_tmp(const std::string& private_tmp, const std::vector<std::string>& kept, std::vector<std::string>& words) {
  std::vector<std::string> real;
  for (const std::string& path : kept) {
    char resolved[PATH_MAX];
    if (realpath(path.c_str(), resolved) != nullptr && under_tmp(resolved) && std::string(resolved) != "/tmp")
      real.emplace_back(resolved);
  }
  std::sort(real.begin(), real.end(), [](const std::string& a, const std::string& b) { return a.size() < b.size(); });
  real.erase(std::unique(real.begin(), real.end()), real.end());
  std::vector<std::pair<std::string, int>> opened;
  for (const std::string& path : real)
    if (const int fd = open(path.c_str(), O_PATH | O_CLOEXEC); fd >= 0) opened.emplace_back(path, fd);
  if (mount(private_tmp.c_str(), "/tmp", nullptr, MS_BIND | MS_REC, nullptr) != 0) {
    words.push_back("no private /tmp: " + std::string(std::strerror(errno)));
    for (const auto& opened_path : opened) close(opened_path.second);
    return false;
  }
  for (const auto& [path, fd] : opened) {
    struct stat st {};
    const bool folder = fstat(fd, &st) == 0 && S_ISDIR(st.st_mode);
    if (folder) {
      make_folders(path);
    } else {
      make_folders(path.substr(0, path.rfind('/')));
      if (const int made = open(path.c_str(), O_CREAT | O_WRONLY | O_CLOEXEC, 0644); made >= 0) close(made);
    }
    const std::string source = "/proc/self/fd/" + std::to_string(fd);
    if (mount(source.c_str(), path.c_str(), nullptr, MS_BIND | MS_REC, nullptr) != 0)
      words.push_back("cannot keep " + path + " under the private /tmp: " + std::strerror(errno));
    close(fd);
  }
  return true;
}

}  // namespace

void record_blocked(std::int32_t code) {
  if (g_progress == nullptr) return;
  std::uint32_t n = g_progress->blocked_count.load(std::memory_order_relaxed);
  if (n >= protocol::Progress::kMaxBlocked) return;
  g_progress->blocked[n].call = code;
  g_progress->blocked[n].statement = g_progress->statement.load(std::memory_order_relaxed);
  g_progress->blocked_count.store(n + 1, std::memory_order_release);
}

std::vector<std::string> apply_limits(const SandboxSettings& settings) {
  std::string words = "limits:";
  if (settings.memory_bytes > 0) {
    limit(RLIMIT_AS, settings.memory_bytes);
    words += " address space " + mib(settings.memory_bytes) + ",";
  }
  limit(RLIMIT_NOFILE, 256);
  limit(RLIMIT_FSIZE, 256u << 20);
  limit(RLIMIT_CORE, 0);
  limit(RLIMIT_NPROC, 64);  // not enforced for root; the seccomp filter refuses new processes anyway
  renew_cpu_budget(settings.sequence_cpu_s);
  signal(SIGXFSZ, SIG_IGN);  // an oversized write fails with EFBIG instead of killing the harness
  words += " 256 open files, file size " + mib(256u << 20) + ", no core dumps, CPU " +
           std::to_string(settings.sequence_cpu_s) + " s per sequence";
  return {words};
}

void renew_cpu_budget(unsigned seconds) {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  rlim_t used = static_cast<rlim_t>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + 1;
  rlimit r{used + seconds, RLIM_INFINITY};
  setrlimit(RLIMIT_CPU, &r);
}

std::vector<std::string> enter_namespaces(const SandboxSettings& settings) {
  std::vector<std::string> words;
  uid_t uid = geteuid();
  gid_t gid = getegid();
  if (unshare(CLONE_NEWNS | CLONE_NEWNET) != 0) {
    if (unshare(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWNET) != 0) {
      return {std::string("no namespaces: ") + std::strerror(errno)};
    }
    write_text("/proc/self/setgroups", "deny");
    write_text("/proc/self/uid_map", std::to_string(uid) + " " + std::to_string(uid) + " 1\n");
    write_text("/proc/self/gid_map", std::to_string(gid) + " " + std::to_string(gid) + " 1\n");
    words.push_back("user namespace");
  }
  words.push_back("network namespace: no network");
  if (mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) {
    words.push_back(std::string("file system writable: ") + std::strerror(errno));
    return words;
  }
  std::vector<std::string> open_dirs{settings.scratch};
  open_dirs.insert(open_dirs.end(), settings.writable.begin(), settings.writable.end());
  std::vector<std::string> kept = open_dirs;
  kept.insert(kept.end(), settings.visible.begin(), settings.visible.end());
  const bool private_tmp = !settings.private_tmp.empty() && cover_tmp(settings.private_tmp, kept, words);
  for (const auto& dir : open_dirs) mount(dir.c_str(), dir.c_str(), nullptr, MS_BIND | MS_REC, nullptr);
  if (set_mount_attr("/", MOUNT_ATTR_RDONLY, 0) != 0) {
    words.push_back(std::string("file system writable: ") + std::strerror(errno));
    return words;
  }
  std::string open_list;
  if (private_tmp && set_mount_attr("/tmp", 0, MOUNT_ATTR_RDONLY) != 0) {
    words.push_back(std::string("private /tmp read-only: ") + std::strerror(errno));
  } else if (private_tmp) {
    open_list = "a private /tmp (" + settings.private_tmp + ")";
    // Opening /tmp opened what was kept under it; what is only to be read is closed again (the
    // writable folders are opened below, after).
    for (const auto& path : settings.visible)
      if (std::find(open_dirs.begin(), open_dirs.end(), path) == open_dirs.end())
        set_mount_attr(path.c_str(), MOUNT_ATTR_RDONLY, 0);
  }
  for (const auto& dir : open_dirs) {
    if (set_mount_attr(dir.c_str(), 0, MOUNT_ATTR_RDONLY) == 0) open_list += (open_list.empty() ? "" : ", ") + dir;
  }
  words.push_back("mount namespace: read-only file system except " + open_list);
  if (chdir(settings.scratch.c_str()) != 0) words.push_back("cannot enter the scratch folder");
  return words;
}

std::vector<std::string> install_seccomp(protocol::Progress& progress) {
  g_progress = &progress;
  struct sigaction action {};
  action.sa_sigaction = on_sigsys;
  action.sa_flags = SA_SIGINFO | SA_NODEFER;
  sigaction(SIGSYS, &action, nullptr);

  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return {"no seccomp: cannot set no_new_privs"};
  scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ALLOW);
  if (filter == nullptr) return {"no seccomp: seccomp_init failed"};
  const auto pid = static_cast<scmp_datum_t>(getpid());
  const auto trap = SCMP_ACT_TRAP;
  int failures = 0;
  auto rule = [&](int nr, unsigned count, const scmp_arg_cmp* args) {
    if (seccomp_rule_add_array(filter, trap, nr, count, args) != 0) ++failures;
  };
  auto always = [&](int nr) { rule(nr, 0, nullptr); };
  auto when = [&](int nr, scmp_arg_cmp cmp) { rule(nr, 1, &cmp); };

  when(SCMP_SYS(socket), SCMP_A0(SCMP_CMP_NE, AF_UNIX));
  when(SCMP_SYS(socketpair), SCMP_A0(SCMP_CMP_NE, AF_UNIX));
  for (int nr : {SCMP_SYS(kill), SCMP_SYS(tgkill), SCMP_SYS(rt_sigqueueinfo), SCMP_SYS(rt_tgsigqueueinfo)}) {
    when(nr, SCMP_A0(SCMP_CMP_NE, pid));
  }
  when(SCMP_SYS(kill), SCMP_A1(SCMP_CMP_EQ, SIGSTOP));
  when(SCMP_SYS(tgkill), SCMP_A2(SCMP_CMP_EQ, SIGSTOP));
  // Threads yes, processes no. posix_spawn clones with every signal blocked, where a trap would
  // kill the harness, so that clone fails quietly (spawn_guard.cpp records the calls that get there).
  when(SCMP_SYS(clone), SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD | CLONE_VFORK, 0));
  {
    scmp_arg_cmp vfork = SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD | CLONE_VFORK, CLONE_VFORK);
    if (seccomp_rule_add_array(filter, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1, &vfork) != 0) ++failures;
  }
  if (seccomp_rule_add(filter, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0) != 0)
    ++failures;  // glibc falls back to clone
  for (int nr : {SCMP_SYS(tkill),
                 SCMP_SYS(pidfd_send_signal),
                 SCMP_SYS(ptrace),
                 SCMP_SYS(process_vm_readv),
                 SCMP_SYS(process_vm_writev),
                 SCMP_SYS(execve),
                 SCMP_SYS(execveat),
                 SCMP_SYS(fork),
                 SCMP_SYS(vfork),
                 SCMP_SYS(mount),
                 SCMP_SYS(umount2),
                 SCMP_SYS(mount_setattr),
                 SCMP_SYS(move_mount),
                 SCMP_SYS(open_tree),
                 SCMP_SYS(fsopen),
                 SCMP_SYS(fsmount),
                 SCMP_SYS(pivot_root),
                 SCMP_SYS(chroot),
                 SCMP_SYS(unshare),
                 SCMP_SYS(setns),
                 SCMP_SYS(reboot),
                 SCMP_SYS(kexec_load),
                 SCMP_SYS(init_module),
                 SCMP_SYS(finit_module),
                 SCMP_SYS(delete_module)}) {
    always(nr);
  }
  int loaded = failures == 0 ? seccomp_load(filter) : -1;
  seccomp_release(filter);
  if (loaded != 0) return {"no seccomp: the filter did not load"};
  return seccomp_protections();
}

std::vector<std::string> seccomp_protections() {
  return {
      "seccomp: no processes, no execve, no signals to other processes, no SIGSTOP, no network sockets, "
      "no ptrace, no mounts (refusals are recorded)",
      "no_new_privs"};
}

}  // namespace palus::harness
