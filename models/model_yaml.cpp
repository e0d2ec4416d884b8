#include "models/model_yaml.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <initializer_list>
#include <limits>
#include <system_error>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/file_text.hpp"
#include "core/text.hpp"
#include "core/yaml_describe.hpp"
#include "core/yaml_reader.hpp"

namespace palus::models {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kHeader =
    "# Call-sequence models inferred by `palus model` from a sample execution (Palus section 3.1).\n"
    "# Per class: nodes (abstract object profiles of objects there, how many objects passed) and\n"
    "# transitions (calls; object: where the model's object is: result, receiver or slot N).\n"
    "# args: per input slot the recorded values, dependences (\"Class#node\": an object in that state of\n"
    "# that class's model was passed) and the argument's profiles. Generated: edit with care.\n";

bool is_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const std::size_t length = lead < 0x80           ? 1
                               : (lead >> 5) == 0x6  ? 2
                               : (lead >> 4) == 0xE  ? 3
                               : (lead >> 3) == 0x1E ? 4
                                                     : 0;
    if (length == 0 || i + length > text.size()) return false;
    char32_t point = length == 1 ? lead : lead & (0x7F >> length);
    for (std::size_t k = 1; k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xC0) != 0x80) return false;
      point = (point << 6) | (next & 0x3F);
    }
    const char32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
    if (point < smallest[length] || point > 0x10FFFF || (point >= 0xD800 && point <= 0xDFFF)) return false;
    i += length;
  }
  return true;
}

std::string to_hex(std::string_view bytes) {
  std::string hex;
  for (const char c : bytes) hex += fmt::format("{:02x}", static_cast<unsigned char>(c));
  return hex;
}

std::string shortest(double d) {
  char buffer[64];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, d).ptr;
  return std::string(buffer, end);
}

std::string role_name(int role) {
  if (role == kResultRole) return "result";
  if (role == 0) return "receiver";
  return fmt::format("slot {}", role);
}

// ---- writing ----

void emit_value(YAML::Emitter& out, const TraceValue& v) {
  using Kind = TraceValue::Kind;
  if (v.kind == Kind::null_pointer) {
    out << YAML::Null;
    return;
  }
  out << YAML::Flow << YAML::BeginMap;
  switch (v.kind) {
    case Kind::boolean:
      out << YAML::Key << "bool" << YAML::Value << (v.i != 0);
      break;
    case Kind::signed_integer:
      out << YAML::Key << "int" << YAML::Value << static_cast<long long>(v.i);
      break;
    case Kind::unsigned_integer:
      out << YAML::Key << "uint" << YAML::Value << static_cast<unsigned long long>(v.u);
      break;
    case Kind::floating:
      out << YAML::Key << "float" << YAML::Value << shortest(v.d);
      break;
    case Kind::string:
      if (is_utf8(v.s)) {
        out << YAML::Key << "string" << YAML::Value << YAML::DoubleQuoted << v.s;
      } else {
        out << YAML::Key << "hex" << YAML::Value << YAML::DoubleQuoted << to_hex(v.s);
      }
      break;
    default:
      break;  // none and object are never stored
  }
  out << YAML::EndMap;
}

void emit_strings(YAML::Emitter& out, const std::vector<std::string>& strings) {
  out << YAML::Flow << YAML::BeginSeq;
  for (const auto& s : strings) out << YAML::DoubleQuoted << s;
  out << YAML::EndSeq;
}

void emit_slot(YAML::Emitter& out, const SlotConstraint& slot) {
  out << YAML::Flow << YAML::BeginMap << YAML::Key << "slot" << YAML::Value << slot.slot;
  if (!slot.values.empty()) {
    out << YAML::Key << "values" << YAML::Value << YAML::Flow << YAML::BeginSeq;
    for (const auto& v : slot.values) emit_value(out, v);
    out << YAML::EndSeq;
  }
  if (!slot.dependences.empty()) {
    std::vector<std::string> spelled;
    for (const auto& d : slot.dependences) spelled.push_back(fmt::format("{}#{}", d.cls, d.node));
    out << YAML::Key << "dependences" << YAML::Value;
    emit_strings(out, spelled);
  }
  if (!slot.profiles.empty()) {
    out << YAML::Key << "profiles" << YAML::Value;
    emit_strings(out, slot.profiles);
  }
  out << YAML::EndMap;
}

