// A sample program instrumented by hand: the probes `palus trace` would insert, profile functions
// like the generated ones, and one scenario per run (argv[1]). trace_runtime_test.cpp runs it with
// PALUS_TRACE_FILE set and reads the trace back. Callable numbers: trace_sample.hpp.

#include "unit/models/trace_sample.hpp"

#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "palus_profile.hpp"
#include "palus_trace.hpp"

using palus_trace::Probe;
using palus_trace::Role;

#define PROBE(callable, role, ...) Probe palus_trace_probe_(trace_sample::callable, Role::role, __VA_ARGS__)

namespace {

class Widget {
 public:
  Widget() { PROBE(widget_ctor, constructor, this); }
  explicit Widget(const std::string& name) : Widget() {
    PROBE(widget_ctor_delegating, constructor, this, name);
    name_ = name;
  }
  ~Widget() { PROBE(widget_dtor, destructor, this); }
  Widget(const Widget&) = delete;
  Widget& operator=(const Widget&) = delete;

  void grow(int by) {
    PROBE(widget_grow, method, this, by);
    size_ += by;
  }
  [[noreturn]] void fail() {
    PROBE(widget_fail, method, this);
    throw std::runtime_error("fail");
  }

  int size_ = 0;
  std::string name_;
};

struct Base {
  Base() { PROBE(base_ctor, constructor, this); }
  virtual ~Base() { PROBE(base_dtor, destructor, this); }
  void touch() { PROBE(base_touch, method, this); }
  int b = 1;
};

struct Derived : Base {
  Derived() { PROBE(derived_ctor, constructor, this); }
  ~Derived() override { PROBE(derived_dtor, destructor, this); }
  int d = 2;
};

struct Plain {  // implicit constructor and destructor: not probed
  void touch() { PROBE(plain_touch, method, this); }
  int v = 0;
};

struct Point {  // probed constructor, implicit destructor
  explicit Point(int x) : x_(x) { PROBE(point_ctor, constructor, this, x); }
  void touch() { PROBE(point_touch, method, this); }
  int x_;
};

struct Gauge {  // its profile function calls a probed method
  int level() const {
    PROBE(gauge_level, method, this);
    return v;
  }
  void set(int x) {
    PROBE(gauge_set, method, this, x);
    v = x;
  }
  int v = 1;
};

struct Member {
  Member() { PROBE(member_ctor, constructor, this); }
  void touch() { PROBE(member_touch, method, this); }
  int m = 0;
};

struct Owner {  // `member` sits at the owner's address
  Owner() { PROBE(owner_ctor, constructor, this); }
  void touch() { PROBE(owner_touch, method, this); }
  Member member;
  int o = 0;
};

enum class Color : short { red = -2, green = 7 };
struct Opaque;  // never defined: probes see an incomplete type

void profile_widget(const void* object, std::string& out) {
  const auto& w = *static_cast<const Widget*>(object);
  palus::profile::append(out, w.size_);
  palus::profile::append(out, w.name_);
}
void profile_gauge(const void* object, std::string& out) {
  palus::profile::append(out, static_cast<const Gauge*>(object)->level());
}
void profile_base(const void* object, std::string& out) {
  palus::profile::append(out, static_cast<const Base*>(object)->b);
}
[[maybe_unused]] const bool profiles_registered = [] {
  palus_trace::register_profile(typeid(Widget), profile_widget);
  palus_trace::register_profile(typeid(Base), profile_base);
  palus_trace::register_profile(typeid(Gauge), profile_gauge);
  return true;
}();

void outer() {
  PROBE(outer, function, palus_trace::no_self);
  Widget w;
  w.grow(2);
}

void takes_values(int i, unsigned u, bool b, Color c, double d, char ch, const std::string& s, std::string_view sv,
                  const char* cs, const char* null_cs, long long big) {
  PROBE(takes_values, function, palus_trace::no_self, i, u, b, c, d, ch, s, sv, cs, null_cs, big);
}

void takes_objects(const Widget& w, Widget* null_w, const std::unique_ptr<Widget>& owned,
                   std::shared_ptr<Widget> null_shared, const Opaque* opaque, const std::vector<int>& numbers) {
  PROBE(takes_objects, function, palus_trace::no_self, w, null_w, owned, null_shared, opaque, numbers);
}

template <class... Ts>
void takes_unnamed(int, Ts...) {
  PROBE(takes_unnamed, function, palus_trace::no_self, palus_trace::unnamed, palus_trace::unnamed);
}

void work(int i) {
  PROBE(work, function, palus_trace::no_self, i);
  Widget w;
  w.grow(i);
}

int keeps_errno() {
  errno = 42;
  PROBE(keeps_errno, function, palus_trace::no_self);
  return errno;
}

// ---- scenarios ---------------------------------------------------------------------------------

int nesting() {
  outer();
  return 0;
}

int address_reuse() {
  alignas(Widget) unsigned char buffer[sizeof(Widget)];
  for (int i = 0; i < 2; ++i) {
    auto* w = new (buffer) Widget();
    w->grow(1);
    w->~Widget();
  }
  return 0;
}

int inheritance() {
  {
    Derived d;
    d.touch();
  }
  Base* b = new Derived();
  delete b;
  return 0;
}

int unprobed_construction() {
  Plain p;
  p.touch();
  p.touch();
  Owner o;
  o.member.touch();
  o.touch();
  return 0;
}

int reuse_unprobed_destructor() {
  const int n = 3;
  for (int i = 0; i < n; ++i) Point p(i);
  for (int i = 0; i < n; ++i) {
    Point p(i);
    p.touch();
  }
  return 0;
}

int profile_calls_probed_method() {
  Gauge g;
  g.set(5);
  return g.level() == 5 ? 0 : 5;
}

int delegating() {
  Widget w("named");
  w.grow(1);
  return 0;
}

int arguments() {
  takes_values(-5, 7u, true, Color::red, 2.5, 'A', "hello", "view", "c string", nullptr, -(1LL << 40));
  takes_values(0, 0u, false, Color::green, -0.0, '\0', std::string(5000, 'x'), {}, "", nullptr, 0);
  Widget w("w");
  w.grow(3);
  auto owned = std::make_unique<Widget>();
  takes_objects(w, nullptr, owned, nullptr, reinterpret_cast<const Opaque*>(&w), {1, 2});
  takes_unnamed(1, 2.0, "three");
  return 0;
}

int exceptions() {
  Widget w;
  try {
    w.fail();
  } catch (const std::exception&) {
  }
  try {
    Widget inner;
    inner.fail();
  } catch (const std::exception&) {
  }
  w.grow(1);
  return 0;
}

/// Records a little, then ends the way argv[2] says while a probed call is running.
int ends(const std::string& how) {
  outer();
  PROBE(outer, function, palus_trace::no_self);
  Widget w;
  if (how == "exit") std::exit(0);
  if (how == "_exit") _exit(0);
  if (how == "abort") std::abort();
  if (how == "segv") raise(SIGSEGV);
  if (how == "kill") raise(SIGKILL);
  return 0;
}

int threads() {
  outer();
  std::vector<std::thread> workers;
  for (int t = 0; t < 4; ++t) {
    workers.emplace_back([] {
      for (int i = 0; i < 500; ++i) work(i);
    });
  }
  for (auto& worker : workers) worker.join();
  return 0;
}

int forks() {
  outer();
  const pid_t child = fork();
  if (child == 0) {
    for (int i = 0; i < 3; ++i) outer();
    std::exit(0);  // runs the atexit handlers in the child too
  }
  int status = 0;
  waitpid(child, &status, 0);
  outer();
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 4;
}

int table_hash() {
  outer();
  palus_trace::set_table_hash(0x1234abcd5678ef01ULL);
  outer();
  return 0;
}

int errno_kept() { return keeps_errno() == 42 ? 0 : 3; }

int many(const std::string& count) {  // a large trace: the file grows past its first megabyte
  const long n = std::stol(count);
  for (long i = 0; i < n; ++i) work(static_cast<int>(i));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const rlimit no_core{0, 0};
  setrlimit(RLIMIT_CORE, &no_core);
  const std::string scenario = argc > 1 ? argv[1] : "";
  const std::string arg = argc > 2 ? argv[2] : "";
  if (scenario == "nesting") return nesting();
  if (scenario == "address_reuse") return address_reuse();
  if (scenario == "inheritance") return inheritance();
  if (scenario == "unprobed_construction") return unprobed_construction();
  if (scenario == "delegating") return delegating();
  if (scenario == "reuse_unprobed_destructor") return reuse_unprobed_destructor();
  if (scenario == "profile_calls_probed_method") return profile_calls_probed_method();
  if (scenario == "arguments") return arguments();
  if (scenario == "exceptions") return exceptions();
  if (scenario == "ends") return ends(arg);
  if (scenario == "threads") return threads();
  if (scenario == "forks") return forks();
  if (scenario == "table_hash") return table_hash();
  if (scenario == "errno") return errno_kept();
  if (scenario == "many") return many(arg);
  return 2;
}
