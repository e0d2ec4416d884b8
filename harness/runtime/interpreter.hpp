#pragma once
// Runs one sequence: statements in order on a fresh pool, then the pool destroyed in reverse
// order of creation. Says in the progress page which statement and phase it is in.

#include <typeindex>
#include <unordered_map>
#include <vector>

#include "harness/protocol/progress.hpp"
#include "harness/protocol/protocol.hpp"
#include "palus_harness.hpp"

namespace palus::harness {

class Interpreter {
 public:
  explicit Interpreter(protocol::Progress& progress);

  protocol::RunResult run(const protocol::RunRequest& request);
  /// Destroys the objects of a sequence that a sanitizer report or a fault stopped (recover.hpp), as at the
  /// end of a sequence.
  void clean_up() { destroy_pool(); }
  /// Forgets them instead, when destroying them failed too.
  void abandon();

 private:
  void execute(std::uint32_t index, const protocol::Statement& statement, protocol::StatementResult& result);
  /// Profiles the objects statement `index` made or was given, and with `observers` runs their
  /// observers (those not in `skip`).
  void observe(std::uint32_t index, const protocol::Statement& statement, const std::vector<std::uint32_t>& skip,
               bool observers, protocol::StatementResult& result);
  void observe_slot(std::uint32_t slot, const std::vector<std::uint32_t>& skip, bool observers,
                    protocol::StatementResult& result);
  void destroy_pool();
  void enter(std::int32_t statement, protocol::Phase phase);

  protocol::Progress& progress_;
  std::vector<Slot> pool_;
  std::vector<Slot> held_;  ///< arguments kept for the sequence's lifetime (Call::hold)
  std::unordered_map<std::type_index, ObserveFn> observers_;
  std::unordered_map<std::type_index, ProfileFn> profiles_;
};

}  // namespace palus::harness