void emit_transition(YAML::Emitter& out, const Transition& t) {
  out << YAML::Flow << YAML::BeginMap;
  out << YAML::Key << "from" << YAML::Value << t.from << YAML::Key << "to" << YAML::Value << t.to;
  out << YAML::Key << "callable" << YAML::Value << YAML::DoubleQuoted << t.callable;
  out << YAML::Key << "object" << YAML::Value << role_name(t.role);
  out << YAML::Key << "count" << YAML::Value << t.count;
  if (t.inferred) out << YAML::Key << "inferred" << YAML::Value << true;
  if (t.threw) out << YAML::Key << "threw" << YAML::Value << true;
  if (!t.slots.empty()) {
    out << YAML::Key << "args" << YAML::Value << YAML::Flow << YAML::BeginSeq;
    for (const auto& slot : t.slots) emit_slot(out, slot);
    out << YAML::EndSeq;
  }
  out << YAML::EndMap;
}

void emit_class(YAML::Emitter& out, const ClassModel& cls) {
  out << YAML::BeginMap << YAML::Key << "class" << YAML::Value << cls.cls;
  out << YAML::Key << "nodes" << YAML::Value << YAML::BeginSeq;
  for (const Node& node : cls.nodes) {
    out << YAML::Flow << YAML::BeginMap << YAML::Key << "id" << YAML::Value << node.id;
    out << YAML::Key << "profiles" << YAML::Value;
    emit_strings(out, node.profiles);
    out << YAML::Key << "objects" << YAML::Value << node.objects << YAML::EndMap;
  }
  out << YAML::EndSeq;
  out << YAML::Key << "transitions" << YAML::Value << YAML::BeginSeq;
  for (const Transition& t : cls.transitions) emit_transition(out, t);
  out << YAML::EndSeq << YAML::EndMap;
}

// ---- reading ----

class Reader : public YamlReader {
 public:
  explicit Reader(std::string display) : YamlReader(std::move(display)) {}

  Model model(const YAML::Node& root) {
    keys(root, {"ktail", "classes"}, {"ktail", "classes"});
    Model m;
    m.ktail = whole_value<std::uint32_t>(root["ktail"], "ktail");
    for (const auto& item : list(root["classes"], "classes")) m.classes.push_back(class_model(item));
    std::stable_sort(m.classes.begin(), m.classes.end(), [](const auto& a, const auto& b) { return a.cls < b.cls; });
    for (std::size_t i = 1; i < m.classes.size(); ++i) {
      if (m.classes[i].cls == m.classes[i - 1].cls) {
        fail_at(display(), "expected each class once, got '{}' twice", m.classes[i].cls);
      }
    }
    for (const auto& [dependence, node] : dependences_) {
      const ClassModel* target = m.find(dependence.cls);
      if (target != nullptr && dependence.node >= target->nodes.size()) {
        fail_at(where(node), "expected a node of {} (0 to {}), got '{}#{}'", dependence.cls, target->nodes.size() - 1,
                dependence.cls, dependence.node);
      }
    }
    return m;
  }

