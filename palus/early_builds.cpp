#include "palus/early_builds.hpp"

#include "palus/generate_stage.hpp"

namespace palus {

EarlyBuilds::EarlyBuilds(const Config& config, const std::filesystem::path& work_dir)
    : coverage_library_(fresh_coverage_library(config, work_dir, &cancel_)),
      thread_([library = coverage_library_] { library->archive(); }) {}

EarlyBuilds::~EarlyBuilds() {
  cancel_ = true;
  thread_.join();
}

}  // namespace palus
