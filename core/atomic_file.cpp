#include "core/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>

#include "core/error.hpp"

namespace fs = std::filesystem;

namespace palus {
namespace {

/// Closes the descriptor and removes the temporary file unless release() was called.
class TemporaryFile {
 public:
  TemporaryFile(fs::path path, int fd) : path_(std::move(path)), fd_(fd) {}
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;
  ~TemporaryFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!released_) ::unlink(path_.c_str());
  }

  int fd() const { return fd_; }
  const fs::path& path() const { return path_; }

  /// Closes the descriptor; returns false (errno set) when the close reports an error.
  bool close() {
    const int fd = fd_;
    fd_ = -1;
    return ::close(fd) == 0;
  }
  /// The file has been renamed into place: keep it.
  void release() { released_ = true; }

 private:
  fs::path path_;
  int fd_;
  bool released_ = false;
};

[[noreturn]] void fail_writing(const fs::path& path, int error) {
  throw UserError(fmt::format("cannot write {}: {}", path.string(), std::strerror(error)));
}

/// Creates a new, empty temporary file beside `target`; the name is unique within this process
/// by a counter and across processes by the pid, and O_EXCL refuses any leftover.
TemporaryFile create_temporary_beside(const fs::path& target) {
  static std::atomic<unsigned> counter{0};
  for (int attempt = 0;; ++attempt) {
    const fs::path path = target.parent_path() /
                          fmt::format(".{}.tmp-{}-{}", target.filename().string(), ::getpid(), counter.fetch_add(1));
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) return TemporaryFile(path, fd);
    if (errno != EEXIST || attempt > 100) fail_writing(target, errno);
  }
}

void write_all(int fd, std::string_view content, const fs::path& target) {
  while (!content.empty()) {
    const ssize_t written = ::write(fd, content.data(), content.size());
    if (written < 0) {
      if (errno == EINTR) continue;
      fail_writing(target, errno);
    }
    content.remove_prefix(static_cast<std::size_t>(written));
  }
}

}  // namespace

void write_file_atomically(const fs::path& path, std::string_view content) {
  const fs::path target = fs::absolute(path).lexically_normal();
  std::error_code error;
  fs::create_directories(target.parent_path(), error);
  if (error) fail_writing(target, error.value());

  TemporaryFile temporary = create_temporary_beside(target);
  write_all(temporary.fd(), content, target);
  struct stat existing {};
  if (::stat(target.c_str(), &existing) == 0 && ::fchmod(temporary.fd(), existing.st_mode & 07777) != 0) {
    fail_writing(target, errno);
  }
  if (::fsync(temporary.fd()) != 0) fail_writing(target, errno);
  if (!temporary.close()) fail_writing(target, errno);
  if (::rename(temporary.path().c_str(), target.c_str()) != 0) fail_writing(target, errno);
  temporary.release();

  // Make the rename itself durable; failing to is not worth failing the write for.
  const int folder = ::open(target.parent_path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (folder >= 0) {
    ::fsync(folder);
    ::close(folder);
  }
}

bool write_file_if_changed(const fs::path& path, std::string_view content) {
  std::ifstream in(path, std::ios::binary);
  if (in) {
    const std::string old((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (old == content) return false;
  }
  write_file_atomically(path, content);
  return true;
}

}  // namespace palus