 private:
  /// Checks that `map` is a map with every key of `required` and no key outside `allowed`.
  void keys(const YAML::Node& map, std::initializer_list<std::string_view> required,
            std::initializer_list<std::string_view> allowed) const {
    if (!map.IsMap()) fail_at(where(map), "expected a map with keys {}, got {}", text::join(allowed), describe(map));
    for (const auto key : required) {
      if (!map[std::string(key)].IsDefined()) fail_at(where(map), "expected a key '{}' in this map", key);
    }
    for (const auto& entry : map) {
      const std::string key = entry.first.IsScalar() ? entry.first.Scalar() : std::string();
      if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
        fail_at(where(entry.first), "expected one of the keys {}, got {}", text::join(allowed), describe(entry.first));
      }
    }
  }

  std::vector<std::string> strings(const YAML::Node& map, std::string_view key) const {
    std::vector<std::string> result;
    if (!map[std::string(key)].IsDefined()) return result;
    for (const auto& item : list(map[std::string(key)], key)) result.push_back(scalar(item, key));
    return result;
  }

  bool flag(const YAML::Node& map, std::string_view key) const {
    const YAML::Node value = map[std::string(key)];
    return value.IsDefined() && boolean_value(value, key);
  }

  ClassModel class_model(const YAML::Node& map) {
    keys(map, {"class", "nodes", "transitions"}, {"class", "nodes", "transitions"});
    ClassModel cls;
    cls.cls = scalar(map["class"], "class");
    for (const auto& item : list(map["nodes"], "nodes")) {
      keys(item, {"id", "objects"}, {"id", "profiles", "objects"});
      Node node{whole_value<std::uint32_t>(item["id"], "id"), strings(item, "profiles"),
                whole_value<std::uint32_t>(item["objects"], "objects")};
      if (node.id != cls.nodes.size()) {
        fail_at(where(item["id"]), "expected node id {} (nodes are numbered 0, 1, ... in order), got {}",
                cls.nodes.size(), node.id);
      }
      cls.nodes.push_back(std::move(node));
    }
    if (cls.nodes.empty()) fail_at(where(map["nodes"]), "expected at least the root node 0 in 'nodes'");
    for (const auto& item : list(map["transitions"], "transitions")) cls.transitions.push_back(transition(item, cls));
    return cls;
  }

  Transition transition(const YAML::Node& map, const ClassModel& cls) {
    keys(map, {"from", "to", "callable", "object", "count"},
         {"from", "to", "callable", "object", "count", "inferred", "threw", "args"});
    Transition t;
    t.from = node_id(map["from"], "from", cls);
    t.to = node_id(map["to"], "to", cls);
    t.callable = scalar(map["callable"], "callable");
    t.role = role(map["object"]);
    t.count = whole_value<std::uint32_t>(map["count"], "count");
    t.inferred = flag(map, "inferred");
    t.threw = flag(map, "threw");
    if (map["args"].IsDefined()) {
      for (const auto& item : list(map["args"], "args")) {
        SlotConstraint slot = slot_constraint(item);
        const auto at = std::lower_bound(t.slots.begin(), t.slots.end(), slot.slot,
                                         [](const SlotConstraint& c, std::uint32_t s) { return c.slot < s; });
        if (at != t.slots.end() && at->slot == slot.slot) {
          fail_at(where(item), "expected each slot once in 'args', got slot {} twice", slot.slot);
        }
        t.slots.insert(at, std::move(slot));
      }
    }
    return t;
  }

  std::uint32_t node_id(const YAML::Node& value, std::string_view what, const ClassModel& cls) const {
    const auto id = whole_value<std::uint32_t>(value, what);
    if (id >= cls.nodes.size()) {
      fail_at(where(value), "expected '{}' to be a node of {} (0 to {}), got {}", what, cls.cls, cls.nodes.size() - 1,
              id);
    }
    return id;
  }

  int role(const YAML::Node& value) const {
    const std::string given = value.IsScalar() ? value.Scalar() : std::string();
    if (given == "result") return kResultRole;
    if (given == "receiver") return 0;
    std::uint32_t slot = 0;
    const std::string_view digits = std::string_view(given).substr(std::min<std::size_t>(5, given.size()));
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), slot);
    if (!given.starts_with("slot ") || digits.empty() || error != std::errc() || end != digits.data() + digits.size() ||
        slot > static_cast<std::uint32_t>(std::numeric_limits<int>::max())) {
      fail_at(where(value), "expected 'object' to be result, receiver or \"slot N\", got {}", describe(value));
    }
    return static_cast<int>(slot);
  }

  SlotConstraint slot_constraint(const YAML::Node& map) {
    keys(map, {"slot"}, {"slot", "values", "dependences", "profiles"});
    SlotConstraint slot;
    slot.slot = whole_value<std::uint32_t>(map["slot"], "slot");
    if (map["values"].IsDefined()) {
      for (const auto& item : list(map["values"], "values")) slot.values.push_back(value(item));
    }
    if (map["dependences"].IsDefined()) {
      for (const auto& item : list(map["dependences"], "dependences")) {
        slot.dependences.push_back(dependence(item));
        dependences_.emplace_back(slot.dependences.back(), item);
      }
    }
    slot.profiles = strings(map, "profiles");
    return slot;
  }

  Dependence dependence(const YAML::Node& value) const {
    const std::string given = scalar(value, "dependences");
    const std::size_t hash = given.rfind('#');
    std::uint32_t node = 0;
    const char* digits = given.data() + (hash == std::string::npos ? given.size() : hash + 1);
    const auto [end, error] = std::from_chars(digits, given.data() + given.size(), node);
    if (hash == std::string::npos || hash == 0 || digits == given.data() + given.size() || error != std::errc() ||
        end != given.data() + given.size()) {
      fail_at(where(value), "expected a dependence like \"ns::Class#3\" (class, '#', node), got {}", describe(value));
    }
    return {given.substr(0, hash), node};
  }

  TraceValue value(const YAML::Node& node) const {
    TraceValue v;
    if (node.IsNull()) {
      v.kind = TraceValue::Kind::null_pointer;
      return v;
    }
    if (!node.IsMap() || node.size() != 1 || !node.begin()->first.IsScalar()) {
      fail_at(where(node),
              "expected a value like {{string: \"...\"}}, {{int: -3}}, {{uint: 5}}, {{bool: true}}, "
              "{{float: 2.5}}, {{hex: \"ff\"}} or null, got {}",
              describe(node));
    }
    const std::string kind = node.begin()->first.Scalar();
    const YAML::Node payload = node.begin()->second;
    if (kind == "string") {
      v.kind = TraceValue::Kind::string;
      v.s = scalar(payload, "string");
    } else if (kind == "hex") {
      v.kind = TraceValue::Kind::string;
      v.s = from_hex(payload);
    } else if (kind == "int") {
      v.kind = TraceValue::Kind::signed_integer;
      v.i = whole_value<std::int64_t>(payload, "int");
    } else if (kind == "uint") {
      v.kind = TraceValue::Kind::unsigned_integer;
      v.u = whole_value<std::uint64_t>(payload, "uint");
    } else if (kind == "bool") {
      bool b = false;
      if (!payload.IsScalar() || !YAML::convert<bool>::decode(payload, b)) {
        fail_at(where(payload), "expected 'bool' to be true or false, got {}", describe(payload));
      }
      v.kind = TraceValue::Kind::boolean;
      v.i = b ? 1 : 0;
    } else if (kind == "float") {
      v.kind = TraceValue::Kind::floating;
      const std::string digits = payload.IsScalar() ? payload.Scalar() : std::string();
      const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), v.d);
      if (digits.empty() || error != std::errc() || end != digits.data() + digits.size()) {
        fail_at(where(payload), "expected 'float' to be a number (or inf, -inf, nan), got {}", describe(payload));
      }
    } else {
      fail_at(where(node), "expected the kind of a value to be string, hex, int, uint, bool or float, got '{}'", kind);
    }
    return v;
  }

  std::string from_hex(const YAML::Node& payload) const {
    const std::string digits = scalar(payload, "hex");
    std::string bytes;
    for (std::size_t i = 0; i + 1 < digits.size(); i += 2) {
      unsigned byte = 0;
      const auto [end, error] = std::from_chars(digits.data() + i, digits.data() + i + 2, byte, 16);
      if (error != std::errc() || end != digits.data() + i + 2) break;
      bytes += static_cast<char>(byte);
    }
    if (bytes.size() * 2 != digits.size()) {
      fail_at(where(payload), "expected 'hex' to be pairs of hexadecimal digits, got {}", describe(payload));
    }
    return bytes;
  }

  std::vector<std::pair<Dependence, YAML::Node>> dependences_;  // checked once every class is read
};

}  // namespace

std::string model_to_yaml(const Model& model) {
  YAML::Emitter out;
  out.SetNullFormat(YAML::LowerNull);
  out << YAML::BeginMap << YAML::Key << "ktail" << YAML::Value << model.ktail;
  out << YAML::Key << "classes" << YAML::Value << YAML::BeginSeq;
  for (const ClassModel& cls : model.classes) emit_class(out, cls);
  out << YAML::EndSeq << YAML::EndMap;
  return std::string(kHeader) + out.c_str() + "\n";
}

void write_model_yaml(const Model& model, const fs::path& file) { write_file_atomically(file, model_to_yaml(model)); }

Model parse_model_yaml(std::string_view text, const std::string& display) {
  try {
    return Reader(display).model(YAML::Load(std::string(text)));
  } catch (const YAML::Exception& error) {  // syntax errors, and any access the checks above missed
    fail_at(fmt::format("{}:{}", display, std::max(error.mark.line, 0) + 1), "expected valid YAML: {}", error.msg);
  }
}

Model read_model_yaml(const fs::path& file) {
  const std::string display = file.string();
  return parse_model_yaml(read_expected_file(file, display, "the model.yaml that 'palus model' writes"), display);
}

}  // namespace palus::models
