#include "models/instrumenter.hpp"

#include <clang-c/Index.h>
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <exception>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

#include "core/atomic_file.hpp"
#include "core/clang/callable_id.hpp"
#include "core/clang/clang_util.hpp"
#include "core/clang/parallel.hpp"
#include "core/clang/translation_unit.hpp"
#include "core/clang/type_traits_probe.hpp"
#include "core/error.hpp"
#include "models/probe_table.hpp"

namespace palus::models {
namespace {

namespace fs = std::filesystem;

/// How files are matched between the request, libclang and the include folders: symlinks
/// resolved, so one file has one name.
std::string identity_of(const fs::path& path) { return fs::weakly_canonical(path).string(); }

bool is_within(const fs::path& relative) {
  return !relative.empty() && relative.native().rfind("..", 0) != 0 && !relative.is_absolute();
}

/// A file the copy instruments.
struct ProjectFile {
  fs::path original;  ///< as requested
  fs::path relative;  ///< to root: also its place under out
  std::string identity;
};

/// A probe to insert at `offset` (just past the body's `{`) of a project file.
struct Site {
  std::size_t offset = 0;
  ProbeInfo info;  ///< without file; index assigned when all files are known
  std::string self;
  std::vector<std::string> args;
};

/// What one translation unit contributes.
struct UnitScan {
  std::map<std::size_t, std::vector<Site>> sites;  ///< by project file index
  std::set<std::size_t> seen;                      ///< project files the unit includes (or is)
  std::set<std::string> included;                  ///< identities of every file it includes
};

bool is_identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

bool contains_word(const std::string& text, std::string_view word) {
  for (std::size_t pos = text.find(word); pos != std::string::npos; pos = text.find(word, pos + 1)) {
    const bool starts = pos == 0 || !is_identifier_char(text[pos - 1]);
    const bool ends = pos + word.size() == text.size() || !is_identifier_char(text[pos + word.size()]);
    if (starts && ends) return true;
  }
  return false;
}

/// constexpr and consteval as the compiler sees them (also when a macro spells them): the
/// declaration printed without its body.
bool is_constexpr(CXCursor function) {
  CXPrintingPolicy policy = clang_getCursorPrintingPolicy(function);
  clang_PrintingPolicy_setProperty(policy, CXPrintingPolicy_TerseOutput, 1);
  const std::string printed = clang::take(clang_getCursorPrettyPrinted(function, policy));
  clang_PrintingPolicy_dispose(policy);
  return contains_word(printed, "constexpr") || contains_word(printed, "consteval");
}

CXCursorKind function_kind(CXCursor function) {
  const CXCursorKind kind = clang_getCursorKind(function);
  return kind == CXCursor_FunctionTemplate ? clang_getTemplateCursorKind(function) : kind;
}

/// operator new and delete: the trace runtime allocates, so a probe in a replaced one recurses.
bool is_allocation_function(CXCursor function) {
  const std::string name = clang::spelling_of(function);
  return name.rfind("operator new", 0) == 0 || name.rfind("operator delete", 0) == 0;
}

/// The body of a definition when a probe can go into it: a plain compound statement (not a
/// function-try-block, not a coroutine body, which libclang shows as an unexposed statement).
std::optional<CXCursor> plain_body(CXCursor function) {
  const std::vector<CXCursor> children = clang::children_of(function);
  if (children.empty() || clang_getCursorKind(children.back()) != CXCursor_CompoundStmt) return std::nullopt;
  return children.back();
}

class UnitScanner {
 public:
  UnitScanner(CXCursor root, const std::map<std::string, std::size_t>& files) : root_(root), files_(files) {
    unit_ = clang_Cursor_getTranslationUnit(root);
  }

  UnitScan scan() {
    clang_getInclusions(
        unit_,
        [](CXFile file, CXSourceLocation*, unsigned, CXClientData data) {
          auto* self = static_cast<UnitScanner*>(data);
          self->scan_.included.insert(self->identity(file));
          if (const auto index = self->project_file(file)) self->scan_.seen.insert(*index);
        },
        this);
    visit_scope(root_);
    return std::move(scan_);
  }

 private:
  std::string identity(CXFile file) {
    std::string name = clang::take(clang_File_tryGetRealPathName(file));
    if (name.empty()) name = clang::take(clang_getFileName(file));
    return identity_of(fs::path(name).lexically_normal());
  }

  std::optional<std::size_t> project_file(CXFile file) {
    const auto cached = file_index_.find(file);
    if (cached != file_index_.end()) return cached->second;
    const auto found = files_.find(identity(file));
    const std::optional<std::size_t> index =
        found == files_.end() ? std::nullopt : std::optional<std::size_t>(found->second);
    file_index_.emplace(file, index);
    return index;
  }

