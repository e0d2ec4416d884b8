#pragma once
// The last bytes of a child's output: what a process runner and the harness executor keep of a
// stream that may be endless.

#include <cstdint>
#include <string>
#include <string_view>

namespace palus {

/// Keeps the last `cap` bytes of a stream and counts all of it.
class OutputTail {
 public:
  explicit OutputTail(std::size_t cap = 64 * 1024) : cap_(cap) {}
  void append(const char* data, std::size_t n);
  /// The kept tail; resets the tail and the count.
  std::string take();
  std::string_view view() const;
  std::uint64_t total() const { return total_; }
  void clear() {
    buf_.clear();
    total_ = 0;
  }

 private:
  std::size_t cap_;
  std::string buf_;  ///< up to 2 * cap_ bytes; the last cap_ of them are the tail
  std::uint64_t total_ = 0;
};

}  // namespace palus
