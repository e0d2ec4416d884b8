#include "bench/evaluation_args.hpp"

namespace palus::bench {

namespace fs = std::filesystem;

void EvaluationArgs::add_options(CLI::App& app, const std::string& seeds_help) {
  app.add_option("--palus", palus, "the palus executable")->capture_default_str();
  app.add_option("--modes", modes,
                 "generation modes, comma-separated; a mode with the suffix -no-feedback (palus-no-feedback) runs "
                 "without coverage feedback (generate.mutate: false)")
      ->capture_default_str();
  app.add_option("--seeds", seeds, "seeds, comma-separated: " + seeds_help)->capture_default_str();
  app.add_option("--time-limit", time_limit, "generation time of each run")->capture_default_str();
  work_dir.add_options(app);
}

std::optional<std::string> EvaluationArgs::check() {
  palus = fs::absolute(palus);
  if (!fs::exists(palus)) return palus.string() + " does not exist: build palus first";
  for (const auto& seed : split_list(seeds)) {
    if (seed.find_first_not_of("0123456789") != std::string::npos) {
      return "--seeds: not a number: " + seed;
    }
  }
  try {
    seconds_of(time_limit);
  } catch (const std::exception&) {
    return "--time-limit: expected a duration like 60s or 2m, got " + time_limit;
  }
  return std::nullopt;
}

EvaluationOptions EvaluationArgs::options(bool resume) const {
  return EvaluationOptions{palus, split_list(modes), split_list(seeds), time_limit, resume};
}

double seconds_of(const std::string& duration) {
  std::size_t used = 0;
  const double value = std::stod(duration, &used);
  const std::string unit = duration.substr(used);
  if (unit == "m" || unit == "min") return value * 60;
  if (unit == "h") return value * 3600;
  if (unit == "ms") return value / 1000;
  return value;
}

}  // namespace palus::bench