  void visit_scope(CXCursor scope) {
    clang::for_each_function(
        scope, [this](CXCursor child, bool) { return in_project_file(child); },
        [this](CXCursor function) { consider(function); });
  }

  /// Declarations elsewhere (the standard library, other libraries) are not looked into.
  bool in_project_file(CXCursor cursor) {
    CXFile file = nullptr;
    clang_getExpansionLocation(clang_getCursorLocation(cursor), &file, nullptr, nullptr, nullptr);
    return file != nullptr && project_file(file).has_value();
  }

  void consider(CXCursor function) {
    if (clang_isCursorDefinition(function) == 0 || is_allocation_function(function)) return;
    if (clang_CXXMethod_isDefaulted(function) != 0 || clang_CXXMethod_isDeleted(function) != 0) return;
    const std::optional<CXCursor> body = plain_body(function);
    if (!body) return;
    const auto at = body_offset(*body);
    if (!at || is_constexpr(function)) return;
    scan_.sites[at->first].push_back(site(function, at->second));
  }

  /// Project file and offset just past the body's `{`, when the `{` is written there and does
  /// not come from a macro.
  std::optional<std::pair<std::size_t, std::size_t>> body_offset(CXCursor body) {
    const CXSourceLocation start = clang_getRangeStart(clang_getCursorExtent(body));
    CXFile expansion_file = nullptr, spelling_file = nullptr;
    unsigned expansion_offset = 0, spelling_offset = 0;
    clang_getExpansionLocation(start, &expansion_file, nullptr, nullptr, &expansion_offset);
    clang_getSpellingLocation(start, &spelling_file, nullptr, nullptr, &spelling_offset);
    if (expansion_file == nullptr || spelling_file == nullptr ||
        clang_File_isEqual(expansion_file, spelling_file) == 0 || expansion_offset != spelling_offset) {
      return std::nullopt;
    }
    const auto index = project_file(expansion_file);
    if (!index) return std::nullopt;
    std::size_t size = 0;
    const char* text = clang_getFileContents(unit_, expansion_file, &size);
    if (text == nullptr || expansion_offset >= size || text[expansion_offset] != '{') return std::nullopt;
    return std::pair{*index, std::size_t{expansion_offset} + 1};
  }

  static Site site(CXCursor function, std::size_t offset) {
    Site s;
    s.offset = offset;
    s.info.id = analysis::callable_id(function);
    s.info.line = clang::location_of(function).line;
    s.self = "this";
    switch (function_kind(function)) {
      case CXCursor_Constructor:
        s.info.role = ProbeRole::constructor;
        break;
      case CXCursor_Destructor:
        s.info.role = ProbeRole::destructor;
        break;
      case CXCursor_CXXMethod:
      case CXCursor_ConversionFunction:
        s.info.role = ProbeRole::method;
        s.info.is_static = clang_CXXMethod_isStatic(function) != 0;
        break;
      default:
        s.info.role = ProbeRole::function;
        break;
    }
    if (s.info.role == ProbeRole::function || s.info.is_static) {
      s.self = "::palus_trace::no_self";
    }
    if (s.info.role != ProbeRole::function) {
      s.info.owner = clang::qualified_name(clang_getCursorSemanticParent(clang_getCanonicalCursor(function)));
    }
    for (CXCursor parm : analysis::parameters_of(function)) {
      const std::string name = clang::spelling_of(parm);
      s.args.push_back(name.empty() || analysis::is_parameter_pack(parm) ? "::palus_trace::unnamed" : name);
    }
    return s;
  }

