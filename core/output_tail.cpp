#include "core/output_tail.hpp"

namespace palus {

void OutputTail::append(const char* data, std::size_t n) {
  total_ += n;
  if (cap_ == 0) return;
  if (n >= cap_) {
    buf_.assign(data + (n - cap_), cap_);
    return;
  }
  buf_.append(data, n);
  if (buf_.size() > 2 * cap_) buf_.erase(0, buf_.size() - cap_);
}

std::string_view OutputTail::view() const {
  std::string_view v = buf_;
  if (v.size() > cap_) v.remove_prefix(v.size() - cap_);
  return v;
}

std::string OutputTail::take() {
  std::string out(view());
  buf_.clear();
  total_ = 0;
  return out;
}

}  // namespace palus
