#include "palus/mutants/schema.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

namespace palus::mutants {
namespace {

/// A piece with {0} and {1} standing for the site's mutant ids.
std::string with_ids(const std::string& piece, const std::vector<std::uint32_t>& ids) {
  std::string out;
  for (std::size_t k = 0; k < piece.size(); ++k) {
    if (piece[k] == '{' && k + 2 < piece.size() && piece[k + 2] == '}' && piece[k + 1] >= '0' && piece[k + 1] <= '9') {
      const auto index = static_cast<std::size_t>(piece[k + 1] - '0');
      out += index < ids.size() ? std::to_string(ids[index]) : "0";
      k += 2;
      continue;
    }
    out += piece[k];
  }
  return out;
}

class Renderer {
 public:
  Renderer(const std::string& text, const std::vector<Site>& sites) : text_(text), sites_(sites) {}

  /// `text_[from, to)` with the sites inside it rewritten; only sites after position `after` of
  /// the order (a site's own range is a hole of it, and of the sites of the same range before it).
  std::string range(unsigned from, unsigned to, std::size_t after) const {
    std::string out;
    unsigned pos = from;
    for (std::size_t k = after; k < sites_.size(); ++k) {
      const Site& site = sites_[k];
      if (site.begin >= to) break;
      if (site.begin < pos || site.end > to || site.ids.size() != site.replacements.size() || site.ids.empty())
        continue;
      out.append(text_, pos, site.begin - pos);
      out += rendered(k);
      pos = site.end;
    }
    out.append(text_, pos, to - pos);
    return out;
  }

 private:
  std::string rendered(std::size_t k) const {
    const Site& site = sites_[k];
    std::string out;
    unsigned gap_from = site.begin;  // the original text a piece stands for: before, between, after the holes
    for (std::size_t p = 0; p < site.pieces.size(); ++p) {
      out += with_ids(site.pieces[p], site.ids);
      const unsigned gap_to = p < site.holes.size() ? site.holes[p].first : site.end;
      // The line breaks the piece replaced (`a &&` at a line's end), so every line stays where it was.
      if (gap_to > gap_from) out.append(std::count(text_.begin() + gap_from, text_.begin() + gap_to, '\n'), '\n');
      if (p < site.holes.size()) {
        out += range(site.holes[p].first, site.holes[p].second, k + 1);
        gap_from = site.holes[p].second;
      }
    }
    return out;
  }

  const std::string& text_;
  const std::vector<Site>& sites_;
};

}  // namespace

std::string schema_prelude() {
  return R"(// Written by palus mutate: the switches of mutant schemata. PALUS_MUTANT=N runs mutant N.
#pragma once
#pragma GCC system_header
#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <type_traits>

namespace palus_mutant {

// With PALUS_MUTANT_REACHED set, the id of each site the process reaches is appended to that file
// the first time: palus runs each test against the mutants it reaches only. Constant-initialised
// and written at once, so any thread and any static destructor may reach a site.
constexpr unsigned max_recorded = 1u << 20;
inline std::atomic<unsigned char> seen[max_recorded];

inline void mark(unsigned id) {
  static const char* const path = std::getenv("PALUS_MUTANT_REACHED");
  if (path == nullptr || id >= max_recorded || seen[id].exchange(1) != 0) return;
  const int fd = ::open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) return;
  char line[16];
  const int n = std::snprintf(line, sizeof line, "%u\n", id);
  if (n > 0) (void)!::write(fd, line, static_cast<std::size_t>(n));
  ::close(fd);
}

inline unsigned active() {
  static const unsigned id = [] {
    const char* value = std::getenv("PALUS_MUTANT");
    return value != nullptr ? static_cast<unsigned>(std::strtoul(value, nullptr, 10)) : 0u;
  }();
  return id;
}

inline bool on(unsigned id) {
  mark(id);
  return active() == id;
}

enum class op { add, sub, mul, div, rem, shl, shr, band, bor, bxor, lt, le, gt, ge, eq, ne };

template <op O, class A, class B>
constexpr auto apply(A a, B b) {
  if constexpr (O == op::add) return a + b;
  else if constexpr (O == op::sub) return a - b;
  else if constexpr (O == op::mul) return a * b;
  else if constexpr (O == op::div) return a / b;
  else if constexpr (O == op::rem) return a % b;
  else if constexpr (O == op::shl) return a << b;
  else if constexpr (O == op::shr) return a >> b;
  else if constexpr (O == op::band) return a & b;
  else if constexpr (O == op::bor) return a | b;
  else if constexpr (O == op::bxor) return a ^ b;
  else if constexpr (O == op::lt) return a < b;
  else if constexpr (O == op::le) return a <= b;
  else if constexpr (O == op::gt) return a > b;
  else if constexpr (O == op::ge) return a >= b;
  else if constexpr (O == op::eq) return a == b;
  else return a != b;
}

template <op O, op Alternative, class A, class B>
auto bin(unsigned id, A a, B b) -> decltype(apply<O>(a, b)) {
  if (on(id)) return static_cast<decltype(apply<O>(a, b))>(apply<Alternative>(a, b));
  return apply<O>(a, b);
}

template <class L, class R>
bool logic(unsigned id, bool is_and, L left, R right) {
  if (is_and != on(id)) return left() && right();
  return left() || right();
}

inline bool flip(unsigned id, bool condition) { return on(id) ? !condition : condition; }

template <class T>
T lit(unsigned id, T value, unsigned long long alternative) {
  return on(id) ? static_cast<T>(alternative) : value;
}

template <class T>
T lit(unsigned first, unsigned second, T value, unsigned long long a, unsigned long long b) {
  return on(first) ? static_cast<T>(a) : on(second) ? static_cast<T>(b) : value;
}

template <class T>
T ret(unsigned id, T value) {
  if (!on(id)) return value;
  if constexpr (std::is_same_v<T, bool>) return !value;
  else return value == T(0) ? T(1) : T(0);
}

}  // namespace palus_mutant
)";
}

std::string render_schema(const std::string& text, const std::vector<Site>& sites) {
  return Renderer(text, sites).range(0, static_cast<unsigned>(text.size()), 0);
}

std::string schema_file(const std::string& text, const std::vector<Site>& sites, const std::filesystem::path& prelude,
                        const std::filesystem::path& original) {
  return fmt::format("#include \"{}\"\n#line 1 \"{}\"\n{}", prelude.string(), original.string(),
                     render_schema(text, sites));
}

}  // namespace palus::mutants