  CXCursor root_;
  CXTranslationUnit unit_;
  const std::map<std::string, std::size_t>& files_;
  std::map<CXFile, std::optional<std::size_t>> file_index_;  // a cache, looked up only
  UnitScan scan_;
};

const std::vector<std::string>& include_dir_options() {
  static const std::vector<std::string> options{"-iquote", "-isystem", "-idirafter", "-I"};
  return options;
}

/// Calls `on_dir(option, dir, joined)` for each include-folder flag; returns the flags with
/// each such flag replaced by what `on_dir` returns (a list of flags in the same form).
std::vector<std::string> map_include_dirs(
    const std::vector<std::string>& flags,
    const std::function<std::vector<std::string>(const std::string&, const std::string&)>& on_dir) {
  std::vector<std::string> result;
  for (std::size_t i = 0; i < flags.size(); ++i) {
    const std::string& flag = flags[i];
    bool matched = false;
    for (const auto& option : include_dir_options()) {
      if (flag.rfind(option, 0) != 0) continue;
      matched = true;
      if (flag.size() > option.size()) {
        for (const auto& dir : on_dir(option, flag.substr(option.size()))) result.push_back(option + dir);
      } else if (i + 1 < flags.size()) {
        for (const auto& dir : on_dir(option, flags[++i])) result.insert(result.end(), {option, dir});
      } else {
        result.push_back(flag);
      }
      break;
    }
    if (!matched) result.push_back(flag);
  }
  return result;
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UserError(fmt::format("{}: cannot be read", path.string()));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string probe_text(const Site& site, std::size_t index) {
  std::string text = fmt::format(" ::palus_trace::Probe palus_trace_probe_({}u, ::palus_trace::Role::{}, {}", index,
                                 to_string(site.info.role), site.self);
  for (const auto& arg : site.args) text += ", " + arg;
  return text + ");";
}

/// Header files meant to be included in the middle of another file, never on their own.
bool is_fragment(const fs::path& path) {
  static const std::set<std::string> fragments{".inl", ".ipp", ".tpp", ".tcc", ".def", ".inc"};
  return fragments.contains(path.extension().string());
}

class Instrumenter {
 public:
  explicit Instrumenter(const InstrumentRequest& request) : request_(request) {
    root_ = fs::weakly_canonical(fs::absolute(request.root));
    out_ = fs::weakly_canonical(fs::absolute(request.out));
    if (out_ == root_ || is_within(root_.lexically_relative(out_))) {
      throw UserError(fmt::format("{}: cannot hold the instrumented copy of {}, which it contains",
                                  request.out.string(), request.root.string()));
    }
    for (const auto& p : request.sources) add_file(p);
    source_count_ = files_.size();
    for (const auto& p : request.headers) add_file(p);
    parse_flags_ = map_include_dirs(request.flags, [&](const std::string&, const std::string& dir) {
      return std::vector<std::string>{fs::path(dir).is_absolute() ? dir
                                                                  : (request.root / dir).lexically_normal().string()};
    });
  }

  InstrumentResult run() {
    std::vector<UnitScan> units = scan_sources();
    std::vector<const UnitScan*> site_source(files_.size(), nullptr);
    for (std::size_t i = 0; i < source_count_; ++i) site_source[i] = &units[i];
    for (std::size_t h = source_count_; h < files_.size(); ++h) {
      for (std::size_t i = 0; i < source_count_ && site_source[h] == nullptr; ++i) {
        if (units[i].seen.contains(h)) site_source[h] = &units[i];
      }
    }
    std::optional<UnitScan> headers_unit = scan_unreached_headers(site_source);
    for (std::size_t h = source_count_; h < files_.size(); ++h) {
      if (site_source[h] == nullptr && headers_unit) site_source[h] = &*headers_unit;
    }

    InstrumentResult result;
    for (std::size_t f = 0; f < files_.size(); ++f) {
      std::vector<Site> sites;
      if (site_source[f] != nullptr) {
        const auto found = site_source[f]->sites.find(f);
        if (found != site_source[f]->sites.end()) sites = found->second;
      }
      write_instrumented(f, sites, result.probes);
    }
    std::set<std::string> included;
    for (const auto& unit : units) included.insert(unit.included.begin(), unit.included.end());
    if (headers_unit) included.insert(headers_unit->included.begin(), headers_unit->included.end());
    copy_included(included);
    remove_stale();

    for (std::size_t i = 0; i < source_count_; ++i) result.shadow_sources.push_back(out_ / files_[i].relative);
    result.shadow_flags = shadow_flags();
    result.table_hash = probe_table_hash(result.probes);
    return result;
  }

 private:
  void add_file(const fs::path& path) {
    const fs::path absolute = fs::absolute(path).lexically_normal();
    const std::string identity = identity_of(absolute);
    const fs::path relative = fs::path(identity).lexically_relative(root_);
    if (!is_within(relative)) {
      throw UserError(fmt::format("{}: outside the project root {}; palus trace instruments only files under it",
                                  absolute.string(), root_.string()));
    }
    if (is_within(fs::path(identity).lexically_relative(out_))) {
      throw UserError(
          fmt::format("{}: inside the folder of the instrumented copy ({})", absolute.string(), out_.string()));
    }
    if (!fs::is_regular_file(absolute)) throw UserError(fmt::format("{}: no such file", absolute.string()));
    if (!index_by_identity_.emplace(identity, files_.size()).second) return;  // listed twice
    files_.push_back({absolute, relative, identity});
  }

  std::vector<UnitScan> scan_sources() const {
    std::vector<UnitScan> units(source_count_);
    std::vector<std::function<void()>> jobs;
    for (std::size_t i = 0; i < source_count_; ++i) {
      jobs.emplace_back([&, i] {
        analysis::TranslationUnit unit(files_[i].original.string(), parse_flags_);
        units[i] = UnitScanner(unit.root(), index_by_identity_).scan();
      });
    }
    analysis::run_in_parallel(jobs);
    return units;
  }

  /// Headers no source includes are parsed together, as `palus analyze` parses them.
  std::optional<UnitScan> scan_unreached_headers(const std::vector<const UnitScan*>& site_source) const {
    std::vector<std::string> unreached;
    for (std::size_t h = source_count_; h < files_.size(); ++h) {
      if (site_source[h] == nullptr && !is_fragment(files_[h].original))
        unreached.push_back(files_[h].original.string());
    }
    if (unreached.empty()) return std::nullopt;
    const std::string all_headers = (root_ / ".palus-instrument-headers.cpp").string();
    try {
      analysis::TranslationUnit unit(all_headers, parse_flags_, {{all_headers, analysis::include_lines(unreached)}});
      return UnitScanner(unit.root(), index_by_identity_).scan();
    } catch (const UserError&) {
      // A header that is not self-contained (it relies on another being included first, as an
      // umbrella header arranges): parse every project header, in order, around it.
    }
    std::vector<std::string> in_context;
    for (std::size_t h = source_count_; h < files_.size(); ++h)
      if (!is_fragment(files_[h].original)) in_context.push_back(files_[h].original.string());
    analysis::TranslationUnit unit(all_headers, parse_flags_, {{all_headers, analysis::include_lines(in_context)}});
    return UnitScanner(unit.root(), index_by_identity_).scan();
  }

  void write_instrumented(std::size_t f, std::vector<Site> sites, std::vector<ProbeInfo>& probes) {
    const ProjectFile& file = files_[f];
    std::string text = read_text(file.original);
    std::sort(sites.begin(), sites.end(), [](const Site& a, const Site& b) { return a.offset < b.offset; });
    sites.erase(
        std::unique(sites.begin(), sites.end(), [](const Site& a, const Site& b) { return a.offset == b.offset; }),
        sites.end());
    const std::size_t first = probes.size();
    for (Site& site : sites) {
      if (site.offset == 0 || site.offset > text.size() || text[site.offset - 1] != '{') {
        throw UserError(
            fmt::format("{}: changed while palus trace was instrumenting it; run it again", file.original.string()));
      }
      site.info.file = file.relative.generic_string();
      probes.push_back(site.info);
    }
    for (std::size_t i = sites.size(); i-- > 0;) text.insert(sites[i].offset, probe_text(sites[i], first + i));
    write(file.relative, text);
  }

  /// Other files under root that the units include, as they are.
  void copy_included(const std::set<std::string>& included) {
    for (const auto& identity : included) {
      if (index_by_identity_.contains(identity)) continue;
      const fs::path relative = fs::path(identity).lexically_relative(root_);
      if (!is_within(relative) || is_within(fs::path(identity).lexically_relative(out_))) continue;
      if (!fs::is_regular_file(identity)) continue;  // the in-memory file of all headers
      write(relative, read_text(identity));
    }
  }

  void write(const fs::path& relative, const std::string& text) {
    const fs::path target = out_ / relative;
    write_file_if_changed(target, text);
    written_.insert(target.lexically_normal().string());
  }

  void remove_stale() const {
    std::error_code error;
    std::vector<fs::path> stale;
    for (auto it = fs::recursive_directory_iterator(out_, error); !error && it != fs::recursive_directory_iterator();
         it.increment(error)) {
      if (it->is_regular_file() && !written_.contains(it->path().lexically_normal().string()))
        stale.push_back(it->path());
    }
    for (const auto& path : stale) fs::remove(path, error);
  }

  std::vector<std::string> shadow_flags() const {
    return map_include_dirs(request_.flags, [&](const std::string&, const std::string& dir) {
      const fs::path absolute = fs::path(dir).is_absolute() ? fs::path(dir) : request_.root / dir;
      const fs::path canonical = fs::weakly_canonical(absolute);
      if (canonical == root_) return std::vector<std::string>{out_.string(), dir};
      const fs::path relative = canonical.lexically_relative(root_);
      if (!is_within(relative) || canonical == out_ || is_within(canonical.lexically_relative(out_))) {
        return std::vector<std::string>{dir};
      }
      return std::vector<std::string>{(out_ / relative).string(), dir};
    });
  }

  const InstrumentRequest& request_;
  fs::path root_, out_;
  std::vector<ProjectFile> files_;  ///< sources, then headers
  std::size_t source_count_ = 0;
  std::map<std::string, std::size_t> index_by_identity_;
  std::vector<std::string> parse_flags_;
  std::set<std::string> written_;
};

}  // namespace

InstrumentResult instrument(const InstrumentRequest& request) { return Instrumenter(request).run(); }

}  // namespace palus::models
