#include "palus/analysis/analyzer.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <set>
#include <thread>
#include <tuple>

#include "core/clang/clang_util.hpp"
#include "core/clang/parallel.hpp"
#include "core/clang/type_traits_probe.hpp"
#include "core/names.hpp"
#include "palus/analysis/body_visitor.hpp"
#include "palus/analysis/branch_collector.hpp"
#include "palus/analysis/dependence.hpp"
#include "palus/analysis/entity_collector.hpp"
#include "palus/analysis/oracle_collector.hpp"
#include "palus/config/config.hpp"

namespace palus::analysis {
namespace {

using FactsByUsr = std::map<std::string, BodyFacts>;

std::vector<std::string> keys(const std::map<std::string, int>& counts) {
  std::vector<std::string> result;
  for (const auto& [key, count] : counts) result.push_back(key);
  return result;
}

/// The fields a function's own body writes and reads, for Covana's map of it.
void keep_fields(const BodyFacts& own, uncovered::FunctionSpan& span) {
  span.writes = keys(own.writes);
  span.reads = keys(own.reads);
}

/// Records the facts of every function defined in `files`, wherever it is nested.
/// And, when `branches`, the branch conditions of each (DESIGN §13).
void collect_bodies(CXCursor unit, const std::set<std::string>& files, FactsByUsr& facts,
                    uncovered::BranchMap* branches, const LibraryFileTest& in_library) {
  clang::for_each_function(
      unit,
      [&](CXCursor child, bool top_level) { return !top_level || files.contains(clang::location_of(child).file); },
      [&](CXCursor function) {
        if (!clang_isCursorDefinition(function)) return;
        const BodyFacts& own = facts[clang::usr_of(clang_getCanonicalCursor(function))] = collect_body_facts(function);
        if (branches == nullptr) return;
        collect_branches(function, in_library, *branches);
        keep_fields(own, branches->functions.back());
      });
}

/// The branch conditions of the functions defined in the library's own headers that are not among
/// the analysed headers (a source folder's internal headers: their inline bodies are the library's
/// code too). They repeat across the sources that include them; dedupe_branches drops the copies.
void collect_internal_header_branches(CXCursor unit, const std::set<std::string>& skip,
                                      const LibraryFileTest& in_library, uncovered::BranchMap& branches) {
  clang::for_each_function(
      unit,
      [&](CXCursor child, bool top_level) {
        if (!top_level) return true;
        if (clang_Location_isInSystemHeader(clang_getCursorLocation(child)) != 0) return false;
        const std::string file = clang::location_of(child).file;
        return !file.empty() && !skip.contains(file) && in_library(file);
      },
      [&](CXCursor function) {
        if (!clang_isCursorDefinition(function)) return;
        collect_branches(function, in_library, branches);
        keep_fields(collect_body_facts(function), branches.functions.back());
      });
}

/// One copy of each site and function (internal headers are seen once per source).
void dedupe_branches(uncovered::BranchMap& map) {
  const auto site_key = [](const uncovered::BranchSite& s) {
    return std::tie(s.file, s.line, s.condition_end, s.construct, s.function);
  };
  std::stable_sort(map.sites.begin(), map.sites.end(),
                   [&](const auto& a, const auto& b) { return site_key(a) < site_key(b); });
  map.sites.erase(std::unique(map.sites.begin(), map.sites.end(),
                              [&](const auto& a, const auto& b) { return site_key(a) == site_key(b); }),
                  map.sites.end());
  const auto function_key = [](const uncovered::FunctionSpan& f) { return std::tie(f.file, f.line, f.function); };
  std::stable_sort(map.functions.begin(), map.functions.end(),
                   [&](const auto& a, const auto& b) { return function_key(a) < function_key(b); });
  map.functions.erase(std::unique(map.functions.begin(), map.functions.end(),
                                  [&](const auto& a, const auto& b) { return function_key(a) == function_key(b); }),
                      map.functions.end());
}

std::map<std::string, int> renamed(const std::map<std::string, int>& counts, const std::string& from,
                                   const std::string& to) {
  if (from.empty()) return counts;
  std::map<std::string, int> result;
  for (const auto& [field, count] : counts) {
    result[field.rfind(from, 0) == 0 ? to + field.substr(from.size()) : field] += count;
  }
  return result;
}

/// Fills reads, writes and literals of `callable` from its body and merged callees.
MethodDocument apply_facts(api::Callable& callable, const std::string& usr, const FactsByUsr& facts,
                           const ClassScan* scan) {
  BodyFacts merged = merged_facts(usr, facts);
  MethodDocument doc{callable.id, merged.reads, merged.writes};
  if (scan != nullptr) {
    doc.reads = renamed(doc.reads, scan->field_prefix_from, scan->field_prefix_to);
    doc.writes = renamed(doc.writes, scan->field_prefix_from, scan->field_prefix_to);
    if (callable.kind == api::CallableKind::constructor) {
      for (const auto& field : scan->initialized_fields) ++doc.writes[field];
    }
  }
  callable.reads = keys(doc.reads);
  callable.writes = keys(doc.writes);
  callable.literals.assign(merged.literals.begin(), merged.literals.end());
  if (auto own = facts.find(usr); own != facts.end())
    callable.returns_this = own->second.returns > 0 && own->second.returns == own->second.returns_this;
  return doc;
}

api::Callable implicit_constructor(const api::Class& cls, bool copy) {
  api::Callable c;
  c.kind = api::CallableKind::constructor;
  c.owner = cls.name;
  c.name = names::last_component(cls.name);
  c.result = api::TypeRef{"void", "void", api::Passing::value, api::TypeCategory::void_type};
  c.is_implicit = true;
  c.file = cls.file;
  c.line = cls.line;
  c.constructor_kind = copy ? "copy" : "default";
  if (copy) {
    c.params.push_back({"other", api::TypeRef{"const " + cls.name + " &", cls.name, api::Passing::const_ref,
                                              api::TypeCategory::record}});
  }
  c.id = cls.name + "::" + c.name + "(" + (copy ? "const " + cls.name + " &" : "") + ")";
  return c;
}

void finish_class(ClassScan& scan, const api::ClassTraits* traits, const FactsByUsr& facts) {
  api::Class& cls = scan.cls;
  if (traits != nullptr) cls.traits = *traits;
  if (!scan.user_declares_constructor && cls.traits.default_constructible && !cls.is_abstract) {
    cls.constructors.insert(cls.constructors.begin(), implicit_constructor(cls, false));
  }
  if (!scan.user_declares_copy_constructor && cls.traits.copy_constructible && !cls.is_abstract) {
    cls.constructors.push_back(implicit_constructor(cls, true));
  }
  for (auto& ctor : cls.constructors) apply_facts(ctor, scan.usr_by_id[ctor.id], facts, &scan);
  std::vector<MethodDocument> corpus;
  for (auto& method : cls.methods) corpus.push_back(apply_facts(method, scan.usr_by_id[method.id], facts, &scan));
  cls.dependences = compute_dependences(corpus);
}

/// The headers' flags, and where theories headers find <palus/theory.hpp>.
std::vector<std::string> headers_unit_flags(const AnalysisInput& input, std::vector<std::string> flags) {
  if (!input.theories.empty() && !input.oracles_include.empty()) flags.push_back("-I" + input.oracles_include);
  return flags;
}

/// The headers under `root` that `listed` include: an umbrella header's parts.
std::set<std::string> project_headers_included(const TranslationUnit& unit, const std::set<std::string>& listed,
                                               const std::string& root) {
  std::set<std::string> result;
  if (root.empty()) return result;
  const std::string prefix = root.ends_with('/') ? root : root + "/";
  for (auto& file : unit.files_included_through(listed)) {
    if (file.starts_with(prefix)) result.insert(file);
  }
  return result;
}

}  // namespace

AnalysisInput analysis_input(const Config& config, const std::filesystem::path& oracles_include) {
  AnalysisInput input;
  for (const auto& h : config.project.headers) input.headers.push_back(h.string());
  for (const auto& s : config.project.sources) input.sources.push_back(s.string());
  for (const auto& t : config.oracles.theories) input.theories.push_back(t.string());
  input.oracles_include = oracles_include.string();
  input.flags_for = [&config](const std::string& file) { return config.parse_flags_for(file); };
  input.include = config.targets.include;
  input.exclude = config.targets.exclude;
  input.scratch_dir = config.dir.string();
  input.project_root = config.dir.lexically_normal().string();
  return input;
}

api::Api analyze(const AnalysisInput& input, uncovered::BranchMap* branches) {
  const std::string root_prefix =
      input.project_root.empty() || input.project_root.ends_with('/') ? input.project_root : input.project_root + "/";
  const LibraryFileTest in_library = [&](const std::string& file) { return file.starts_with(root_prefix); };
  std::set<std::string> headers(input.headers.begin(), input.headers.end());
  const std::vector<std::string> header_flags =
      input.headers.empty() ? std::vector<std::string>{} : input.flags_for(input.headers.front());
  UnsavedFiles unsaved = input.unsaved;
  const std::string all_headers = input.scratch_dir + "/.palus-analyze-headers.cpp";
  std::vector<std::string> unit_files = input.headers;
  unit_files.insert(unit_files.end(), input.theories.begin(), input.theories.end());
  unsaved[all_headers] = include_lines(unit_files) + kTemplateMenuSource;

  FactsByUsr facts;
  EntityScan scan;
  OracleScan oracles;
  {
    TranslationUnit unit(all_headers, headers_unit_flags(input, header_flags), unsaved);
    headers.merge(project_headers_included(unit, headers, input.project_root));
    scan = collect_entities(unit.root(), headers, TargetFilter(input.include, input.exclude));
    collect_bodies(unit.root(), headers, facts, branches, in_library);
    oracles = collect_oracles(unit.root(), std::set<std::string>(input.theories.begin(), input.theories.end()));
  }
  // Sources and the traits probe are independent parses: spread them over the cores, then
  // merge in a fixed order so the result does not depend on timing.
  std::vector<std::string> class_names;
  for (const auto& c : scan.classes) class_names.push_back(c.cls.name);
  std::vector<FactsByUsr> source_facts(input.sources.size());
  std::vector<uncovered::BranchMap> source_branches(input.sources.size());
  std::map<std::string, api::ClassTraits> traits;
  std::vector<std::function<void()>> jobs;
  jobs.emplace_back([&] {
    traits = probe_traits(class_names, input.headers, header_flags, input.scratch_dir + "/.palus-analyze-probe.cpp",
                          unsaved);
  });
  for (std::size_t i = 0; i < input.sources.size(); ++i) {
    jobs.emplace_back([&, i] {
      const std::string& source = input.sources[i];
      TranslationUnit unit(source, input.flags_for(source), unsaved);
      collect_bodies(unit.root(), {source}, source_facts[i], branches != nullptr ? &source_branches[i] : nullptr,
                     in_library);
      if (branches != nullptr && !input.project_root.empty()) {
        std::set<std::string> skip = headers;
        skip.insert(source);
        collect_internal_header_branches(unit.root(), skip, in_library, source_branches[i]);
      }
    });
  }
  run_in_parallel(jobs);
  for (auto& one : source_facts) facts.merge(one);
  if (branches != nullptr) {
    for (auto& one : source_branches) {
      std::move(one.sites.begin(), one.sites.end(), std::back_inserter(branches->sites));
      std::move(one.functions.begin(), one.functions.end(), std::back_inserter(branches->functions));
    }
    dedupe_branches(*branches);
  }

  api::Api api;
  api.tfidf_formula = kTfidfFormula;
  for (auto& class_scan : scan.classes) {
    auto found = traits.find(class_scan.cls.name);
    finish_class(class_scan, found == traits.end() ? nullptr : &found->second, facts);
    api.classes.push_back(std::move(class_scan.cls));
  }
  for (auto& function : scan.functions) {
    apply_facts(function, scan.function_usr_by_id[function.id], facts, nullptr);
    api.functions.push_back(std::move(function));
  }
  api.enums = std::move(scan.enums);
  api.unsupported = std::move(scan.unsupported);

  std::sort(api.classes.begin(), api.classes.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  std::sort(api.functions.begin(), api.functions.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
  std::sort(api.enums.begin(), api.enums.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  for (auto& cls : api.classes) {
    for (const auto& base : cls.bases) {
      auto it = std::find_if(api.classes.begin(), api.classes.end(), [&](const auto& c) { return c.name == base; });
      if (it != api.classes.end()) it->subclasses.push_back(cls.name);
    }
  }
  api.oracles = std::move(oracles.oracles);
  api.param_values = resolve_param_values(oracles.param_values, api);
  return api;
}

}  // namespace palus::analysis
