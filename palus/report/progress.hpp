#pragma once
// What a run shows while it works (issue: live progress): on a terminal one line rewritten in
// place; otherwise a plain log line every few seconds. -q prints nothing.

#include <chrono>
#include <cstdio>
#include <map>
#include <optional>
#include <string>

namespace palus::report {

struct ProgressState {
  double elapsed_s = 0, limit_s = 0;
  std::optional<double> run_left_s;  ///< of the whole run's budget, when generation is a part of it
  std::uint64_t executed = 0;
  std::size_t pool = 0;
  std::uint64_t blocks = 0;   ///< library blocks reached so far (0: not measured)
  std::uint64_t tests = 0;    ///< checked and written
  std::uint64_t pending = 0;  ///< found, being checked
  std::map<std::string, std::uint64_t> failures_by_kind;
};

class Progress {
 public:
  /// `out`: where the line goes (stdout); live when it is a terminal.
  Progress(std::FILE* out, bool quiet);

  void update(const ProgressState& state);
  /// A line of its own (clears the live line first).
  void note(const std::string& text);
  /// Ends the live line.
  void finish();

 private:
  std::string line(const ProgressState& state) const;

  std::FILE* out_;
  bool quiet_, live_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point last_log_{};
};

}  // namespace palus::report
