#include "interpreter.hpp"

#include <cxxabi.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <new>
#include <utility>

#include "coverage.hpp"
#include "demangle.hpp"
#include "free_watch.hpp"
#include "recover.hpp"

namespace palus::harness {
namespace {

std::uint64_t monotonic_ns() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000u + static_cast<std::uint64_t>(ts.tv_nsec);
}

std::string current_exception_type() {
  const std::type_info* type = abi::__cxa_current_exception_type();
  return type ? demangle(type->name()) : "unknown";
}

}  // namespace

Interpreter::Interpreter(protocol::Progress& progress) : progress_(progress) {
  for (const auto& o : registry().observers) observers_.emplace(*o.type, o.observe);
  for (const auto& p : registry().profiles) profiles_.emplace(*p.type, p.profile);
}

void Interpreter::enter(std::int32_t statement, protocol::Phase phase) {
  progress_.statement.store(statement, std::memory_order_relaxed);
  progress_.phase.store(static_cast<std::uint32_t>(phase), std::memory_order_relaxed);
  progress_.phase_start_ns.store(monotonic_ns(), std::memory_order_release);
  free_watch_at(progress_.sequence_id.load(std::memory_order_relaxed), statement, phase);
}

protocol::RunResult Interpreter::run(const protocol::RunRequest& request) {
  progress_.blocked_count.store(0, std::memory_order_relaxed);
  progress_.note_length.store(0, std::memory_order_relaxed);
  progress_.freed_statement.store(-1, std::memory_order_relaxed);
  progress_.runner_pid.store(static_cast<std::int32_t>(getpid()), std::memory_order_relaxed);
  // The page may still show the last sequence in a call (a child killed there): cleared before the
  // new id appears, or the executor's watchdog would take that call's start for this sequence's.
  progress_.phase.store(static_cast<std::uint32_t>(protocol::Phase::idle), std::memory_order_relaxed);
  progress_.statement.store(-1, std::memory_order_relaxed);
  progress_.sequence_start_ns.store(0, std::memory_order_relaxed);
  progress_.sequence_id.store(request.sequence_id, std::memory_order_release);
  progress_.sequence_start_ns.store(monotonic_ns(), std::memory_order_release);

  protocol::RunResult result;
  result.sequence_id = request.sequence_id;
  result.statements.reserve(request.statements.size());
  const std::size_t in_test = request.test_statements == 0 ? request.statements.size() : request.test_statements;
  coverage::begin_sequence();
  for (std::uint32_t i = 0; i < request.statements.size(); ++i) {
    const protocol::Statement& statement = request.statements[i];
    protocol::StatementResult& answer = result.statements.emplace_back();
    pool_.emplace_back();
    enter(static_cast<std::int32_t>(i), protocol::Phase::call);
    coverage::aside(i >= in_test);
    execute(i, statement, answer);
    recover::at_safe_point();  // a sanitizer report in the call's last blocks, or in the thunk
    coverage::note(statement.callable * 8 + static_cast<std::uint32_t>(answer.status));  // 5 statuses
    if (answer.status != protocol::StatementStatus::normal) break;
    if (request.observe) {
      enter(static_cast<std::int32_t>(i), protocol::Phase::observe);
      coverage::aside(i + 1 != in_test);
      // A check appended after the test's statements changes nothing a test asserts: its objects
      // are profiled, not observed.
      observe(i, statement, request.skip_observers, i >= request.observe_from && i < in_test, answer);
      recover::at_safe_point();
    }
  }
  coverage::aside(false);
  destroy_pool();
  enter(-1, protocol::Phase::idle);
  coverage::Found found = coverage::end_sequence(request.count_blocks);
  result.new_blocks = std::move(found.new_blocks);
  result.reached_blocks = std::move(found.reached_blocks);
  result.total_blocks = found.total_blocks;
  result.refused = protocol::refusals(progress_);
  return result;
}

void Interpreter::execute(std::uint32_t index, const protocol::Statement& statement,
                          protocol::StatementResult& result) {
  const auto& callables = registry().callables;
  try {
    if (statement.callable >= callables.size()) {
      throw BadRequest{"no callable " + std::to_string(statement.callable)};
    }
    for (const auto& in : statement.inputs) {
      if (in.kind == protocol::InputKind::ref && in.ref >= index) {
        throw BadRequest{"an input refers to statement " + std::to_string(in.ref) + ", not an earlier one"};
      }
    }
    Call call(statement, pool_, held_, result);
    callables[statement.callable].thunk(call);
  } catch (const InvalidInput& e) {
    result.status = protocol::StatementStatus::invalid_input;
    result.message = e.why;
  } catch (const BadRequest& e) {
    result.status = protocol::StatementStatus::bad_request;
    result.message = e.why;
  } catch (const std::bad_alloc& e) {
    result.status = protocol::StatementStatus::oom;
    result.exception_type = demangle(typeid(e).name());
    result.message = e.what();
  } catch (const std::exception& e) {
    result.status = protocol::StatementStatus::exception;
    result.exception_type = demangle(typeid(e).name());
    result.message = e.what();
  } catch (...) {
    result.status = protocol::StatementStatus::exception;
    result.exception_type = current_exception_type();
  }
}

void Interpreter::observe(std::uint32_t index, const protocol::Statement& statement,
                          const std::vector<std::uint32_t>& skip, bool observers, protocol::StatementResult& result) {
  if ((observers_.empty() || !observers) && profiles_.empty()) return;
  std::vector<std::uint32_t> slots{index};
  for (const auto& in : statement.inputs) {
    if (in.kind == protocol::InputKind::ref && std::find(slots.begin(), slots.end(), in.ref) == slots.end()) {
      slots.push_back(in.ref);
    }
  }
  for (std::uint32_t slot : slots) observe_slot(slot, skip, observers, result);
}

void Interpreter::observe_slot(std::uint32_t index, const std::vector<std::uint32_t>& skip, bool observers,
                               protocol::StatementResult& result) {
  const Slot& slot = pool_[index];
  if (slot.type == nullptr || slot.object == nullptr) return;
  void* object = slot.object;
  const std::type_info* type = slot.type;
  if (slot.deref != nullptr) {
    object = slot.deref(slot.object);
    type = slot.pointee_type;
    if (object == nullptr) return;
  }
  if (auto profile = profiles_.find(*type); profile != profiles_.end()) {
    protocol::ObjectProfile& p = result.profiles.emplace_back();
    p.object = index;
    profile->second(object, p.profile);
  }
  if (!observers) return;
  auto found = observers_.find(*type);
  if (found == observers_.end()) return;
  Observer observer(index, result.observations, skip);
  found->second(observer, object);
}

void Interpreter::abandon() {
  pool_.clear();
  held_.clear();
}

void Interpreter::destroy_pool() {
  // Each object leaves the pool before its destructor runs: a report in that destructor stops the
  // sequence (recover.hpp), and the clean-up after it destroys only what is left.
  for (std::size_t i = pool_.size(); i-- > 0;) {
    Slot& slot = pool_[i];
    if (slot.destroy == nullptr || slot.object == nullptr) continue;
    void* const object = std::exchange(slot.object, nullptr);
    enter(static_cast<std::int32_t>(i), protocol::Phase::destroy);
    slot.destroy(object);
    recover::at_safe_point();
  }
  pool_.clear();
  while (!held_.empty()) {
    const Slot held = held_.back();
    held_.pop_back();
    held.destroy(held.object);
  }
  recover::at_safe_point();  // before the sequence counts as done: a report must not pass to the next
}

}  // namespace palus::harness
