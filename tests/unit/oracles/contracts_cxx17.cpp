#include "unit/oracles/contracts_cxx17.hpp"

#include <functional>
#include <ostream>

#include "oracles/contracts/contracts.hpp"

namespace {

struct OnlyEquals {
  int v = 0;
  bool operator==(const OnlyEquals& o) const { return v == o.v; }
};

struct Good {
  int v = 0;
  bool operator==(const Good& o) const { return v == o.v; }
  bool operator!=(const Good& o) const { return v != o.v; }
  bool operator<(const Good& o) const { return v < o.v; }
};

std::ostream& operator<<(std::ostream& out, const Good& g) { return out << g.v; }

}  // namespace

namespace std {
template <>
struct hash<Good> {
  std::size_t operator()(const Good& g) const noexcept { return std::hash<int>{}(g.v); }
};
}  // namespace std

namespace palus::testing {

std::string cxx17_not_equals_without_operator() {
  static_assert(!contracts::has_not_equals<OnlyEquals>::value, "C++17 does not rewrite != from ==");
  return contracts::not_equals_irreflexive(OnlyEquals{});
}

std::string cxx17_all_checks_on_a_good_class() {
  Good a{1}, b{1};
  return contracts::equals_reflexive(a) + contracts::not_equals_irreflexive(a) +
         contracts::equals_hash_consistent(a, b) + contracts::copy_equals_original(a) +
         contracts::self_assignment_keeps_value(a) + contracts::less_irreflexive(a) +
         contracts::print_does_not_throw(a);
}

}  // namespace palus::testing
