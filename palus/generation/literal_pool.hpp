#pragma once
// Literal inputs for scalar, enum and string parameters (DESIGN §6): boundary values per type
// (0, ±1, min, max, NaN, ±inf, -0.0, empty and long strings) and the literals `palus analyze`
// mined from the callable, its class and the whole library.

#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "core/api.hpp"
#include "harness/protocol/protocol.hpp"
#include "palus/generation/random.hpp"

namespace palus::generation {

class LiteralPool {
 public:
  explicit LiteralPool(const api::Api& api);

  /// A literal of `type` for parameter `param` of `callable` (null for contract inputs; `param`
  /// empty when unnamed: no extra values). `type` must be a literal category (harness::is_literal).
  harness::protocol::Input pick(const api::TypeRef& type, const api::Callable* callable, Random& random,
                                const std::string& param = {}) const;

  /// Every boundary value for `type` (what pick draws from when nothing is mined), for tests.
  std::vector<harness::protocol::Input> boundary_values(const api::TypeRef& type) const;

  /// Extra values for a parameter (recorded or user-given), drawn with the mined ones. The
  /// constructor adds api.yaml's param_values (PALUS_PARAM_VALUES, PALUS_TYPE_VALUES).
  void add_values(const std::string& callable_id, const std::string& param,
                  std::vector<harness::protocol::Input> values);

  /// Texts a user of the library wrote (analysis/sample_texts.hpp, and strings the sample passed
  /// anywhere): drawn for any string parameter, a whole document (16 bytes or more: a file the
  /// sample read, a JSON literal) one time in ten and any text one in twenty; the short ones are
  /// also mutation tokens.
  void add_sample_texts(const std::vector<std::string>& texts);

  /// Tokens for mutating a string input of parameter `param` of `callable` (input_mutator.hpp):
  /// the strings and characters mined from the callable and its class, the library's short
  /// strings, and the values recorded or given for that parameter. Computed once per parameter.
  const std::vector<std::string>& dictionary(const api::Callable& callable, const std::string& param) const;

  /// A text the sample passed or a user gave to `param` of `callable`, or, one time in three, its
  /// neighbour: a word or symbol of the parameter's dictionary in it swapped for another of its
  /// kind (token_swap.hpp). Any other input as it is.
  harness::protocol::Input neighbour(const harness::protocol::Input& text, const api::Callable& callable,
                                     const std::string& param, Random& random) const;

  /// Literals mined from callable bodies, by kind.
  struct Mined {
    std::vector<std::int64_t> integers;
    std::vector<std::uint64_t> above_int64;  ///< integer literals only an unsigned 64-bit type holds
    std::vector<double> floats;
    std::vector<std::string> strings;
    std::vector<std::int64_t> characters;
  };

 private:
  const Mined* mined_for_class(const std::string& owner) const;
  void add_param_values(const api::Api& api);
  /// User-given values as inputs of `type` (those that do not fit it are left out).
  std::vector<harness::protocol::Input> given_values(const api::TypeRef& type, const Mined& given) const;
  const std::vector<harness::protocol::Input>& typed_values(const api::TypeRef& type, const Mined& given) const;
  std::vector<harness::protocol::Input> mined_values(const api::TypeRef& type, const Mined& mined) const;
  /// mined_values (or boundary_values, for a null `mined`), computed once per type: pick() is on
  /// the generator's hot path.
  const std::vector<harness::protocol::Input>& values_for(const api::TypeRef& type, const Mined* mined) const;

  std::map<std::string, std::vector<std::int64_t>> enums_;  ///< enumerator values by enum name
  std::map<std::string, Mined> by_callable_;                ///< by callable id
  std::map<std::string, Mined> by_class_;                   ///< by owner
  Mined everywhere_;
  std::map<std::string, std::vector<harness::protocol::Input>> extra_;  ///< "id\nparam"
  std::map<std::string, Mined> by_type_;                                ///< PALUS_TYPE_VALUES, by the type's base
  mutable std::map<std::pair<api::TypeCategory, std::string>, std::vector<harness::protocol::Input>> typed_;
  std::vector<harness::protocol::Input> sample_texts_;
  std::vector<harness::protocol::Input> sample_documents_;  ///< the sample texts of kDocument bytes or more
  static constexpr std::size_t kDocument = 16;
  mutable std::map<std::string, std::vector<std::string>> dictionaries_;  ///< "id\nparam"
  mutable std::map<std::tuple<const Mined*, api::TypeCategory, std::string>, std::vector<harness::protocol::Input>>
      values_;
};

}  // namespace palus::generation
