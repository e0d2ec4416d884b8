// A tiny header-only library for writer_test: the generated GoogleTest source is compiled against
// it and run, to prove that the writer's calls and literals are valid, exact C++.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <istream>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

namespace gadgets {

enum class Color { red = 1, green = 2, blue = 4 };

class Widget {
 public:
  Widget() = default;
  explicit Widget(int size) : size_(size) {
    if (size < 0) throw std::invalid_argument("negative size");
  }

  int size() const { return size_; }
  void resize(int size) { size_ = size; }
  bool empty() const { return size_ == 0; }
  double ratio() const { return size_ / 4.0; }
  float half() const { return static_cast<float>(size_) / 2.0f; }
  Color color() const { return color_; }
  void paint(Color color) { color_ = color; }
  std::string name() const { return name_; }
  void rename(const std::string& name) { name_ = name; }
  const char* label() const { return name_.empty() ? nullptr : name_.c_str(); }
  std::size_t length() const { return name_.size(); }

  void attach(Widget* other) { partner_ = other; }
  Widget* partner() { return partner_; }
  Widget& self() { return *this; }
  const Widget& view() const { return *this; }
  void adopt(Widget&& other) {
    size_ += other.size_;
    other.size_ = 0;
  }
  void grow(int& by) { size_ += by++; }

  static Widget make(int size) { return Widget(size); }
  static std::unique_ptr<Widget> create(int size) { return std::make_unique<Widget>(size); }

  void fail() const { throw std::runtime_error("fail"); }
  void crash() const { std::abort(); }

  // A const method and a non-const twin that changes the widget: called on a Widget that is not
  // const, the twin is chosen.
  int peek() const { return size_; }
  int peek() { return ++size_; }

 private:
  int size_ = 0;
  Color color_ = Color::red;
  std::string name_;
  Widget* partner_ = nullptr;
};

inline bool operator==(const Widget& a, const Widget& b) { return a.size() == b.size(); }
inline std::ostream& operator<<(std::ostream& out, const Widget& w) { return out << "Widget(" << w.size() << ")"; }

/// Returns what it is given, so that literals can be checked by a round trip.
struct Echo {
  static std::string text(const std::string& s) { return s; }
  static std::size_t text_size(const std::string& s) { return s.size(); }
  static std::string c_text(const char* s) { return s == nullptr ? "(null)" : s; }
  static std::string slurp(std::istream& in) {
    std::ostringstream all;
    all << in.rdbuf();
    return all.str();
  }
  static void spill(std::ostream* out, const std::string& s) { *out << '[' << s << ']'; }
  static double real(double d) { return d; }
  static float single(float f) { return f; }
  static long double wide(long double d) { return d; }
  static int integer(int i) { return i; }
  static long long_integer(long i) { return i; }
  static std::int64_t int64(std::int64_t i) { return i; }
  static std::uint64_t uint64(std::uint64_t u) { return u; }
  static std::size_t size(std::size_t u) { return u; }
  static unsigned char byte(unsigned char c) { return c; }
  static short small(short s) { return s; }
  static char character(char c) { return c; }
  static bool flag(bool b) { return b; }
  static Color color(Color c) { return c; }
  // Overloads that a literal of the wrong type would make ambiguous.
  static int overloaded(long) { return 1; }
  static int overloaded(double) { return 2; }
  static int overloaded(bool) { return 3; }
};

/// Move-only.
class Token {
 public:
  explicit Token(std::string text) : text_(std::move(text)) {}
  Token(Token&&) = default;
  Token& operator=(Token&&) = default;
  Token(const Token&) = delete;
  std::string text() const { return text_; }

 private:
  std::string text_;
};

class Holder {
 public:
  void take(Token token) { taken_ = token.text(); }
  std::string taken() const { return taken_; }

 private:
  std::string taken_;
};

class Log {
 public:
  std::ostream& stream() { return out_; }
  std::string text() const { return out_.str(); }

 private:
  std::ostringstream out_;
};

/// Its operator== is broken: the equals_reflexive contract fails.
struct Liar {
  int value = 0;
};
inline bool operator==(const Liar&, const Liar&) { return false; }

}  // namespace gadgets
