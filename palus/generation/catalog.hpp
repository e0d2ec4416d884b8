#pragma once
// What the generator knows about each callable of the harness's table: what it needs from the
// pool, what it leaves there, and where it came from (api.yaml or a default contract).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/api.hpp"
#include "oracles/contracts/contract_id.hpp"
#include "palus/generation/sequence.hpp"

namespace palus::generation {

/// What one input of a callable is: a literal of a type, or an object of a record type.
struct InputNeed {
  bool literal = false;               ///< taken from the literal pool (scalars, strings, C strings)
  api::TypeRef type;                  ///< the parameter's (or receiver's) type
  std::string record;                 ///< for objects: the record type wanted from the pool
  bool null_allowed = false;          ///< pointer parameters: a null pointer is a legal input
  const api::Param* param = nullptr;  ///< null for the receiver and for contract inputs
  bool moves = false;                 ///< the call leaves the object moved from (api::moves_from)
  bool may_change = false;  ///< the call may change the object (api::may_change; a non-const method's receiver)
  bool derived = false;     ///< set from the input before it (the end of a character range): never drawn or mutated
};

struct CallableInfo {
  std::uint32_t index = 0;  ///< in the harness's callable table
  std::string id;
  const api::Callable* callable = nullptr;       ///< null for contracts
  std::optional<oracles::ContractUse> contract;  ///< set for contract callables
  const api::Oracle* oracle = nullptr;           ///< set for theories and invariants (`callable` is its function)
  bool is_method = false;                        ///< input 0 is the receiver
  std::vector<InputNeed> inputs;                 ///< receiver first for methods
  /// Record types the statement leaves in the pool: the owner for constructors, T for results
  /// of type T, T& , T*, std::unique_ptr<T> or std::shared_ptr<T> (both T and the smart pointer).
  std::vector<std::string> yields;  ///< and every base class of those (an object is one of each of its bases)
  bool yields_read_only = false;    ///< the result is a const reference or pointer to const
  bool usable = true;               ///< false when an input cannot be supplied at all (void*, function pointers)
  bool is_observer = false;         ///< the harness runs it after statements (harness::is_observer)
  /// The static field it writes (api.yaml `writes`), when it writes one that is not const
  /// (muparser's SetDecSep sets ParserBase::s_locale): what it changes outlives the test.
  std::string writes_static;

  /// A check appended after a sequence (contract, theory, invariant), answered with the
  /// violation's message ("" when it held), never part of a sequence of its own.
  bool is_check() const { return contract.has_value() || oracle != nullptr; }
  /// "contract", "theory" or "invariant" for checks; "" otherwise.
  std::string check_kind() const;
};

struct Catalog {
  const api::Api* api = nullptr;
  std::vector<CallableInfo> callables;  ///< indexed by harness callable index
};

/// The harness's callable ids (Hello order) matched with api.yaml; ids that are neither in
/// api.yaml nor contracts are kept as unusable entries. Throws std::runtime_error when the harness
/// offers nothing callable.
Catalog make_catalog(const api::Api& api, const std::vector<std::string>& harness_ids);

/// Whether the object statement `k` of `sequence` yields is reached through a const reference or
/// pointer to const (CallableInfo::yields_read_only): no call may change it. False out of range.
bool read_only_at(const Catalog& catalog, const Sequence& sequence, std::uint32_t k);

/// Whether the object statement `k` of `sequence` yields may be given where `need` is: not when the
/// call may change it and it is read-only (read_only_at).
bool may_take(const Catalog& catalog, const Sequence& sequence, std::uint32_t k, const InputNeed& need);

/// Whether a statement of `sequence` passes a read-only object (read_only_at) where the call may
/// change it: the sequence would const_cast and change an object the library handed out as const.
bool changes_read_only(const Catalog& catalog, const Sequence& sequence);

/// Whether a call of `sequence` writes static state (CallableInfo::writes_static).
bool writes_static_state(const Sequence& sequence, const Catalog& catalog);

/// "Statement" for "tinysql::Statement", "functions" for free functions (see TestCase::subject).
std::string subject_of(const CallableInfo& info);

}  // namespace palus::generation
