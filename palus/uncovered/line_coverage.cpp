#include "palus/uncovered/line_coverage.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>

#include "core/yaml_reader.hpp"

namespace palus::uncovered {
namespace {

namespace fs = std::filesystem;

class GcovrReader : public YamlReader {
 public:
  using YamlReader::YamlReader;

  LineCoverage read(const YAML::Node& root, const fs::path& base) const {
    LineCoverage coverage;
    for (const auto& file : list(get(root, "files"), "files")) {
      const fs::path name = scalar(get(file, "file"), "file");
      auto& lines = coverage[(name.is_absolute() ? name : base / name).lexically_normal().string()];
      for (const auto& line : list(get(file, "lines"), "lines")) {
        LineCounts counts;
        counts.count = whole_value<long>(get(line, "count"), "count");
        const YAML::Node noncode = line["gcovr/noncode"];
        counts.code = !(noncode && boolean_value(noncode, "gcovr/noncode"));
        for (const auto& branch : list(get(line, "branches"), "branches")) {
          const YAML::Node thrown = branch["throw"];
          if (thrown && boolean_value(thrown, "throw")) continue;
          counts.branches.push_back(whole_value<long>(get(branch, "count"), "count"));
        }
        const auto number = whole_value<unsigned>(get(line, "line_number"), "line_number");
        // A line may come twice (template instances, inline functions): the counts add up.
        auto [it, inserted] = lines.try_emplace(number, counts);
        if (!inserted) {
          it->second.count += counts.count;
          it->second.code = it->second.code || counts.code;
          if (it->second.branches.size() < counts.branches.size()) it->second.branches.resize(counts.branches.size());
          for (std::size_t i = 0; i < counts.branches.size(); ++i) it->second.branches[i] += counts.branches[i];
        }
      }
    }
    return coverage;
  }
};

}  // namespace

LineCoverage read_gcovr_json(const fs::path& file, const fs::path& root) {
  return read_yaml_file(file, "gcovr's JSON report",
                        [&](const YAML::Node& node) { return GcovrReader(file.string()).read(node, root); });
}

bool is_frontier(const LineCounts& line) {
  return line.count > 0 && !line.branches.empty() &&
         std::any_of(line.branches.begin(), line.branches.end(), [](long taken) { return taken == 0; });
}

}  // namespace palus::uncovered
