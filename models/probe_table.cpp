#include "models/probe_table.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <charconv>

#include "core/atomic_file.hpp"
#include "core/enum_names.hpp"
#include "core/error.hpp"
#include "core/hash.hpp"
#include "core/text.hpp"
#include "harness/codegen/build_tools.hpp"

namespace palus::models {
namespace {

namespace fs = std::filesystem;

constexpr std::array roles{ProbeRole::function, ProbeRole::method, ProbeRole::constructor, ProbeRole::destructor};
constexpr std::array<std::string_view, 2> table_keys{"hash", "probes"};
constexpr std::array<std::string_view, 7> probe_keys{"index", "id", "owner", "role", "static", "file", "line"};

class Reader {
 public:
  explicit Reader(std::string display) : display_(std::move(display)) {}

  ProbeTable read(const YAML::Node& root) const {
    expect_keys(root, table_keys);
    ProbeTable table;
    table.hash = hash(get(root, "hash"));
    const YAML::Node probes = get(root, "probes");
    if (!probes.IsSequence()) fail(probes, "expected 'probes' to be a list");
    for (const auto& node : probes) table.probes.push_back(probe(node, table.probes.size()));
    return table;
  }

 private:
  [[noreturn]] void fail(const YAML::Node& node, const std::string& what) const {
    fail_at(fmt::format("{}:{}", display_, std::max(node.Mark().line, 0) + 1), "{}", what);
  }

  template <std::size_t N>
  void expect_keys(const YAML::Node& map, const std::array<std::string_view, N>& keys) const {
    if (!map.IsMap()) fail(map, fmt::format("expected a map with the keys {}", text::join(keys)));
    for (const auto& entry : map) {
      const std::string key = entry.first.IsScalar() ? entry.first.Scalar() : "";
      if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
        fail(entry.first, fmt::format("unexpected key '{}' (expected one of {})", key, text::join(keys)));
      }
    }
  }

  YAML::Node get(const YAML::Node& map, std::string_view key) const {
    const YAML::Node value = map[std::string(key)];
    if (!value.IsDefined()) fail(map, fmt::format("expected a key '{}' in this map", key));
    return value;
  }

  std::string text(const YAML::Node& map, std::string_view key) const {
    const YAML::Node value = get(map, key);
    if (!value.IsScalar()) fail(value, fmt::format("expected '{}' to be a string", key));
    return value.Scalar();
  }

  template <typename T>
  T number(const YAML::Node& value, std::string_view what, int base = 10) const {
    const std::string digits = value.IsScalar() ? value.Scalar() : std::string();
    T result{};
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), result, base);
    if (digits.empty() || error != std::errc() || end != digits.data() + digits.size()) {
      fail(value, fmt::format("expected '{}' to be {}, got '{}'", what,
                              base == 16 ? "a hexadecimal number (16 digits at most)" : "a whole number >= 0", digits));
    }
    return result;
  }

  std::uint64_t hash(const YAML::Node& value) const { return number<std::uint64_t>(value, "hash", 16); }

  ProbeInfo probe(const YAML::Node& node, std::size_t position) const {
    expect_keys(node, probe_keys);
    if (number<std::size_t>(get(node, "index"), "index") != position) {
      fail(node, fmt::format("expected the probe with index {} here (indices count from 0 in order)", position));
    }
    ProbeInfo info;
    info.id = text(node, "id");
    info.owner = text(node, "owner");
    info.role = role(get(node, "role"));
    const YAML::Node is_static = get(node, "static");
    if (!is_static.IsScalar() || !YAML::convert<bool>::decode(is_static, info.is_static)) {
      fail(is_static, "expected 'static' to be true or false");
    }
    info.file = text(node, "file");
    info.line = number<unsigned>(get(node, "line"), "line");
    return info;
  }

  ProbeRole role(const YAML::Node& value) const {
    const std::string given = value.IsScalar() ? value.Scalar() : "";
    for (ProbeRole r : roles) {
      if (to_string(r) == given) return r;
    }
    fail(value, fmt::format("expected 'role' to be one of function, method, constructor, destructor, got '{}'", given));
  }

  std::string display_;
};

}  // namespace

std::string_view to_string(ProbeRole role) {
  return enum_name<ProbeRole::destructor>(role, {"function", "method", "constructor", "destructor"});
}

std::uint64_t probe_table_hash(const std::vector<ProbeInfo>& probes) {
  std::string content;
  for (const auto& p : probes) {
    // Fields separated by characters that cannot occur in them, so distinct tables hash apart.
    content += fmt::format("{}\x1f{}\x1f{}\x1f{}\x1f{}\x1f{}\x1e", p.id, p.owner, to_string(p.role),
                           p.is_static ? 1 : 0, p.file, p.line);
  }
  return hash::fnv1a(content);
}

void write_probe_table(const fs::path& path, const std::vector<ProbeInfo>& probes, std::uint64_t hash) {
  YAML::Emitter out;
  out << YAML::Comment("palus trace: the probes of the instrumented copy; a trace names a callable by its index");
  out << YAML::BeginMap;
  out << YAML::Key << "hash" << YAML::Value << fmt::format("{:016x}", hash);
  out << YAML::Key << "probes" << YAML::Value << YAML::BeginSeq;
  for (std::size_t i = 0; i < probes.size(); ++i) {
    const ProbeInfo& p = probes[i];
    out << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "index" << YAML::Value << i;
    out << YAML::Key << "id" << YAML::Value << YAML::DoubleQuoted << p.id;
    out << YAML::Key << "owner" << YAML::Value << YAML::DoubleQuoted << p.owner;
    out << YAML::Key << "role" << YAML::Value << std::string(to_string(p.role));
    out << YAML::Key << "static" << YAML::Value << p.is_static;
    out << YAML::Key << "file" << YAML::Value << YAML::DoubleQuoted << p.file;
    out << YAML::Key << "line" << YAML::Value << p.line;
    out << YAML::EndMap;
  }
  out << YAML::EndSeq << YAML::EndMap;
  write_file_atomically(path, std::string(out.c_str()) + "\n");
}

ProbeTable read_probe_table(const fs::path& path) {
  YAML::Node root;
  try {
    root = YAML::LoadFile(path.string());
  } catch (const YAML::BadFile&) {
    throw UserError(fmt::format("{}: cannot read it (run 'palus trace' to write it)", path.string()));
  } catch (const YAML::Exception& e) {
    throw UserError(fmt::format("{}:{}: {}", path.string(), e.mark.line + 1, e.msg));
  }
  return Reader(path.string()).read(root);
}

}  // namespace palus::models
