#pragma once
// Which values a regression test asserts with generate.assertions: selected (SODS, seed 002, and
// DESIGN §8). Every value the test could assert is a candidate oracle datum; each observes faults
// in some places of the library's code, found by following definitions of fields to their uses
// along the sequence. Candidates are kept greedily, the one adding the most capability first,
// until none adds a capability of 1 (a new place read directly through a text, or several through
// narrower values): a kept candidate substitutes for those whose places it already observes.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "harness/protocol/protocol.hpp"

namespace palus::writer {

/// Places of library code whose fault would change a candidate's value, each with how likely the
/// fault shows there: 1 when the value reads what the place computed, halved for each further
/// definition the fault has to pass through. A place is a string: "r<i>", what statement i
/// computed; "w<c>:<field>", callable c's write of a field ("*" when its writes are unknown); "o<c>",
/// observer c's own body.
using FaultSites = std::map<std::string, double>;

/// How likely a fault carries through one more definition (SODS's transfer parameter).
inline constexpr double kSubstitutionTransfer = 0.5;

/// How likely a wrong field shows in a value of this kind that reads it: a bool tells little of
/// a container's contents, a number more, a text (join, toString) most.
double value_information(harness::protocol::ValueKind kind);

/// The candidates kept: repeatedly the first (in the given order) that adds the most capability
/// over the kept ones (per place, what it observes beyond the best kept capability there), while
/// that gain is at least `min_gain` (SODS's selection, a kept candidate lowering what others add).
std::vector<bool> select_oracle_data(const std::vector<FaultSites>& candidates, double min_gain = 1.0);

/// `into` gains every place of `from`, scaled by `factor`, keeping the larger capability; places
/// below a tenth are dropped.
void merge_sites(FaultSites& into, const FaultSites& from, double factor = 1.0);

/// The definitions of fields live on each object of a sequence, statement after statement.
class FieldDefinitions {
 public:
  /// Callable `callable` wrote `writes` of `object` (empty: unknown, any field) after reading
  /// `reads` of it (empty: unknown, every field) and `read_elsewhere` (of its other inputs: what a
  /// copy constructor copies).
  void define(std::uint32_t object, std::uint32_t callable, const std::vector<std::string>& reads,
              const std::vector<std::string>& writes, const FaultSites& read_elsewhere = {});
  /// `object` is new, the result of statement `statement`, made from what it read (`source`).
  void made(std::uint32_t object, std::uint32_t statement, const FaultSites& source);
  /// The places a read of `fields` of `object` (empty: every field) observes, with capability 1
  /// for the definitions it reads directly.
  FaultSites reaching(std::uint32_t object, const std::vector<std::string>& fields) const;

 private:
  struct Live {
    std::map<std::string, FaultSites> field;  ///< the last definition of each field
    FaultSites any;                           ///< definitions of unknown fields, all possibly live
  };
  std::map<std::uint32_t, Live> objects_;
};

}  // namespace palus::writer
