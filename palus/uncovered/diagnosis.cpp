#include "palus/uncovered/diagnosis.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <deque>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <span>
#include <tuple>
#include <utility>

#include "core/api_rules.hpp"
#include "core/names.hpp"
#include "core/text.hpp"

namespace palus::uncovered {
namespace {

using Declaration = std::pair<std::string, unsigned>;  // file, line

/// "ns::C::f" of a method, "ns::f" of a function (as PALUS_PARAM_VALUES names them).
std::string callable_name(const api::Callable& c) { return api::written_name(c); }

/// `items` without those `drop` takes, unless it takes them all: writers that take no input make
/// one fixed state, and are left out when others can build the state asked for.
template <typename T, typename Drop>
void erase_unless_all(std::vector<T>& items, const Drop& drop) {
  if (!std::all_of(items.begin(), items.end(), drop)) std::erase_if(items, drop);
}

/// Whether the case labelled at `case_line` of the switch `site` ran: its label's line, or the
/// first line of code below it (a label alone on its line is no code: stacked labels share their
/// arm's line); nullopt when no line of code tells.
std::optional<bool> case_ran(const BranchSite& site, unsigned case_line, const std::map<unsigned, LineCounts>& lines) {
  auto counts = lines.lower_bound(case_line);
  while (counts != lines.end() && !counts->second.code && counts->first <= site.end_line) ++counts;
  if (counts == lines.end() || !counts->second.code || counts->first > site.end_line) return std::nullopt;
  return counts->second.count > 0;
}

/// `type` as written in `function`, qualified by the nearest of the function's scopes for which
/// `known` holds (`Value` in a method of Json::StyledWriter is Json::Value); "" when none does.
template <typename Known>
std::string qualified_in_scope(const std::string& type, const std::string& function, const Known& known) {
  for (std::string_view scope = names::scope_of(function); !scope.empty(); scope = names::scope_of(scope)) {
    std::string qualified = std::string(scope) + "::" + type;
    if (known(qualified)) return qualified;
  }
  return "";
}

/// Whether `e` has an enumerator named `name` (the last component of a qualified one).
bool has_enumerator(const api::Enum& e, std::string_view name) {
  return std::any_of(e.values.begin(), e.values.end(), [&](const auto& value) { return value.first == name; });
}

/// What the api.yaml knows that the diagnosis asks: callables by name and by declaration, and
/// who writes each field; which functions the tests ran.
class Library {
 public:
  Library(const api::Api& api, const BranchMap& map, const LineCoverage& coverage,
          const std::map<std::string, std::string>& uncallable)
      : uncallable_(uncallable) {
    auto add = [&](const api::Callable& c) {
      by_name_[callable_name(c)].push_back(&c);
      for (const auto& p : c.params) taken_types_.insert(p.type.base);
      by_declaration_[{c.file, c.line}] = &c;
      // A const method's writes are to mutable fields (caches, a map's iterators): no way to build a state.
      if (!c.is_const)
        for (const auto& field : c.writes) writers_[field].push_back(&c);
    };
    for (const auto& cls : api.classes) {
      classes_.insert(cls.name);
      for (const auto& field : cls.fields) {
        if (field.access == "public" && !field.is_static) public_fields_.insert(cls.name + "::" + field.name);
      }
      for (const auto& c : cls.constructors) add(c);
      for (const auto& c : cls.methods) add(c);
    }
    for (const auto& f : api.functions) add(f);
    for (const auto& e : api.enums) enums_[e.name] = &e;
    // A class made from characters that hands them back (data, and size or length): a string view.
    for (const auto& cls : api.classes) {
      const auto has = [&](std::string_view name) {
        return std::any_of(cls.methods.begin(), cls.methods.end(), [&](const auto& m) { return m.name == name; });
      };
      const bool from_characters = std::any_of(cls.constructors.begin(), cls.constructors.end(), [](const auto& c) {
        return c.params.size() == 1 && is_standard_text(c.params.front().type);
      });
      if (from_characters && has("data") && (has("size") || has("length"))) string_views_.insert(cls.name);
    }
    std::set<Declaration> reading_text;
    for (const auto& span : map.functions) {
      for (const auto& callee : span.calls) callers_[callee].insert(span.function);
      for (const auto& base : span.overrides) callers_[span.function].insert(base);
      if (span.reads_text) reading_text.insert({span.declared_file, span.declared_line});
      body_reads_[span.function].insert(span.reads.begin(), span.reads.end());
      body_writes_[span.function].insert(span.writes.begin(), span.writes.end());
      body_calls_[span.function].insert(span.calls.begin(), span.calls.end());
      for (const auto& field : span.writes) {
        body_writers_[field].insert(span.function);
        if (span.reads_text) text_fed_.insert(field);
      }
      const bool ran = ran_in(coverage, span.file, span.line, span.end_line);
      auto [it, inserted] = reached_.try_emplace(Declaration{span.declared_file, span.declared_line}, ran);
      if (!inserted) it->second = it->second || ran;
    }
    // The case labels of a switch on a parameter whose line ran: values the function was given.
    for (const auto& site : map.sites) {
      if (site.construct != "switch") continue;
      const auto lines = coverage.find(site.file);
      if (lines == coverage.end()) continue;
      std::vector<std::string> ran;
      for (const auto& [label, line] : site.cases) {
        if (case_ran(site, line, lines->second) == true) ran.emplace_back(names::last_component(label));
      }
      for (const auto& source : site.sources) {
        if (source.kind == Source::Kind::param)
          given_labels_[site.function + "(" + source.name + ")"].insert(ran.begin(), ran.end());
      }
    }
    // A class whose every constructor (but copies, moves and the default one) takes text, itself or
    // by delegating, makes its state from that text: a parser built from a stream. Json::Value,
    // made from a string or from an int alike, is not.
    for (const auto& cls : api.classes) {
      std::size_t making = 0, from_text = 0;
      for (const auto& c : cls.constructors) {
        if (makes_no_state(c)) continue;
        ++making;
        if (reading_text.contains({c.file, c.line})) ++from_text;
      }
      if (making > 0 && from_text == making) text_fed_classes_.insert(cls.name);
    }
    // So is a class internal to the library (not the API's) whose every constructor the library
    // defines takes text: yaml-cpp's Stream over the std::istream its Scanner is given. A class
    // the API has counts by its declarations above, not by the spans its sources define.
    std::map<std::string, bool> internal_from_text;  // class -> each constructor defined takes text
    for (const auto& span : map.functions) {
      const std::string_view cls = names::scope_of(span.function);
      if (cls.empty() || names::last_component(cls) != names::last_component(span.function) ||
          classes_.contains(std::string(cls)))
        continue;
      const auto [it, first] = internal_from_text.try_emplace(std::string(cls), span.reads_text);
      if (!first) it->second = it->second && span.reads_text;
    }
    for (const auto& [cls, from_text] : internal_from_text) {
      if (from_text) text_fed_classes_.insert(cls);
    }
    // Text the library keeps to walk: a field of text type that a function taking text writes (a
    // token reader's formula, a reader's position in its document). The functions that read it,
    // other than those storing it, walk that text; so do the functions that call them.
    for (const auto& cls : api.classes) {
      for (const auto& field : cls.fields) {
        const std::string name = cls.name + "::" + field.name;
        field_types_[name] = field.type.spelling;
        if (is_text_field(field.type) && text_fed_.contains(name)) text_holders_.insert(name);
      }
    }
    std::deque<std::string> walking;
    for (const auto& span : map.functions) {
      // It moves through the text: it reads it and updates state it reads (a position, flags),
      // unlike a getter of a setting kept as text (the characters a name may hold), or a
      // constructor or copy that takes the text over.
      const auto reads = [&](const std::string& f) {
        return std::binary_search(span.reads.begin(), span.reads.end(), f);
      };
      const bool walks =
          !span.reads_text && !is_copy_or_constructor(span.function) && !is_const_or_swap(span.function) &&
          std::any_of(span.reads.begin(), span.reads.end(), [&](const auto& f) { return text_holders_.contains(f); }) &&
          std::any_of(span.writes.begin(), span.writes.end(),
                      [&](const auto& f) { return !text_holders_.contains(f) && reads(f); });
      if (walks && walkers_.insert(span.function).second) {
        walking.push_back(span.function);
        for (const auto& f : span.reads)
          if (text_holders_.contains(f)) ++holder_readers_[f];
      }
    }
    while (!walking.empty()) {
      const std::string current = walking.front();
      walking.pop_front();
      if (const auto callers = callers_.find(current); callers != callers_.end())
        for (const auto& caller : callers->second)
          if (walkers_.insert(caller).second) walking.push_back(caller);
    }
  }

  static bool ran_in(const LineCoverage& coverage, const std::string& file, unsigned first, unsigned last) {
    const auto lines = coverage.find(file);
    if (lines == coverage.end()) return false;
    for (auto it = lines->second.lower_bound(first); it != lines->second.end() && it->first <= last; ++it) {
      if (it->second.count > 0) return true;
    }
    return false;
  }

  /// Unknown (no body seen, or implicit): counted as reached, so that no problem is claimed.
  bool reached(const api::Callable& c) const {
    const auto found = reached_.find({c.file, c.line});
    return found == reached_.end() || found->second;
  }

  const api::Callable* declared_at(const std::string& file, unsigned line) const {
    const auto found = by_declaration_.find({file, line});
    return found == by_declaration_.end() ? nullptr : found->second;
  }

  /// The fields `method` reads; with `body`, those its own body reads when the API does not say
  /// (a private method called on an object, not one that fills a local: readToken(token)).
  std::vector<std::string> fields_read_by(const std::string& method, bool body) const {
    std::set<std::string> fields;
    if (const auto found = by_name_.find(method); found != by_name_.end()) {
      for (const auto* c : found->second) fields.insert(c->reads.begin(), c->reads.end());
    }
    // A private method (decisionLevel()): the fields its own body reads.
    if (const auto own = body_reads_.find(method); body && fields.empty() && own != body_reads_.end())
      fields.insert(own->second.begin(), own->second.end());
    return {fields.begin(), fields.end()};
  }

  std::vector<const api::Callable*> writers(const std::string& field) const {
    const auto found = writers_.find(field);
    return found == writers_.end() ? std::vector<const api::Callable*>{} : found->second;
  }

  bool is_class(const std::string& type) const { return classes_.contains(type); }

  /// Whether `function` was given `value` (an enumerator's name) for `param`: a case of a switch on
  /// it with that label ran. Stacked labels share an arm, and count as given together.
  bool was_given(const std::string& function, const std::string& param, std::string_view value) const {
    const auto given = given_labels_.find(function + "(" + param + ")");
    return given != given_labels_.end() && given->second.contains(std::string(value));
  }

  /// The API's callables named `name` (its overloads).
  std::vector<const api::Callable*> callables_named(const std::string& name) const { return overloads(name, nullptr); }

  /// The enum of the API that `type`, as written in `function`, names; null when none does.
  const api::Enum* enum_named(const std::string& type, const std::string& function) const {
    const auto known = [&](const std::string& name) { return enums_.contains(name); };
    const std::string name = known(type) ? type : qualified_in_scope(type, function, known);
    return name.empty() ? nullptr : enums_.at(name);
  }

  /// Whether `field` is a standard container, by its spelling (a list of a writer's children).
  bool is_container_field(const std::string& field) const {
    const auto found = field_types_.find(field);
    if (found == field_types_.end()) return false;
    static const std::array<std::string_view, 10> containers{
        "std::vector<",   "std::deque<",    "std::list<",          "std::map<",           "std::set<",
        "std::multimap<", "std::multiset<", "std::unordered_map<", "std::unordered_set<", "std::stack<"};
    return std::any_of(containers.begin(), containers.end(),
                       [&](std::string_view c) { return found->second.starts_with(c); });
  }

  /// The class of the API that `type`, as written in `function`, names (`Value` in a method of
  /// Json::StyledWriter is Json::Value); `type` itself when none does.
  std::string class_named(const std::string& type, const std::string& function) const {
    const std::string qualified =
        qualified_in_scope(type, function, [&](const std::string& name) { return classes_.contains(name); });
    return qualified.empty() ? type : qualified;
  }

  /// Whether `field` ("ns::Class::field_") is a public data member of a class of the API.
  bool is_public_field(const std::string& field) const { return public_fields_.contains(field); }

  /// The names of `callables`, those whose own body writes `field` first (the others write it
  /// through what they call).
  std::vector<std::string> writer_names(const std::vector<const api::Callable*>& callables,
                                        const std::string& field) const {
    const auto direct = body_writers_.find(field);
    std::set<std::string> first, then;
    for (const auto* c : callables) {
      const std::string name = callable_name(*c);
      (direct != body_writers_.end() && direct->second.contains(name) ? first : then).insert(name);
    }
    std::vector<std::string> names(first.begin(), first.end());
    names.insert(names.end(), then.begin(), then.end());
    return names;
  }

  /// Whether a function that takes text to read writes `field` (a lexer's position, a parser's
  /// tokens): its state is made from that text.
  bool text_fed(const std::string& field) const { return text_fed_.contains(field); }

  /// Whether `cls` makes its state only from text (text_fed_classes_).
  bool made_from_text(const std::string& cls) const { return text_fed_classes_.contains(cls); }

  /// The class made only from text that `type`, as written in `function`, names; "" when none.
  std::string text_fed_class(const std::string& type, const std::string& function) const {
    const auto known = [&](const std::string& name) { return made_from_text(name); };
    return known(type) ? type : qualified_in_scope(type, function, known);
  }

  /// The public callable that hands a class made only from text its text: the first of the API's
  /// callables reaching its constructors that takes text, and that parameter.
  std::pair<const api::Callable*, const api::Param*> text_reader_of(const std::string& cls) const {
    std::vector<std::string> constructors;
    const std::string constructor = cls + "::" + std::string(names::last_component(cls));
    if (callers_.contains(constructor) || by_name_.contains(constructor)) constructors.push_back(constructor);
    const auto entries = public_callers_of(constructors, 8, [&](const std::string& f) { return by_name_.contains(f); });
    return text_input(entries);
  }

  /// Whether `function` or a function it calls moves through text (writes a text-fed field: a
  /// reader's position): what it fills in is then made from that text (readToken(token)), not
  /// from the state its own body reads (analyze(learnt)).
  bool walks_text(const std::string& function) const {
    std::set<std::string> functions{function};
    if (const auto calls = body_calls_.find(function); calls != body_calls_.end())
      functions.insert(calls->second.begin(), calls->second.end());
    return std::any_of(text_fed_.begin(), text_fed_.end(), [&](const std::string& field) {
      const auto writers = body_writers_.find(field);
      return writers != body_writers_.end() && std::any_of(functions.begin(), functions.end(),
                                                           [&](const auto& f) { return writers->second.contains(f); });
    });
  }

  /// The API's callable nearest to `starts` (themselves, or a caller of theirs, at any distance)
  /// that reads text as its first parameter and that the harness can call.
  std::pair<const api::Callable*, const api::Param*> nearest_text_reader(const std::vector<std::string>& starts) const {
    std::set<std::string> seen(starts.begin(), starts.end());
    std::deque<std::string> queue(starts.begin(), starts.end());
    while (!queue.empty() && seen.size() < 5000) {
      const std::string current = queue.front();
      queue.pop_front();
      if (const auto found = text_input({current}); found.first != nullptr) return found;
      const auto callers = callers_.find(current);
      if (callers == callers_.end()) continue;
      for (const auto& caller : callers->second) {
        if (seen.insert(caller).second) queue.push_back(caller);
      }
    }
    return {nullptr, nullptr};
  }

  /// Whether a callable of the API has a parameter of `type` (its base: "ns::Kind").
  bool takes_type(const std::string& type) const { return taken_types_.contains(type); }

  /// Why the harness cannot call `c`; empty when it can.
  std::string uncallable(const api::Callable& c) const {
    const auto found = uncallable_.find(c.id);
    return found == uncallable_.end() ? std::string() : found->second;
  }

  /// Text a callable reads: a string, a string view (the standard's, or a class of the library
  /// that is one: re2::StringPiece), characters through a pointer, a stream.
  bool is_text(const api::TypeRef& type) const {
    if (string_views_.contains(type.base))
      return type.passing == api::Passing::value || type.passing == api::Passing::const_ref;
    return is_standard_text(type);
  }

  static bool is_standard_text(const api::TypeRef& type) {
    static const std::set<std::string> texts{"std::string",      "std::basic_string",
                                             "std::string_view", "std::basic_string_view",
                                             "std::istream",     "std::basic_istream"};
    // Read, not written: a const pointer to characters (pugi::char_t too), a string by value or const.
    const bool characters = type.base.ends_with("char") || type.base.ends_with("char_t");
    if (characters) return type.passing == api::Passing::const_pointer;
    const bool stream =
        type.base == "std::istream" || type.base == "std::basic_istream" || type.category == api::TypeCategory::istream;
    const bool string = texts.contains(type.base) || type.category == api::TypeCategory::string ||  // Json::String
                        type.category == api::TypeCategory::istream;
    return string && (stream || type.passing == api::Passing::value || type.passing == api::Passing::const_ref);
  }

  /// The text a callable reads as its main input: its first parameter (a query, a document, SQL),
  /// not an option beside other inputs (save's indent after its writer).
  const api::Param* text_param(const api::Callable& c) const {
    return !c.params.empty() && is_text(c.params.front().type) ? &c.params.front() : nullptr;
  }

  /// Whether `c` takes nothing but what it gives back: no parameter, or only references and
  /// pointers to fill in (Eval(int& stack_size)); a stream or text it reads is input.
  static bool takes_no_input(const api::Callable& c) {
    return std::all_of(c.params.begin(), c.params.end(), [](const api::Param& p) {
      const bool text = p.type.category == api::TypeCategory::istream || p.type.category == api::TypeCategory::string ||
                        p.type.category == api::TypeCategory::cstring;
      return !text && (p.type.passing == api::Passing::ref || p.type.passing == api::Passing::pointer);
    });
  }

  /// A constructor or assignment that copies, moves or default-makes its object: no input of its own.
  static bool makes_no_state(const api::Callable& c) {
    const bool initial =
        c.kind == api::CallableKind::constructor &&
        (c.constructor_kind == "default" || c.constructor_kind == "copy" || c.constructor_kind == "move");
    return initial || c.name == "operator=" || c.name == "swap";
  }

  /// Whether every callable named in `names` reads text (with `any_overload`, one overload of each).
  /// `self`: the API's callable the branch is in, which stands alone for its name.
  bool all_read_text(const std::vector<std::string>& names, bool any_overload,
                     const api::Callable* self = nullptr) const {
    return std::all_of(names.begin(), names.end(), [&](const std::string& name) {
      // Copies, moves and default constructors pass a state on: they neither count for nor against.
      std::vector<const api::Callable*> found;
      for (const auto* c : overloads(name, self)) {
        if (!makes_no_state(*c)) found.push_back(c);
      }
      if (found.empty()) return false;
      // A method of a class whose state text makes (a parser built from a stream) works on that text.
      const auto reads = [&](const api::Callable* c) {
        return text_param(*c) != nullptr || text_fed_classes_.contains(c->owner);
      };
      return any_overload ? std::any_of(found.begin(), found.end(), reads)
                          : std::all_of(found.begin(), found.end(), reads);
    });
  }

  /// The first of the callables named `names` that reads text, and that parameter (`self`: as for
  /// all_read_text).
  std::pair<const api::Callable*, const api::Param*> text_input(const std::vector<std::string>& names,
                                                                const api::Callable* self = nullptr) const {
    for (const auto& name : names) {
      for (const auto* c : overloads(name, self)) {
        const api::Param* p = text_param(*c);
        if (p != nullptr && !uncallable_.contains(c->id)) return {c, p};
      }
    }
    return {nullptr, nullptr};
  }

  /// The functions whose own bodies write `field`.
  std::vector<std::string> body_writers(const std::string& field) const {
    const auto writers = body_writers_.find(field);
    return writers == body_writers_.end() ? std::vector<std::string>{}
                                          : std::vector<std::string>(writers->second.begin(), writers->second.end());
  }

  /// The public callables that set `field`: those of the API among the functions whose bodies write
  /// it, and the API's callables that reach the others.
  std::vector<std::string> public_setters(const std::string& field, std::size_t limit = 4) const {
    return public_callers_of(body_writers(field), limit, [&](const std::string& f) { return by_name_.contains(f); });
  }

  /// The public callables of `cls` that reach a function writing `field` (a held object's state
  /// that the holder's calls build), nearest first; not its default constructor, which makes the
  /// initial state only, nor a const method (it writes copies: Solver::conflict()).
  std::vector<std::string> setters_in(const std::string& field, const std::string& cls, std::size_t limit = 4) const {
    return public_callers_of(body_writers(field), limit, [&](const std::string& f) {
      const auto callables = by_name_.find(f);
      return names::scope_of(f) == cls && callables != by_name_.end() &&
             std::any_of(callables->second.begin(), callables->second.end(),
                         [](const api::Callable* c) { return !makes_no_state(*c) && !c->is_const; });
    });
  }

  /// The API's callables whose bodies reach `function` through the library's calls, nearest first.
  std::vector<std::string> public_callers(const std::string& function, std::size_t limit = 4) const {
    return public_callers_of({function}, limit, [&](const std::string& f) { return by_name_.contains(f); });
  }

  /// public_callers, and public_setters, as calls to give inputs (see with_inputs).
  std::vector<std::string> inputs_reaching(const std::string& function, std::size_t limit = 4) const {
    return with_inputs(public_callers(function, limit));
  }
  std::vector<std::string> inputs_setting(const std::string& field, std::size_t limit = 4) const {
    return setters_with_inputs(public_setters(field, limit));
  }

  /// Setters `names` as calls to give inputs: one that takes no input and changes its own object
  /// (reset(), clear()) makes one fixed state and is left out when others take input; a const one
  /// builds another object from its own state (newCharReader()) and is shown with what feeds it.
  std::vector<std::string> setters_with_inputs(const std::vector<std::string>& names) const {
    const auto resets = [&](const std::string& name) {
      const auto found = by_name_.find(name);
      return found != by_name_.end() && std::all_of(found->second.begin(), found->second.end(), [](const auto* c) {
               return takes_no_input(*c) && !c->is_const && c->kind == api::CallableKind::method;
             });
    };
    std::vector<std::string> kept = names;
    erase_unless_all(kept, resets);
    return with_inputs(kept);
  }

  /// `names`, each method that can be called without input (an overload takes none: Eval(),
  /// Eval(int& size), newCharReader()) shown with what gives it its input: the callables of its
  /// class that take some and write a field it reads (SetExpr(expr), operator[](key)), as "SetExpr
  /// then Eval"; its overloads that take input after them.
  std::vector<std::string> with_inputs(const std::vector<std::string>& names) const {
    std::vector<std::string> shown;
    std::set<std::string> listed;
    const auto add = [&](const std::string& name, const std::string& then) {
      if (listed.insert(name + " " + then).second)
        shown.push_back(then.empty() ? name : fmt::format("{} then {}", name, then));
    };
    for (const auto& name : names) {
      const auto found = by_name_.find(name);
      if (found == by_name_.end()) {
        add(name, "");
        continue;
      }
      // A constructor or a static method has no object state to be fed: it stands as it is.
      const auto input_less = [](const api::Callable* c) {
        return takes_no_input(*c) && c->kind == api::CallableKind::method;
      };
      const auto feeding = std::any_of(found->second.begin(), found->second.end(), input_less)
                               ? feeders(found->second)
                               : std::vector<std::string>{};
      // An overload of its own that takes input and sets what it reads (solve(assumptions)) is
      // an entry in itself.
      for (const auto& feeder : feeding) add(feeder, feeder == name ? "" : name);
      if (feeding.empty() || !std::all_of(found->second.begin(), found->second.end(), input_less)) add(name, "");
    }
    return shown;
  }

  /// Whether `function` runs only while the library walks text it keeps: it walks it, or every
  /// call of it comes from such a function (a bytecode's AddOp, called by the parser's compile
  /// steps); copies do not count as calls.
  /// A getter of a setting: its body writes nothing, and a field it reads is set by a call of the
  /// API outside any walk of text, with input (EmitterState::GetBoolFormat, behind
  /// Emitter::SetBoolFormat): what it gives is that setting's, whatever runs it.
  bool reads_a_setting(const std::string& function) const {
    const auto writes = body_writes_.find(function);
    const auto reads = body_reads_.find(function);
    if (writes == body_writes_.end() || !writes->second.empty() || reads == body_reads_.end()) return false;
    for (const auto& field : reads->second) {
      for (const auto& writer : body_writers(field)) {
        if (walk_driven(writer) || makes_initial_state(writer)) continue;
        const auto entries = public_callers(writer, 4);
        if (std::any_of(entries.begin(), entries.end(), [&](const std::string& e) { return !walk_driven(e); }))
          return true;
      }
    }
    return false;
  }

  bool walk_driven(const std::string& function) const {
    if (const auto cached = walk_driven_cache_.find(function); cached != walk_driven_cache_.end())
      return cached->second;
    std::map<std::string, bool> known;
    const bool driven = walk_driven(function, known);
    if (known.size() <= kWalkSearchCap) walk_driven_cache_.emplace(function, driven);
    return driven;
  }

  /// Whether every call of `function` comes from a walk-driven function (and one does): it runs
  /// inside a walk, given what the walk made, whether or not it walks itself.
  bool called_only_from_walks(const std::string& function) const {
    const auto callers = callers_.find(function);
    if (callers == callers_.end()) return false;
    bool any = false;
    for (const auto& caller : callers->second) {
      if (caller == function || is_copy(caller)) continue;
      if (!walk_driven(caller)) return false;
      any = true;
    }
    return any;
  }

  /// Whether the state of `field` is built while the library walks text: every function whose
  /// body writes it, but those that make an initial or fixed state (constructors, copies, a
  /// reset without input), is walk-driven, and one is (a token reader's syntax flags, a parser's
  /// bytecode). What decides it is the text, not the calls made.
  bool built_by_walk(const std::string& field) const {
    bool walked = false;
    for (const auto& writer : body_writers(field)) {
      if (walk_driven(writer)) {
        walked = true;
      } else if (!makes_initial_state(writer)) {
        return false;
      }
    }
    return walked;
  }

  /// The public callable of `cls` that gives the library the text it walks, and that parameter:
  /// of the text holders the most walkers read first, the first one `cls`'s callables set from
  /// text of their own (SetExpr(expr) for a parser, SetFormula(formula) for its token reader).
  std::pair<const api::Callable*, const api::Param*> walked_text_reader(const std::string& cls) const {
    if (cls.empty() || holder_readers_.empty()) return {nullptr, nullptr};
    if (const auto cached = reader_cache_.find(cls); cached != reader_cache_.end()) return cached->second;
    return reader_cache_[cls] = find_walked_text_reader(cls);
  }

 private:
  std::pair<const api::Callable*, const api::Param*> find_walked_text_reader(const std::string& cls) const {
    std::vector<std::pair<int, std::string>> holders;
    for (const auto& [holder, readers] : holder_readers_) holders.push_back({-readers, holder});
    std::sort(holders.begin(), holders.end());
    for (const auto& [readers, holder] : holders) {
      const auto found = text_input(setters_in(holder, cls, 8));
      if (found.first != nullptr) return found;
    }
    return {nullptr, nullptr};
  }

 public:
  /// The class whose walk of the text builds `field` (or, with `result`, runs the function
  /// `field`): that of the nearest walker among its writers and their callers (a parser's compile
  /// step for its bytecode); "" when none is found.
  std::string walk_class(const std::string& field, bool result) const {
    std::vector<std::string> starts = result ? std::vector<std::string>{field} : body_writers(field);
    std::set<std::string> seen(starts.begin(), starts.end());
    std::deque<std::string> queue(starts.begin(), starts.end());
    while (!queue.empty() && seen.size() < 5000) {
      const std::string current = queue.front();
      queue.pop_front();
      if (walkers_.contains(current)) return std::string(names::scope_of(current));
      if (const auto callers = callers_.find(current); callers != callers_.end())
        for (const auto& caller : callers->second)
          if (seen.insert(caller).second) queue.push_back(caller);
    }
    return "";
  }

  /// Whether `function` walks the text the library keeps with its own body.
  bool walks_kept_text(const std::string& function) const {
    return walkers_.contains(function) && holder_reads(function);
  }

 private:
  const std::map<std::string, std::string>& uncallable_;

  /// A field's type is known by its spelling only: a string (std::string, a library's alias of it
  /// such as string_type or String), or characters through a pointer; not a container of strings.
  static bool is_text_field(const api::TypeRef& type) {
    std::string spelling = type.spelling;
    if (spelling.starts_with("const ")) spelling.erase(0, 6);
    if (spelling.starts_with("std::basic_string<") || spelling.starts_with("std::basic_string_view<")) return true;
    if (spelling.find('<') != std::string::npos) return false;
    const std::string lower = text::lowered(spelling);
    return lower.ends_with("string") || lower.ends_with("string_type") || lower.ends_with("string_view") ||
           lower.ends_with("char *") || lower.ends_with("char_t *") || lower.ends_with("char_type *");
  }

  bool holder_reads(const std::string& function) const {
    const auto reads = body_reads_.find(function);
    return reads != body_reads_.end() && std::any_of(reads->second.begin(), reads->second.end(),
                                                     [&](const auto& f) { return text_holders_.contains(f); });
  }

  /// A function only copies call (a copy's Assign), a constructor, a copy, or a method of the API
  /// that takes no input (clear(), ReInit()): an initial, copied or fixed state.
  bool makes_initial_state(const std::string& function) const {
    if (function.ends_with("::Assign") || function.ends_with("::operator=")) return true;  // copies a state
    const auto callers = callers_.find(function);
    if (callers != callers_.end() && !callers->second.empty() &&
        std::all_of(callers->second.begin(), callers->second.end(), [&](const auto& c) { return is_copy(c); }))
      return true;
    if (const auto found = by_name_.find(function); found != by_name_.end())
      return std::all_of(found->second.begin(), found->second.end(), [](const api::Callable* c) {
        return makes_no_state(*c) || (takes_no_input(*c) && !c->is_const);
      });
    return is_copy_or_constructor(function);  // of a class outside the API
  }

  /// A constructor, an assignment or an Assign helper, by name.
  static bool is_copy_or_constructor(const std::string& function) {
    const std::string_view scope = names::scope_of(function);
    std::string_view name = std::string_view(function).substr(scope.empty() ? 0 : scope.size() + 2);
    name = name.substr(0, name.find('<'));  // ParserToken<TBase, TString>
    return name == "operator=" || name == "Assign" ||
           (!name.empty() && (scope == name || scope.ends_with("::" + std::string(name))));
  }

  /// A const method of the API (a getter filling a mutable cache), a swap, or a destructor: none
  /// moves through text.
  bool is_const_or_swap(const std::string& function) const {
    if (function.ends_with("::swap") || function.find("::~") != std::string::npos) return true;
    const auto found = by_name_.find(function);
    return found != by_name_.end() &&
           std::all_of(found->second.begin(), found->second.end(), [](const api::Callable* c) { return c->is_const; });
  }

  /// A copy or move constructor or assignment, or a swap, by name (not a default constructor: it
  /// runs with no text at all).
  bool is_copy(const std::string& function) const {
    if (function.ends_with("::operator=") || function.ends_with("::swap")) return true;
    const auto found = by_name_.find(function);
    return found != by_name_.end() &&
           std::all_of(found->second.begin(), found->second.end(), [](const api::Callable* c) {
             return c->constructor_kind == "copy" || c->constructor_kind == "move";
           });
  }

  bool walk_driven(const std::string& function, std::map<std::string, bool>& known) const {
    if (walkers_.contains(function)) return true;
    if (const auto found = known.find(function); found != known.end()) return found->second;
    known[function] = false;  // on a cycle, not shown to be
    if (known.size() > kWalkSearchCap) return false;
    const auto callers = callers_.find(function);
    if (callers == callers_.end()) return false;
    bool any = false;
    for (const auto& caller : callers->second) {
      if (caller == function || is_copy(caller)) continue;
      if (!walk_driven(caller, known)) return false;
      any = true;
    }
    return known[function] = any;
  }

  /// The callables of the class of `input_less` that take input and write fields they read; three
  /// at most, those that take nothing but text first (the text to work on: SetExpr(expr),
  /// parse(document)), then those reading text, then those writing more of those fields.
  std::vector<std::string> feeders(const std::vector<const api::Callable*>& input_less) const {
    const std::string owner = input_less.front()->owner;
    if (owner.empty()) return {};
    std::map<std::string, std::tuple<bool, bool, int>> found;  // name -> only text, text, fields it writes
    std::set<std::pair<std::string, std::string>> counted;
    for (const auto* c : input_less) {
      for (const auto& field : c->reads) {
        for (const auto* writer : writers(field)) {
          if (writer->owner != owner || takes_no_input(*writer) || makes_no_state(*writer) ||
              uncallable_.contains(writer->id))
            continue;
          auto& [only_text, text, fields] = found[callable_name(*writer)];
          text = text || text_param(*writer) != nullptr;
          only_text = only_text || (writer->params.size() == 1 && text_param(*writer) != nullptr);
          if (counted.insert({callable_name(*writer), field}).second) ++fields;
        }
      }
    }
    std::vector<std::pair<std::tuple<bool, bool, int>, std::string>> ranked;
    for (const auto& [name, rank] : found) ranked.push_back({rank, name});
    std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<std::string> names;
    for (std::size_t i = 0; i < ranked.size() && i < 3; ++i) names.push_back(ranked[i].second);
    return names;
  }

  /// The callables named `name`; only `self` when it has that name: a branch in getInt(int) is not
  /// decided by the text getInt(const std::string&) reads, though that overload calls it.
  std::vector<const api::Callable*> overloads(const std::string& name, const api::Callable* self) const {
    if (self != nullptr && callable_name(*self) == name) return {self};
    const auto found = by_name_.find(name);
    return found == by_name_.end() ? std::vector<const api::Callable*>{} : found->second;
  }

  /// The callables among `starts` that `accept` takes, then those that reach the others, nearest
  /// first; the search goes on only through callables it does not take.
  template <typename Accept>
  std::vector<std::string> public_callers_of(const std::vector<std::string>& starts, std::size_t limit,
                                             const Accept& accept) const {
    std::vector<std::string> found;
    std::set<std::string> seen(starts.begin(), starts.end());
    std::deque<std::string> queue;
    for (const auto& start : starts) {
      if (!accept(start)) {
        queue.push_back(start);
      } else if (found.size() < limit) {
        found.push_back(start);
      }
    }
    while (!queue.empty() && found.size() < limit && seen.size() < 5000) {
      const std::string current = queue.front();
      queue.pop_front();
      const auto callers = callers_.find(current);
      if (callers == callers_.end()) continue;
      for (const auto& caller : callers->second) {
        if (!seen.insert(caller).second) continue;
        if (accept(caller)) {
          if (found.size() < limit) found.push_back(caller);
        } else {
          queue.push_back(caller);
        }
      }
    }
    return found;
  }

  std::map<std::string, std::set<std::string>> callers_;
  std::map<std::string, std::set<std::string>> body_writers_, body_reads_, body_writes_, body_calls_;
  std::set<std::string> text_fed_, text_fed_classes_;
  static constexpr std::size_t kWalkSearchCap = 2000;
  std::map<std::string, std::string> field_types_;  ///< field -> its type as spelled
  std::set<std::string> text_holders_, walkers_;    ///< see the constructor
  mutable std::map<std::string, bool> walk_driven_cache_;
  mutable std::map<std::string, std::pair<const api::Callable*, const api::Param*>> reader_cache_;
  std::map<std::string, int> holder_readers_;  ///< text holder -> functions walking it directly
  std::map<std::string, std::vector<const api::Callable*>> by_name_;
  std::map<std::string, const api::Enum*> enums_;
  std::map<std::string, std::set<std::string>> given_labels_;  ///< "function(param)" -> labels: was_given
  std::map<Declaration, const api::Callable*> by_declaration_;
  std::map<std::string, std::vector<const api::Callable*>> writers_;
  std::map<Declaration, bool> reached_;
  std::set<std::string> classes_, public_fields_;
  std::set<std::string> string_views_;  ///< classes of the library that are string views
  std::set<std::string> taken_types_;   ///< the base types of the API's parameters
};

/// "const std::string &" -> "std::string".
std::string bare_type(std::string type) {
  if (type.starts_with("const ")) type = type.substr(6);
  while (!type.empty() && (type.back() == '&' || type.back() == ' ' || type.back() == '*')) type.pop_back();
  return type;
}

enum class ValueKind { text, character, number, boolean, name };

ValueKind kind_of_constant(const std::string& c) {
  // By the first quote: '"' is a character, "it's" a string (prefixes such as u8 or L come before it).
  const std::size_t quote = c.find_first_of("\"'");
  if (quote != std::string::npos) return c[quote] == '"' ? ValueKind::text : ValueKind::character;
  if (c == "true" || c == "false") return ValueKind::boolean;
  const std::size_t digit = c.starts_with('-') ? 1 : 0;
  if (digit < c.size() && (std::isdigit(static_cast<unsigned char>(c[digit])) != 0 || c[digit] == '.'))
    return ValueKind::number;
  return ValueKind::name;
}

/// Whether the condition compares with characters.
bool compares_characters(const std::vector<std::string>& constants) {
  return std::any_of(constants.begin(), constants.end(),
                     [](const std::string& c) { return kind_of_constant(c) == ValueKind::character; });
}

/// Whether the condition compares with characters or strings.
bool compares_text(const std::vector<std::string>& constants) {
  return std::any_of(constants.begin(), constants.end(), [](const std::string& c) {
    const ValueKind kind = kind_of_constant(c);
    return kind == ValueKind::text || kind == ValueKind::character;
  });
}

/// Whether a parameter of `type` can take a constant written in a condition: not a standard
/// library container or other template (a std::stack of tokens takes no token code).
bool takes_constants(const std::string& type) {
  const std::string bare = bare_type(type);
  if (bare.find('<') != std::string::npos) return bare.starts_with("std::basic_string");
  if (bare.starts_with("std::"))  // std::string, std::string_view, std::size_t, std::int64_t
    return bare.find("string") != std::string::npos || bare.ends_with("_t");
  return true;
}

/// Whether a constant of `kind` can be a value of a parameter of `type`.
bool fits(ValueKind kind, const std::string& type) {
  if (!takes_constants(type)) return false;  // std::vector<int> takes no 3
  const std::string bare = bare_type(type);
  const bool text = bare.find("string") != std::string::npos || type.find("char *") != std::string::npos ||
                    type.find("char*") != std::string::npos;
  if (text) return kind == ValueKind::text;
  if (bare == "bool") return kind == ValueKind::boolean;
  if (bare.ends_with("char")) return kind == ValueKind::character;
  static const std::vector<std::string> numeric{"char",    "short",    "int",      "long",     "unsigned", "size_t",
                                                "float",   "double",   "int8_t",   "int16_t",  "int32_t",  "int64_t",
                                                "uint8_t", "uint16_t", "uint32_t", "uint64_t", "ptrdiff_t"};
  const bool number = std::any_of(numeric.begin(), numeric.end(),
                                  [&](const std::string& n) { return bare.find(n) != std::string::npos; });
  if (number) return kind == ValueKind::number || kind == ValueKind::character;
  return kind == ValueKind::name;  // an enum, or a type of the library's
}

/// An integer constant and the integers beside it, spelled the same way (a boundary has two sides:
/// `firstByte < 0xF0` is true only below it); any other constant alone.
std::vector<std::string> beside(const std::string& c) {
  if (kind_of_constant(c) != ValueKind::number) return {c};
  const bool hex = c.starts_with("0x") || c.starts_with("0X");
  long long number = 0;
  const char* first = c.data() + (hex ? 2 : 0);
  const auto [end, error] = std::from_chars(first, c.data() + c.size(), number, hex ? 16 : 10);
  if (error != std::errc() || end != c.data() + c.size()) return {c};
  const auto spelled = [&](long long n) { return hex ? fmt::format("0x{:X}", n) : std::to_string(n); };
  return {spelled(number - 1), c, spelled(number + 1)};
}

/// The constants, each with the integers beside it.
std::vector<std::string> with_neighbours(const std::vector<std::string>& constants) {
  std::vector<std::string> values;
  for (const auto& c : constants) {
    for (auto& v : beside(c)) {
      if (std::find(values.begin(), values.end(), v) == values.end()) values.push_back(std::move(v));
    }
  }
  return values;
}

/// The condition's constants a parameter of `type` can take, and the integers beside each (a
/// boundary has two sides).
/// `type_enum`: the enum `type` names, when the API has it.
std::vector<std::string> suggested_values(const std::vector<std::string>& constants, const std::string& type,
                                          const api::Enum* type_enum = nullptr) {
  std::vector<std::string> fitting;
  // A name that is no value of the parameter's enum is some other operand's (`f(GroupType::Map,
  // value)` compares value, an EMITTER_MANIP, with none of it).
  const auto of_the_type = [&](const std::string& c) {
    return type_enum == nullptr || kind_of_constant(c) != ValueKind::name ||
           has_enumerator(*type_enum, names::last_component(c));
  };
  std::copy_if(constants.begin(), constants.end(), std::back_inserter(fitting),
               [&](const std::string& c) { return fits(kind_of_constant(c), type) && of_the_type(c); });
  std::vector<std::string> values = with_neighbours(fitting);
  if (values.size() > 8) values.resize(8);
  return values;
}

/// Whether `condition` (spaces left out) tests whether the pointer `name` is null: `p`, `!p`,
/// `p==0`, `nullptr!=p`.
bool is_null_check(const std::string& condition, const std::string& name) {
  static const std::string null = "(0|nullptr|NULL)";
  const std::string p = "\\(?" + name + "\\)?";
  const std::regex check("!?" + p + "|" + p + "[!=]=" + null + "|" + null + "[!=]=" + p);
  return std::regex_match(condition, check);
}

/// Whether `condition` (spaces left out) compares the pointer `name` itself, right beside a
/// comparison, and never reads what it points at (`*p`, `p[i]`, `p->x`): `state<=SpecialStateMax`.
/// One passed to a call (`strcmp(s,"x")==0`) or reached through a local (`lead = data[0]`) is not.
bool compares_pointer_itself(const std::string& condition, const std::string& name) {
  const std::string before = "(^|[^A-Za-z0-9_.>*&])", after = "($|[^A-Za-z0-9_(\\[.-])";
  const std::string comparison = "(==|!=|<=|>=|<|>)";
  const std::regex compared(before + name + comparison + "|" + comparison + name + after);
  const std::regex through("(^|[^A-Za-z0-9_])(\\*\\(*" + name + "($|[^A-Za-z0-9_])|" + name + "(\\[|->))");
  return std::regex_search(condition, compared) && !std::regex_search(condition, through);
}

/// The first `limit` of `parts`, then how many more there are.
std::string joined(const std::vector<std::string>& parts, std::string_view separator, std::size_t limit = 4) {
  const std::size_t shown = std::min(limit, parts.size());
  std::string text = text::join(std::span(parts).first(shown), separator);
  if (parts.size() > limit) text += fmt::format("{}and {} more", separator, parts.size() - limit);
  return text;
}

/// " (the condition compares with C1, C2, ...)", or nothing without constants. `always_equal`
/// (FrontierBranch::always_equal): it always found them, and other values are what is missing.
std::string compared_with(const std::vector<std::string>& constants, bool always_equal = false) {
  if (constants.empty()) return "";
  return fmt::format(" (the condition compares with {}{})", joined(constants, ", ", 8),
                     always_equal ? " and always found it: a value other than that is what is missing" : "");
}

std::vector<std::string> names_of(const std::vector<const api::Callable*>& callables) {
  std::set<std::string> names;
  for (const auto* c : callables) names.insert(callable_name(*c));
  return {names.begin(), names.end()};
}

struct Merged {
  std::set<Source> sources;
  std::vector<std::string> constants;      ///< a switch's: the labels of the cases never run, first
  std::vector<std::string> missing_cases;  ///< a switch's cases whose line never ran
  std::vector<std::string> ran_cases;      ///< and those whose line ran
  bool default_missing = false;            ///< a switch's default arm never ran, or it has none
  bool has_default = false;                ///< a switch's: it has a default arm
  const BranchSite* site = nullptr;        ///< the outermost construct on the line
  /// Of a chain of && and ||, the operand that went one way only: what blocks (sources and
  /// constants are its own then).
  const Operand* part = nullptr;
  /// Operands after `part` in the chain that never ran (`&& allowNumericKeys_` after a key that was
  /// never a number): they must hold too once `part` goes the other way.
  std::vector<const Operand*> never_ran;
};

/// Where the library gives each enumerator as a value (FunctionSpan::makes), and whether a test
/// ran there.
class MadeValues {
 public:
  struct Place {
    const FunctionSpan* span = nullptr;
    unsigned line = 0;
    bool ran = true;           ///< its line ran, or nothing is known of it
    bool function_ran = true;  ///< its function ran, or nothing is known of it
  };

  MadeValues(const BranchMap& map, const LineCoverage& coverage) {
    for (const auto& span : map.functions) {
      const auto lines = coverage.find(span.file);
      // A file the coverage does not hold (a header gcov skipped): nothing is known of it.
      const bool known = lines != coverage.end();
      const bool function_ran = !known || Library::ran_in(coverage, span.file, span.line, span.end_line);
      for (const auto& [value, line] : span.makes) {
        bool ran = function_ran;
        if (known && function_ran) {
          const auto counts = lines->second.find(line);
          // A line gcov holds no code for (a constructor's initialiser) ran when its function did.
          if (counts != lines->second.end() && counts->second.code) ran = counts->second.count > 0;
        }
        by_name_[std::string(names::last_component(value))].push_back({{&span, line, ran, function_ran}, value});
      }
    }
  }

  /// The places giving the value a case label of `function` names ("tokenNaN", "Kind::a",
  /// "ns::Kind::a"). When enumerators of several enums bear that name, those of the enum the
  /// function's class holds, if one; else none (no verdict).
  std::pair<std::string, std::vector<Place>> of(std::string label, const std::string& function) const {
    if (label.starts_with("::")) label.erase(0, 2);
    const auto found = by_name_.find(std::string(names::last_component(label)));
    if (found == by_name_.end()) return {};
    std::map<std::string, std::vector<Place>> by_enum;
    for (const auto& named : found->second) {
      if (named.value == label || named.value.ends_with("::" + label))
        by_enum[std::string(names::scope_of(named.value))].push_back(named.place);
    }
    if (by_enum.size() > 1) {
      std::erase_if(by_enum, [&](const auto& e) {
        const std::string holder(names::scope_of(e.first));
        return holder.empty() || !function.starts_with(holder + "::");
      });
    }
    if (by_enum.size() != 1) return {};
    return *by_enum.begin();
  }

 private:
  struct Named {
    Place place;
    std::string value;
  };
  std::map<std::string, std::vector<Named>> by_name_;
};

class Classifier {
 public:
  explicit Classifier(const Library& library) : library_(library) {}

  /// Operands after the blocking one that never ran and read an object's state (a reader's
  /// setting): the state they ask for is one more step, said after the first.
  void add_never_run(const Merged& merged, FrontierBranch& branch) const {
    for (const Operand* operand : merged.never_ran) {
      const bool state = std::any_of(operand->sources.begin(), operand->sources.end(), [](const Source& s) {
        return s.kind == Source::Kind::this_field || s.kind == Source::Kind::param_field;
      });
      if (!state) continue;
      Merged alone = merged;
      alone.part = operand;
      alone.never_ran.clear();
      alone.sources = std::set<Source>(operand->sources.begin(), operand->sources.end());
      alone.constants = operand->constants;
      FrontierBranch step = branch;
      step.condition = operand->text;
      classify(alone, step);
      if (step.category != "object-creation") continue;
      branch.cause += fmt::format("; `{}` must hold too, and never ran", operand->text);
      branch.suggestion += fmt::format("; and {}", step.suggestion);
    }
  }

  void classify(const Merged& merged, FrontierBranch& branch) const {
    std::vector<const Source*> external, params, objects, globals;
    for (const auto& s : merged.sources) {
      switch (s.kind) {
        case Source::Kind::external_call:
          external.push_back(&s);
          break;
        case Source::Kind::param:
          (library_.is_class(library_.class_named(bare_type(s.type), branch.function)) ? objects : params)
              .push_back(&s);
          break;
        case Source::Kind::global:
          globals.push_back(&s);
          break;
        default:
          objects.push_back(&s);
          break;
      }
    }
    // A condition macros make is shown as its lines are written, keyword and all.
    std::string where = branch.condition.starts_with(branch.construct + " ")
                            ? fmt::format("`{}` in {}", branch.condition, branch.function)
                            : fmt::format("`{} ({})` in {}", branch.construct, branch.condition, branch.function);
    if (merged.part != nullptr) {
      where += fmt::format(" (of its operands, `{}` always went the same way)", merged.part->text);
      branch.condition = merged.part->text;  // what the suggestion asks to go the other way
    }
    if (!external.empty()) {
      branch.category = "external-call";
      branch.subject = external.front()->name;
      branch.cause = fmt::format("{} depends on what {} returns, a call outside the library", where, branch.subject);
      branch.suggestion = fmt::format(
          "give the tests the environment in which {} succeeds and fails (the file, stream or variable it reads), or "
          "put it behind an interface the tests can replace",
          branch.subject);
      return;
    }
    // A reader internal to the library made only from text (yaml-cpp's Stream over an istream),
    // given as a parameter and asked something by a method of its own: what that text made it
    // decides, through the public call that hands the text over, not a state the calls build.
    // (A class of the API made from text is its callers' concern: all_read_text.)
    for (const Source& s : merged.sources) {
      if (s.kind != Source::Kind::param) continue;
      const std::string cls = library_.text_fed_class(bare_type(s.type), branch.function);
      if (cls.empty() || library_.is_class(cls)) continue;
      const bool asked = std::any_of(merged.sources.begin(), merged.sources.end(), [&](const Source& m) {
        return m.kind == Source::Kind::library_call && m.via == s.name && names::scope_of(m.name) == cls;
      });
      if (!asked) continue;
      if (const auto [reader, text] = library_.text_reader_of(cls); reader != nullptr) {
        from_text(*reader, *text, merged.constants,
                  where + fmt::format(" depends on its parameter {}, a {} made from text", s.name, cls), branch);
        return;
      }
    }
    // A parameter when the condition compares it with values it can take, or nothing else is there.
    const auto takes = std::find_if(params.begin(), params.end(), [&](const Source* p) {
      return !suggested_values(merged.constants, p->type, library_.enum_named(bare_type(p->type), branch.function))
                  .empty();
    });
    if (takes != params.end() || (!params.empty() && objects.empty())) {
      input_value(merged, takes != params.end() ? **takes : *params.front(), where, branch);
      return;
    }
    if (!objects.empty()) {
      // An internal function's parameter object comes from its callers: when they all read text,
      // from that text.
      const bool internal = library_.declared_at(merged.site->declared_file, merged.site->declared_line) == nullptr;
      const bool from_parameter = std::any_of(objects.begin(), objects.end(), [](const Source* s) {
        return s->kind == Source::Kind::param || s->kind == Source::Kind::param_field ||
               (s->kind == Source::Kind::library_call && !s->via.empty() && s->via != "this" &&
                !s->via.starts_with(Source::kThisPrefix));
      });
      if (internal && from_parameter) {
        const auto entries = library_.public_callers(branch.function, 8);
        const auto [reader, text] = library_.text_input(entries);
        if (reader != nullptr && library_.all_read_text(entries, false)) {
          from_text(*reader, *text, merged.constants, where + " depends on the objects it is given", branch);
          return;
        }
      }
      object_state(objects, params, merged.constants, {merged.site->declared_file, merged.site->declared_line}, where,
                   branch);
      return;
    }
    branch.category = "other";
    if (!globals.empty()) {
      branch.subject = globals.front()->name;
      branch.cause = fmt::format("{} depends on the global {}", where, branch.subject);
      // A static member the API sets (a debug switch behind EnableDebugDump): that call.
      std::vector<const api::Callable*> writers = library_.writers(branch.subject);
      std::erase_if(writers, [&](const api::Callable* c) {
        return Library::makes_no_state(*c) || !library_.uncallable(*c).empty();
      });
      const auto setters = names_of(writers);
      branch.suggestion =
          setters.empty()
              ? fmt::format("set {} before the call in a test fixture, or make it a parameter", branch.subject)
              : fmt::format("call {} before the call (it sets {}), in the sample program or a test fixture",
                            joined(setters, " or "), branch.subject);
    } else if (const auto [reader, text] =
                   library_.walks_kept_text(branch.function)
                       ? library_.walked_text_reader(std::string(names::scope_of(branch.function)))
                       : std::pair<const api::Callable*, const api::Param*>{};
               reader != nullptr) {
      // Values computed inside a function that walks the text the library keeps (the operator
      // matched at the reader's position): that text.
      from_text(*reader, *text, merged.constants,
                where + " depends on values computed from the text " + branch.function + " walks", branch);
    } else {
      branch.subject = branch.function;
      branch.cause = fmt::format("{} depends only on values computed inside {}", where, branch.function);
      branch.suggestion = "read the function: the condition may be always true or false for the inputs it can get";
    }
  }

  /// A switch's cases never run whose values the library gives only in code no test ran (a token
  /// kind set under a reader's setting, a callback kind set by the constructor taking that kind of
  /// callback): what keeps that code from running blocks the branch, not the values the
  /// condition reads.
  void made_only_where_never_run(const Merged& merged, const MadeValues& made, const LineCoverage& coverage,
                                 const std::map<std::string, std::vector<const BranchSite*>>& sites_by_file,
                                 FrontierBranch& branch) const {
    std::vector<std::string> labels;
    std::vector<MadeValues::Place> places;
    for (const auto& label : merged.missing_cases) {
      const auto [type, at] = made.of(label, branch.function);
      // A value of a type some callable of the API takes can come from a test as well.
      if (at.empty() || library_.takes_type(type) ||
          std::any_of(at.begin(), at.end(), [](const auto& p) { return p.ran; }))
        continue;
      labels.push_back(label);
      places.insert(places.end(), at.begin(), at.end());
    }
    if (places.empty()) return;
    const std::string where = fmt::format("`{} ({})` in {} waits for {}", branch.construct, merged.site->condition,
                                          branch.function, joined(labels, ", "));
    const std::string before = branch.suggestion;
    // In a function that ran: the condition around the place that kept the tests out, when it
    // reads state (one reading the text or a parameter leaves the condition's own input to blame).
    for (const auto& place : places) {
      if (!place.function_ran) continue;
      const BranchSite* guard = guard_of(place, sites_by_file, coverage);
      if (guard == nullptr) continue;
      Merged alone;
      alone.site = guard;
      alone.sources = std::set<Source>(guard->sources.begin(), guard->sources.end());
      alone.constants = guard->constants;
      FrontierBranch step = branch;
      step.construct = guard->construct;
      step.function = guard->function;
      step.condition = guard->condition;
      step.group.clear();
      classify(alone, step);
      if (step.category == "input-value" || step.category == "other") continue;
      branch.category = step.category;
      branch.subject = step.subject;
      branch.group = step.group;
      branch.cause = fmt::format("{}, which the library gives only where no test went: {}:{}, under {}", where,
                                 std::filesystem::path(place.span->file).filename().string(), place.line, step.cause);
      branch.suggestion = fmt::format("{}; then {}", step.suggestion, before);
      return;
    }
    // Only in functions no test ran, one of them a callable of the API: that call. (An internal
    // function is reached through its callers' conditions, the text's most often: no verdict.)
    if (std::any_of(places.begin(), places.end(), [](const auto& p) { return p.function_ran; })) return;
    const auto first = std::find_if(places.begin(), places.end(), [&](const auto& p) {
      return library_.declared_at(p.span->declared_file, p.span->declared_line) != nullptr;
    });
    if (first == places.end()) return;
    const api::Callable& callable = *library_.declared_at(first->span->declared_file, first->span->declared_line);
    std::set<std::string> functions;
    for (const auto& p : places) functions.insert(p.span->function);
    branch.category = "unreached-callable";
    branch.group.clear();
    branch.subject = callable_name(callable);
    const std::string uncallable = library_.uncallable(callable);
    branch.cause =
        fmt::format("{}, which the library gives only in {}{}, which no test ran{}", where, branch.subject,
                    functions.size() > 1 ? fmt::format(" (and {} more functions)", functions.size() - 1) : "",
                    uncallable.empty() ? "" : fmt::format(" (palus cannot call it: {})", uncallable));
    branch.suggestion =
        fmt::format("call {} in the sample program (directly, or through the calls of the API that reach it); then {}",
                    branch.subject, before);
  }

 private:
  /// The condition around `place` in its function that kept the tests out, when it reads state (an
  /// object's field, a global): the innermost one reading state, inside the innermost one whose
  /// line ran (that one let no test through to `place`; any inside it never ran).
  static const BranchSite* guard_of(const MadeValues::Place& place,
                                    const std::map<std::string, std::vector<const BranchSite*>>& sites_by_file,
                                    const LineCoverage& coverage) {
    const auto sites = sites_by_file.find(place.span->file);
    const auto lines = coverage.find(place.span->file);
    if (sites == sites_by_file.end() || lines == coverage.end()) return nullptr;
    std::vector<const BranchSite*> around;  // outermost first
    for (const BranchSite* site : sites->second) {
      if (site->function == place.span->function && site->condition_end < place.line && place.line <= site->end_line)
        around.push_back(site);
    }
    std::sort(around.begin(), around.end(), [](const auto* a, const auto* b) { return a->line < b->line; });
    std::size_t from = 0;
    for (std::size_t k = 0; k < around.size(); ++k) {
      const auto counts = lines->second.find(around[k]->line);
      if (counts != lines->second.end() && counts->second.count > 0) from = k;
    }
    for (std::size_t k = around.size(); k-- > from;) {
      const bool state = std::any_of(around[k]->sources.begin(), around[k]->sources.end(), [](const Source& s) {
        return s.kind == Source::Kind::this_field || s.kind == Source::Kind::param_field ||
               s.kind == Source::Kind::global;
      });
      if (state) return around[k];
    }
    return nullptr;
  }

  void input_value(const Merged& merged, const Source& param, const std::string& where, FrontierBranch& branch) const {
    branch.category = "input-value";
    const api::Callable* callable = library_.declared_at(merged.site->declared_file, merged.site->declared_line);
    if (callable != nullptr && !library_.uncallable(*callable).empty()) {
      // No value helps a callable the tests cannot call at all.
      branch.category = "unreached-callable";
      branch.subject = callable_name(*callable);
      branch.cause = fmt::format("{} depends on the parameter {} of {}, which palus cannot call ({})", where,
                                 param.name, branch.subject, library_.uncallable(*callable));
      branch.suggestion = fmt::format(
          "call {} in the sample program or in a theory (palus replays what they do), with values for which `{}` "
          "takes the other way",
          branch.subject, branch.condition);
      return;
    }
    // A function that runs only inside a walk of the text the library keeps (the parser's compile
    // steps, its constant folding) is given what the walk made of that text: the text decides.
    // A callable of the API keeps its parameter: the harness calls it directly.
    if (callable == nullptr && library_.called_only_from_walks(branch.function)) {
      const auto [reader, text] = walked_text_input(branch, branch.function, true);
      if (reader != nullptr) {
        from_text(*reader, *text, merged.constants, where + fmt::format(" depends on its parameter {}", param.name),
                  branch);
        return;
      }
    }
    branch.subject =
        fmt::format("{}({})", callable != nullptr ? callable_name(*callable) : branch.function, param.name);
    const std::vector<std::string> values =
        suggested_values(merged.constants, param.type, library_.enum_named(bare_type(param.type), branch.function));
    branch.cause =
        fmt::format("{} depends on the parameter {} ({}), and no test gave it a value that takes the other way", where,
                    param.name, param.type);
    const std::string listed =
        values.empty() ? "<values that make the condition true and false>" : joined(values, ", ", 8);
    if (param.type.find('*') != std::string::npos && is_null_check(branch.condition, param.name)) {
      // The pointer itself, not what it points at: a null one.
      const auto entries = callable != nullptr ? std::vector<std::string>{callable_name(*callable)}
                                               : library_.inputs_reaching(branch.function);
      branch.suggestion = fmt::format(
          "call {} with a null {} in the sample program (palus passes null only where a sample shows it is accepted)",
          entries.empty() ? "the public callables that reach " + branch.function : joined(entries, " or "), param.name);
    } else if (param.type.find('*') != std::string::npos && compares_pointer_itself(branch.condition, param.name)) {
      // The pointer itself compared (`state <= SpecialStateMax`): which object the library hands
      // over decides, not a value to give.
      const auto entries = callable != nullptr ? std::vector<std::string>{callable_name(*callable)}
                                               : library_.inputs_reaching(branch.function);
      branch.suggestion = fmt::format(
          "`{}` compares the pointer {} itself, not what it points at: give {} inputs for which it takes the other "
          "way (extend the sample program)",
          branch.condition, param.name,
          entries.empty() ? "the public callables that reach " + branch.function : joined(entries, ", "));
    } else if (param.type.find('*') != std::string::npos) {
      // A pointer into text or an array: the values the condition compares are what it points at.
      // The callable's own pointer is what to give; an internal function's comes from its callers.
      const auto entries = callable != nullptr ? std::vector<std::string>{callable_name(*callable)}
                                               : library_.inputs_reaching(branch.function);
      branch.suggestion = fmt::format(
          "{} points into text or an array: give {} inputs that hold {} where `{}` reads them (extend the sample "
          "program, or add string values with PALUS_PARAM_VALUES)",
          param.name, entries.empty() ? "the public callables that reach " + branch.function : joined(entries, ", "),
          merged.constants.empty() ? "the values the condition asks for"
          : branch.always_equal    ? "something other than " + joined(merged.constants, " or ", 8)
                                   : joined(with_neighbours(merged.constants), ", ", 8),
          branch.condition);
    } else if (callable != nullptr) {
      branch.suggestion = fmt::format("add to a theories header: PALUS_PARAM_VALUES({}, {}, {})",
                                      callable_name(*callable), param.name, listed);
    } else {
      // The calls that reach it decide whether its input is text they read; what the user can
      // give inputs to are those calls, or what feeds them (see with_inputs).
      const auto callers = library_.public_callers(branch.function);
      const auto entries = library_.with_inputs(callers);
      const auto [reader, text] = library_.text_input(callers);
      // The parameter is the text those callables read, or characters of it, when it is text
      // itself, the condition compares it with characters or words, or they all read text.
      const bool textual = param.type.find("string") != std::string::npos ||
                           param.type.find("istream") != std::string::npos ||
                           (param.type.find("char") != std::string::npos && param.type.find('*') != std::string::npos);
      if (reader != nullptr && (textual || compares_text(merged.constants) || library_.all_read_text(callers, false))) {
        from_text(*reader, *text, merged.constants, where + fmt::format(" depends on its parameter {}", param.name),
                  branch);
        return;
      }
      if (!takes_constants(param.type) || bare_type(param.type) == "bool") {
        // A container made inside the library, or a flag its callers pass (both values of a bool
        // are tried anyway): what the public calls are given decides it.
        branch.suggestion = fmt::format(
            "{} is internal and its callers decide {}: give the public calls that reach it{} inputs "
            "for which `{}` takes the other way{}: extend the sample program, or add PALUS_PARAM_VALUES",
            branch.function, param.name, entries.empty() ? "" : " (" + joined(entries, ", ") + ")", branch.condition,
            compared_with(merged.constants, branch.always_equal));
        return;
      }
      branch.suggestion = fmt::format(
          "{} is internal: add to a theories header PALUS_TYPE_VALUES({}, {}), so the public callables that reach it{} "
          "pass such values",
          branch.function, bare_type(param.type), listed, entries.empty() ? "" : " (" + joined(entries, ", ") + ")");
    }
  }

  /// The branch is decided by what the library made of the text `reader` reads: an input value
  /// of that public callable.
  void from_text(const api::Callable& reader, const api::Param& text, const std::vector<std::string>& constants,
                 const std::string& what, FrontierBranch& branch) const {
    branch.category = "input-value";
    branch.subject = fmt::format("{}({})", callable_name(reader), text.name);
    branch.group = branch.subject + " in " + branch.function;
    branch.cause = fmt::format(
        "{}, which the library computes from the text {} reads in {}; no test gave text for which "
        "it takes the other way",
        what, branch.subject, branch.function);
    std::vector<std::string> strings;
    for (const auto& c : constants) {
      if (kind_of_constant(c) == ValueKind::text) strings.push_back(c);
    }
    branch.suggestion = fmt::format(
        "add to a theories header PALUS_PARAM_VALUES({}, {}, ...) with text for which `{}` takes the other way{} (or "
        "extend the sample program with such a call)",
        callable_name(reader), text.name, branch.condition, compared_with(constants, branch.always_equal));
  }

  /// `params`: parameters the condition compares with that state (a name looked up in a table).
  void object_state(const std::vector<const Source*>& objects, const std::vector<const Source*>& params,
                    const std::vector<std::string>& constants, const std::pair<std::string, unsigned>& declared,
                    const std::string& where, FrontierBranch& branch) const {
    // The fields the condition reads (through a method's reads when it calls one), this object's first.
    std::vector<std::pair<std::string, std::string>> fields;  // field, how it is reached
    std::map<std::string, std::string> held;                  // a field of an object this one holds -> how it is held
    bool scratched = false;                                   // a method's own scratch field was left out
    std::vector<std::string> scratch_calls;                   // methods that read only their own scratch
    for (const auto* s : objects) {
      const bool in_held = s->via.starts_with(Source::kThisPrefix);  // `this->m_vRPN`
      const auto add_held = [&](const std::string& f) {
        if (in_held) held.emplace(f, s->via.substr(Source::kThisPrefix.size()));
      };
      if (s->kind == Source::Kind::this_field || s->kind == Source::Kind::param_field) {
        fields.emplace_back(s->name, s->kind == Source::Kind::param_field ? "of the parameter " + s->via
                                     : s->via.empty()                     ? ""
                                                                          : "of the object " + s->via + " holds");
        add_held(s->name);
      } else if (s->kind == Source::Kind::library_call) {
        auto read = library_.fields_read_by(s->name, !s->via.empty() || !library_.walks_text(s->name));
        // A container the method fills itself before it reads it (a writer's scratch list of an
        // array's children) holds what it computed from its arguments: those decide. (Without
        // data flow, a container it writes; a position or counter it updates is state.)
        const std::size_t before = read.size();
        std::erase_if(read, [&](const std::string& f) {
          const auto own = library_.body_writers(f);
          return library_.is_container_field(f) && std::find(own.begin(), own.end(), s->name) != own.end();
        });
        scratched = scratched || read.size() < before;
        for (const auto& f : read) {
          fields.emplace_back(
              f, fmt::format("read by {}{}", s->name, s->via == "this" || s->via.empty() ? "" : " on " + s->via));
          add_held(f);
        }
        // A method the API does not list (internal, or reading no field): its object's state. One
        // that reads only what it filled itself gives what its arguments make.
        if (read.empty() && read.size() == before) fields.emplace_back(s->name, kResultOf);
        if (read.empty() && read.size() < before) scratch_calls.push_back(s->name);
      } else {
        fields.emplace_back(library_.class_named(bare_type(s->type), branch.function), "the parameter " + s->name);
      }
    }
    // With nothing else to go on, what those methods give.
    if (fields.empty())
      for (const auto& call : scratch_calls) fields.emplace_back(call, kResultOf);
    if (fields.empty()) fields.emplace_back(branch.function, kResultOf);
    // A field the condition names itself before one it reaches through a local computed under
    // another condition (`features_.rejectDupKeys_ && isMember(name)`, name read under
    // `allowNumericKeys_`).
    std::stable_partition(fields.begin(), fields.end(), [&](const auto& f) {
      return f.second != kResultOf && names::names_type(branch.condition, f.first);
    });
    // A field whose every writer went uncalled is the sharper finding: report it first.
    // Copies, moves and default constructors pass a state on but make none: they do not count. A
    // writer palus cannot call still counts when its body ran (the library called it).
    for (const auto& [field, how] : fields) {
      std::vector<const api::Callable*> writers;
      for (const auto* c : library_.writers(field)) {
        if (!Library::makes_no_state(*c)) writers.push_back(c);
      }
      if (writers.empty()) continue;
      const bool any_reached =
          std::any_of(writers.begin(), writers.end(), [&](const auto* c) { return library_.reached(*c); });
      if (any_reached) continue;
      branch.category = "unreached-callable";
      branch.subject = field;
      std::string why;
      for (const auto* c : writers) {
        if (const std::string reason = library_.uncallable(*c); !reason.empty() && why.empty())
          why = fmt::format(" (palus cannot call {}: {})", callable_name(*c), reason);
      }
      branch.cause = fmt::format("{} depends on {}{}, written only by {}, which no test called{}", where, field,
                                 how.empty() ? "" : " (" + how + ")", joined(names_of(writers), ", "), why);
      branch.suggestion = fmt::format(
          "call {} in the sample program (or find why palus could not: `palus run --verbose` lists the callables "
          "it skipped)",
          joined(names_of(writers), " or "));
      return;
    }
    // What a call walking the text gives (the next token a reader reads): that text decides.
    for (const auto* s : objects) {
      if (s->kind != Source::Kind::library_call || !library_.walk_driven(s->name) || library_.reads_a_setting(s->name))
        continue;
      const auto [reader, text] = walked_text_input(branch, s->name, true);
      if (reader == nullptr) continue;
      from_text(*reader, *text, constants, fmt::format("{} depends on what {} gives", where, s->name), branch);
      return;
    }
    // The field of a class of the API first: that is what a call sequence can build.
    const auto parameter = std::find_if(fields.begin(), fields.end(), [&](const auto& f) {
      return f.second.starts_with("the parameter ") && library_.is_class(f.first);
    });
    // Unless a field the condition reads itself decides too (`cs_ == All || isMultilineArray(v)`).
    const bool direct_field = std::any_of(objects.begin(), objects.end(), [](const Source* s) {
      return s->kind == Source::Kind::this_field || s->kind == Source::Kind::param_field;
    });
    const bool from_argument = scratched && parameter != fields.end() && !direct_field;
    auto chosen = from_argument ? parameter : std::find_if(fields.begin(), fields.end(), [&](const auto& f) {
      return library_.is_class(owner_of(f.first));
    });
    // Then a field the condition reads itself (an internal writer's comment style), before an
    // object parameter of a class of the API.
    if (chosen == fields.end())
      chosen = std::find_if(fields.begin(), fields.end(), [&](const auto& f) {
        return f.second != kResultOf && !f.second.starts_with("read by ") && !f.second.starts_with("the parameter ");
      });
    if (chosen == fields.end())
      chosen = std::find_if(fields.begin(), fields.end(), [&](const auto& f) { return library_.is_class(f.first); });
    if (chosen == fields.end()) chosen = fields.begin();
    // A field only constructors set (an iterator's copy of its container's count) is fixed once its
    // object exists: a field that calls change later (the container's count) is the one to work on.
    const auto changes_later = [&](const std::string& f) {
      const auto writers = library_.writers(f);
      return std::any_of(writers.begin(), writers.end(), [&](const api::Callable* c) {
        return c->kind != api::CallableKind::constructor && !Library::makes_no_state(*c) &&
               callable_name(*c) != branch.function;
      });
    };
    if (!from_argument && chosen->second != kResultOf && !changes_later(chosen->first)) {
      const auto later = std::find_if(fields.begin(), fields.end(), [&](const auto& f) {
        return f.second != kResultOf && library_.is_class(owner_of(f.first)) && changes_later(f.first);
      });
      if (later != fields.end()) {
        chosen = later;
      } else if (parameter != fields.end() && library_.is_class(owner_of(chosen->first))) {
        // A setting of the API's object fixed when it was made (a writer's right margin) decides
        // less than the object it is given: that object's state is what to build.
        chosen = parameter;
      }
    }
    const auto& [field, how] = *chosen;
    std::vector<std::string> others;  // "the state of F", or "what M gives" for a method
    // Only the chosen field's class and the branch's own: a method's reads merge those of what it
    // calls, down to the error it may throw (a ParserError's message is no state to build here).
    const std::string scope = std::string(names::scope_of(branch.function));
    for (const auto& f : fields) {
      if (const std::string of = owner_of(f.first); f.second != kResultOf && of != owner_of(field) && of != scope)
        continue;
      const std::string other = f.second == kResultOf ? "what " + f.first + " gives" : "the state of " + f.first;
      if (f.first != field && std::find(others.begin(), others.end(), other) == others.end()) others.push_back(other);
    }
    std::vector<std::string> param_names;
    for (const auto* p : params) param_names.push_back(p->name);
    if (!param_names.empty()) others.insert(others.begin(), "the parameter " + joined(param_names, " and "));
    // The parameters are the branch's callable's: to be named only when that is the call to make.
    const std::string passing = param_names.empty() || library_.declared_at(declared.first, declared.second) == nullptr
                                    ? ""
                                    : ", passing " + joined(param_names, " and ") + " to match that state";
    const auto writers = library_.writers(field);
    branch.category = "object-creation";
    branch.subject = field;
    const std::string values = compared_with(constants, branch.always_equal);
    const std::string owner = library_.is_class(field) ? field : owner_of(field);
    const std::string depends = fmt::format("{} depends on {} {}", where, how == kResultOf ? "what" : "the state of",
                                            field + (how == kResultOf ? " gives" : ""));
    // State built while the library walks text it keeps (a token reader's flags, a parser's
    // bytecode), or what a function that runs only then gives: the text decides, not the calls.
    if (how == kResultOf ? library_.walk_driven(field) : library_.built_by_walk(field)) {
      const auto [reader, text] = walked_text_input(branch, field, how == kResultOf);
      if (reader != nullptr) {
        from_text(*reader, *text, constants, depends, branch);
        return;
      }
    }
    // Internal state, or what a method gives, made from text a public callable read: that text.
    // A position in the text (`*current_ == '\r'`) is text even in an API class; a setting compared
    // with a word (`cs_str == "All"`) is not.
    if (how == kResultOf || !library_.is_class(owner) || (library_.text_fed(field) && compares_characters(constants))) {
      auto entries = library_.public_setters(field, 8);
      if (entries.empty()) entries = library_.public_callers(branch.function, 8);
      const api::Callable* self = library_.declared_at(declared.first, declared.second);
      auto [reader, text] = library_.text_input(entries, self);
      // Made from text when a function that reads text writes it (a lexer's constructor), when the
      // condition looks at characters or words, or when every public way to that state reads text
      // (for what a method gives: some form of each does). The text is the nearest public
      // callable's that reads some.
      const bool fed = library_.text_fed(field);
      // A call that takes no input (RE2::Set::Compile) works on what the others were given.
      std::vector<std::string> with_input = entries;
      erase_unless_all(with_input, [&](const std::string& name) {
        const auto callables = library_.callables_named(name);
        return !callables.empty() && std::all_of(callables.begin(), callables.end(),
                                                 [](const api::Callable* c) { return Library::takes_no_input(*c); });
      });
      const bool textual =
          fed || compares_text(constants) || library_.all_read_text(with_input, how == kResultOf, self);
      if (reader == nullptr && textual) {
        const auto writers_of = library_.body_writers(field);
        std::tie(reader, text) =
            library_.nearest_text_reader(writers_of.empty() ? std::vector<std::string>{branch.function} : writers_of);
      }
      if (reader != nullptr && textual) {
        from_text(*reader, *text, constants, depends, branch);
        return;
      }
    }
    // The state of an object this one holds (a parser's bytecode) is made by this one's calls, not
    // by calls on an object of its own: the holder's public calls that reach its writers.
    const std::string state_cause = fmt::format(
        "{} depends on the state of {}{}{}; no generated call sequence built the state that takes the other way", where,
        field, how.empty() ? "" : " (" + how + ")", others.empty() ? "" : " and on " + joined(others, ", ", 3));
    const std::string holder = std::string(names::scope_of(branch.function));
    if (const auto via = held.find(field); via != held.end() && owner != holder && library_.is_class(holder)) {
      if (const auto setters = library_.setters_with_inputs(library_.setters_in(field, holder)); !setters.empty()) {
        // A holder made only from text that its constructor builds the held object from (re2's RE2
        // compiling its pattern into prog_): that text decides.
        const std::string constructor = holder + "::" + std::string(names::last_component(holder));
        if (library_.made_from_text(holder) &&
            std::find(setters.begin(), setters.end(), constructor) != setters.end()) {
          if (const auto [reader, text] = library_.text_input({constructor}); reader != nullptr) {
            from_text(*reader, *text, constants, depends, branch);
            return;
          }
        }
        if (value_not_given(setters, constants, state_cause, branch)) return;
        branch.cause = state_cause;
        branch.suggestion = fmt::format(
            "the {} in {} is built by {}'s own calls: make the sample program call {} so that `{}` takes the other "
            "way{}",
            owner, via->second, holder, joined(setters, ", "), branch.condition, values);
        return;
      }
    }
    // A field of the API's class that, past its initial value, only callables reading text write
    // (a parser's position).
    std::vector<const api::Callable*> builders;
    std::copy_if(writers.begin(), writers.end(), std::back_inserter(builders),
                 [](const api::Callable* c) { return !Library::makes_no_state(*c); });
    const bool one_name = std::all_of(builders.begin(), builders.end(), [&](const api::Callable* c) {
      return callable_name(*c) == callable_name(*builders.front());
    });
    if (!builders.empty() && (one_name || compares_text(constants)) &&
        std::all_of(builders.begin(), builders.end(),
                    [&](const api::Callable* c) { return library_.text_param(*c) != nullptr; })) {
      from_text(*builders.front(), *library_.text_param(*builders.front()), constants, depends, branch);
      return;
    }
    if (how == kResultOf) {
      // What a method of the library gives (or fills in): made by its object's state and the inputs
      // that reach it.
      const auto entries = library_.inputs_reaching(branch.function);
      branch.cause = fmt::format("{} depends on what {} gives{}; no generated input made it take the other way", where,
                                 field, others.empty() ? "" : " and on " + joined(others, ", ", 3));
      branch.suggestion = fmt::format(
          "give the public calls that reach {}{} inputs for which `{}` takes the other way{}: extend the sample "
          "program, or add PALUS_PARAM_VALUES",
          branch.function, entries.empty() ? "" : " (" + joined(entries, ", ") + ")", branch.condition, values);
      return;
    }
    branch.cause = state_cause;
    if (!library_.is_class(owner)) {
      const auto setters = library_.inputs_setting(field);
      const auto entries = setters.empty() ? library_.inputs_reaching(branch.function) : setters;
      branch.suggestion = fmt::format(
          "{} is internal to the library: its state comes from the arguments of the public calls that {} {}{}; give "
          "them inputs for which `{}` takes the other way{}: extend the sample program, or add PALUS_PARAM_VALUES",
          owner, setters.empty() ? "reach" : "set", setters.empty() ? branch.function : field,
          entries.empty() ? "" : " (" + joined(entries, ", ") + ")", branch.condition, values);
    } else if (library_.is_public_field(field)) {
      // What a public field holds, a test sets: the writers may all set the value already seen
      // (Features::strictMode sets allowDroppedNullPlaceholders_ false, as the default does).
      branch.suggestion = fmt::format(
          "{} is a public field: make the sample program set it on the {} it uses so that `{}` takes the other way{}, "
          "then call {}",
          field, owner, branch.condition, values, then_call(declared, branch));
    } else if (writers.empty()) {
      branch.suggestion = fmt::format("make the sample program bring a {} into the state `{}` asks for{}, then call {}",
                                      owner, branch.condition, values, then_call(declared, branch));
    } else {
      // ClearConst() and close() make one fixed state: DefineConst(name, value) or executeQuery(sql)
      // builds the one asked for. Then the owner's own constructors and methods: they are what
      // builds its state.
      auto chosen_writers = builders.empty() ? writers : builders;
      erase_unless_all(chosen_writers, [](const api::Callable* c) { return Library::takes_no_input(*c); });
      std::vector<const api::Callable*> own;
      std::copy_if(chosen_writers.begin(), chosen_writers.end(), std::back_inserter(own),
                   [&](const api::Callable* c) { return c->owner == owner; });
      if (!own.empty()) chosen_writers = own;
      // Writers that all take no input (a token reader's ReadNextToken) are shown with what feeds them.
      const bool none_takes_input = std::all_of(chosen_writers.begin(), chosen_writers.end(),
                                                [](const api::Callable* c) { return Library::takes_no_input(*c); });
      const auto names = library_.writer_names(chosen_writers, field);
      if (value_not_given(names, constants, state_cause, branch)) return;
      branch.suggestion =
          fmt::format("make the sample program call {} so that `{}` takes the other way{}, then call {}{}",
                      joined(none_takes_input ? library_.with_inputs(names) : names, ", "), branch.condition, values,
                      then_call(declared, branch), passing);
    }
  }

  /// A setting the tests called a setter of, but never with the value the condition waits for: a
  /// parameter of the setter's of the enum that holds that value is the input to give
  /// (yaml-cpp's SetBoolFormat(value), called with Dec and YesNoBool, never OnOffBool).
  bool value_not_given(const std::vector<std::string>& setters, const std::vector<std::string>& constants,
                       const std::string& cause, FrontierBranch& branch) const {
    if (branch.always_equal) return false;  // the value was found every time: others are missing
    for (const auto& name : setters) {
      for (const api::Callable* c : library_.callables_named(name)) {
        if (!library_.reached(*c)) continue;
        for (const auto& p : c->params) {
          const api::Enum* e = library_.enum_named(p.type.base, callable_name(*c));
          if (e == nullptr) continue;
          std::vector<std::string> values;
          for (const auto& k : constants) {
            const std::string_view v = names::last_component(k);
            // Given already (Json::Value(realValue) made a real value): what is missing is elsewhere.
            if (has_enumerator(*e, v) && !library_.was_given(callable_name(*c), p.name, v))
              values.push_back(e->name + "::" + std::string(v));
          }
          if (values.empty()) continue;
          branch.category = "input-value";
          branch.subject = fmt::format("{}({})", callable_name(*c), p.name);
          branch.cause = fmt::format("{}; the tests called {}, but never with {} {}", cause, callable_name(*c), p.name,
                                     joined(values, " or "));
          branch.suggestion = fmt::format("add to a theories header: PALUS_PARAM_VALUES({}, {}, {})", callable_name(*c),
                                          p.name, joined(values, ", ", 8));
          return true;
        }
      }
    }
    return false;
  }

  /// The text a walk builds `what` from (a field, or with `result` what the function `what`
  /// gives): the text the branch's class is given, else that of the class whose walk builds it.
  std::pair<const api::Callable*, const api::Param*> walked_text_input(const FrontierBranch& branch,
                                                                       const std::string& what, bool result) const {
    const auto own = library_.walked_text_reader(std::string(names::scope_of(branch.function)));
    return own.first != nullptr ? own : library_.walked_text_reader(library_.walk_class(what, result));
  }

  /// What to call once the state is built: the branch's function, or when it is not the API's,
  /// the public calls that reach it.
  std::string then_call(const std::pair<std::string, unsigned>& declared, const FrontierBranch& branch) const {
    if (library_.declared_at(declared.first, declared.second) != nullptr) return branch.function;
    const auto entries = library_.public_callers(branch.function);
    return entries.empty() ? branch.function : joined(entries, " or ");
  }

  static constexpr const char* kResultOf = "a result";

  static std::string owner_of(const std::string& field) {
    const std::size_t colons = field.rfind("::");
    return colons == std::string::npos ? field : field.substr(0, colons);
  }

  const Library& library_;
};

/// Whether `line` holds the condition of `site`; or, for the expressions that branch (?:, &&, ||)
/// when no condition spans it, any part of it (gcov counts their branches where the arms are).
bool holds(const BranchSite& site, unsigned line, bool arms) {
  if (arms)
    return (site.construct == "?:" || site.construct == "&&" || site.construct == "||") && site.line <= line &&
           line <= site.end_line;
  return site.line <= line && line <= site.condition_end;
}

/// Of the operands of `site`'s && and || chain that are on `line`, the one that blocks: the last
/// one evaluated when it went one way only (`strict_ && count != declared`: count never differed,
/// whatever strict_ never was), else the first that went one way; none when each went both ways.
/// gcov counts a pair of branches for each, in order, and sometimes one more pair for the whole
/// (the chain's value kept, then tested); a line with other counts holds other code (a call that
/// may throw adds an edge), and then which pair is whose is not known.
const Operand* one_way_operand(const BranchSite& site, unsigned line, const LineCounts& counts) {
  std::vector<const Operand*> here;
  for (const auto& operand : site.operands) {
    if (operand.line == line) here.push_back(&operand);
  }
  const std::size_t pairs = counts.branches.size();
  if (here.empty() || (pairs != 2 * here.size() && pairs != 2 * here.size() + 2)) return nullptr;
  const auto one_way = [&](std::size_t k) {
    return (counts.branches[2 * k] == 0) != (counts.branches[2 * k + 1] == 0);
  };
  std::size_t last = here.size();
  for (std::size_t k = 0; k < here.size(); ++k) {
    if (counts.branches[2 * k] + counts.branches[2 * k + 1] > 0) last = k;
  }
  if (last < here.size() && one_way(last)) return here[last];
  for (std::size_t k = 0; k < here.size(); ++k) {
    if (one_way(k)) return here[k];
  }
  return nullptr;
}

/// The operands of `site`'s chain on `line` after `part` that never ran, as gcov counts them (see
/// one_way_operand).
std::vector<const Operand*> operands_never_run(const BranchSite& site, unsigned line, const LineCounts& counts,
                                               const Operand* part) {
  std::vector<const Operand*> here;
  for (const auto& operand : site.operands) {
    if (operand.line == line) here.push_back(&operand);
  }
  std::vector<const Operand*> never;
  if (counts.branches.size() < 2 * here.size()) return never;
  bool after = false;
  for (std::size_t k = 0; k < here.size(); ++k) {
    if (after && counts.branches[2 * k] + counts.branches[2 * k + 1] == 0 && !here[k]->sources.empty())
      never.push_back(here[k]);
    after = after || here[k] == part;
  }
  return never;
}

/// The sites whose condition spans `line` of a file with `lines`, merged.
Merged merged_at(const std::vector<const BranchSite*>& sites, unsigned line,
                 const std::map<unsigned, LineCounts>& lines) {
  const bool arms =
      std::none_of(sites.begin(), sites.end(), [&](const BranchSite* s) { return holds(*s, line, false); });
  Merged merged;
  std::size_t held = 0;
  for (const auto* site : sites) {
    if (!holds(*site, line, arms)) continue;
    ++held;
    for (const auto& [label, case_line] : site->cases) {
      const bool never_ran = case_ran(*site, case_line, lines) == false;
      if (label == kDefaultLabel) {
        merged.has_default = true;
        merged.default_missing = merged.default_missing || never_ran;
      } else {
        (never_ran ? merged.missing_cases : merged.ran_cases).push_back(label);
      }
    }
    // A switch without a default arm that is a frontier: the value no case matched never came.
    if (site->construct == "switch" && !site->cases.empty() && !merged.has_default) merged.default_missing = true;
    merged.sources.insert(site->sources.begin(), site->sources.end());
    for (const auto& c : site->constants) {
      if (std::find(merged.constants.begin(), merged.constants.end(), c) == merged.constants.end())
        merged.constants.push_back(c);
    }
    if (merged.site == nullptr ||
        std::tie(site->line, merged.site->end_line) < std::tie(merged.site->line, site->end_line))
      merged.site = site;
  }
  if (held == 1 && !merged.site->operands.empty()) {
    if (const auto counts = lines.find(line); counts != lines.end())
      merged.part = one_way_operand(*merged.site, line, counts->second);
    // An operand of no known source (a local the collector did not follow) says less than the whole.
    if (merged.part != nullptr && merged.part->sources.empty()) merged.part = nullptr;
    if (merged.part != nullptr) {
      merged.sources = std::set<Source>(merged.part->sources.begin(), merged.part->sources.end());
      merged.constants = merged.part->constants;
      merged.never_ran = operands_never_run(*merged.site, line, lines.at(line), merged.part);
    }
  }
  if (merged.missing_cases.empty() && merged.default_missing) {
    // Only the default arm is left: the labels, which all ran, are no values to ask for.
    std::erase_if(merged.constants, [&](const std::string& c) {
      return std::find(merged.ran_cases.begin(), merged.ran_cases.end(), c) != merged.ran_cases.end();
    });
  }
  if (!merged.missing_cases.empty()) {
    // The labels of the cases never run are the values to ask for; the other cases were seen.
    std::vector<std::string> constants = merged.missing_cases;
    for (const auto& c : merged.constants) {
      const bool is_case = std::any_of(sites.begin(), sites.end(), [&](const BranchSite* site) {
        return std::any_of(site->cases.begin(), site->cases.end(), [&](const auto& k) { return k.first == c; });
      });
      if (!is_case && std::find(constants.begin(), constants.end(), c) == constants.end()) constants.push_back(c);
    }
    merged.constants = std::move(constants);
  }
  return merged;
}

/// The enumeration of the API every value of which is one of `labels` ("ns::Kind::a", "a"), or
/// none: a switch with a case for each value reaches its default arm only by a cast.
const api::Enum* enum_covered_by(const std::vector<std::string>& labels, const api::Api& api) {
  if (labels.empty()) return nullptr;
  std::set<std::string> named;
  for (const auto& label : labels) named.insert(std::string(names::last_component(label)));
  // The labels' qualifier, when they are written with one, names the enum ("Side::left": Side).
  const std::string qualifier(names::scope_of(labels.front()));
  const api::Enum* found = nullptr;
  for (const auto& e : api.enums) {
    if (!qualifier.empty() && e.name != qualifier && !e.name.ends_with("::" + qualifier)) continue;
    const auto is_value = [&](const std::string& n) { return has_enumerator(e, n); };
    const bool all = !e.values.empty() && std::all_of(e.values.begin(), e.values.end(),
                                                      [&](const auto& value) { return named.contains(value.first); });
    if (!all || !std::all_of(named.begin(), named.end(), is_value)) continue;
    if (found != nullptr) return nullptr;  // two enums fit the labels: no verdict
    found = &e;
  }
  return found;
}

/// A switch whose cases all ran, but not its default arm.
void default_arm(const Merged& merged, const api::Api& api, FrontierBranch& branch) {
  const std::string labels = joined(merged.ran_cases, ", ", 8);
  // Stacked labels (`case a: case b:`) share a line: only a switch whose branch counts show one
  // outcome never taken has its default, and nothing else, left.
  const bool one_left = std::count(branch.taken.begin(), branch.taken.end(), 0) == 1;
  if (const api::Enum* covered = one_left ? enum_covered_by(merged.ran_cases, api) : nullptr) {
    branch.category = "other";
    branch.subject = branch.function;
    branch.group.clear();
    branch.cause = fmt::format(
        "`switch ({})` in {}: only its {} never ran, and its cases name every value of {}: no value of that type "
        "reaches it (defensive code)",
        branch.condition, branch.function, merged.has_default ? "default arm" : "implicit default (no case matched)",
        covered->name);
    branch.suggestion = fmt::format(
        "nothing a test can do: only a value outside {} (a cast) reaches the default arm; leave it out of the coverage "
        "goal",
        covered->name);
    return;
  }
  branch.cause += fmt::format(" (only the {} never ran: it needs a value other than {})",
                              merged.has_default ? "default arm" : "implicit default (no case matched)", labels);
}

/// An if (not one operand of its && or || chain) whose condition tests equality only (==, no !=, <
/// or >) and always held: the first line of code after the condition, within the if, ran. An arm
/// on the condition's own line tells nothing.
bool always_held_equality(const Merged& merged, const std::map<unsigned, LineCounts>& lines) {
  const BranchSite& site = *merged.site;
  if (site.construct != "if" || merged.part != nullptr || merged.constants.empty()) return false;
  std::string c = site.condition;
  for (std::size_t arrow; (arrow = c.find("->")) != std::string::npos;) c.replace(arrow, 2, ".");
  if (c.find("==") == std::string::npos || c.find("!=") != std::string::npos || c.find('<') != std::string::npos ||
      c.find('>') != std::string::npos || c.find("||") != std::string::npos || c.find('!') != std::string::npos)
    return false;
  for (auto it = lines.upper_bound(site.condition_end); it != lines.end() && it->first <= site.end_line; ++it) {
    if (it->second.code) return it->second.count > 0;
  }
  return false;
}

/// An if whose arm only reports a broken invariant (BranchSite::invariant_arm) and never ran: the
/// library means its condition never to hold, and no input is to be asked for.
bool guards_broken_invariant(const Merged& merged, const std::map<unsigned, LineCounts>& lines,
                             FrontierBranch& branch) {
  const auto [first, last] = merged.site->invariant_arm;
  if (first <= merged.site->condition_end) return false;  // none, or on the condition's line: counts mixed
  bool code = false;
  for (auto it = lines.lower_bound(first); it != lines.end() && it->first <= last; ++it) {
    if (!it->second.code) continue;
    if (it->second.count > 0) return false;
    code = true;
  }
  if (!code) return false;
  branch.category = "other";
  branch.subject = branch.function;
  branch.group = "the invariant checks of " + branch.function;
  branch.cause = fmt::format(
      "`if ({})` in {} never held, and its arm (lines {} to {}) only reports a broken invariant (an internal error, "
      "unreachable code, an abort): the library means it never to hold",
      merged.site->condition, branch.function, first, last);
  branch.suggestion =
      "nothing to add: legal calls are not meant to take it (a test that does has found a bug); leave it out of the "
      "coverage goal";
  return true;
}

void attribute_blocked_lines(const std::map<unsigned, LineCounts>& lines, std::vector<FrontierBranch>& branches,
                             const std::vector<std::pair<std::size_t, unsigned>>& extents) {
  // extents: (branch index, end line); a never-run line goes to the innermost frontier around it.
  for (const auto& [number, counts] : lines) {
    if (!counts.code || counts.count > 0) continue;
    std::size_t best = branches.size();
    for (const auto& [index, end] : extents) {
      const auto& b = branches[index];
      if (b.line > number || end < number) continue;
      if (best == branches.size() || b.line > branches[best].line) best = index;
    }
    if (best != branches.size()) branches[best].blocked.push_back(number);
  }
}

}  // namespace

Diagnosis diagnose(const BranchMap& map, const LineCoverage& coverage, const api::Api& api,
                   const std::map<std::string, std::string>& uncallable) {
  const Library library(api, map, coverage, uncallable);
  const Classifier classifier(library);
  const MadeValues made(map, coverage);
  std::map<std::string, std::vector<const BranchSite*>> sites_by_file;
  for (const auto& site : map.sites) sites_by_file[site.file].push_back(&site);

  Diagnosis result;
  for (const auto& [file, lines] : coverage) {
    const auto sites = sites_by_file.find(file);
    std::vector<std::pair<std::size_t, unsigned>> extents;
    for (const auto& [number, counts] : lines) {
      if (!is_frontier(counts)) continue;
      ++result.frontier_lines;
      const Merged merged = sites == sites_by_file.end() ? Merged{} : merged_at(sites->second, number, lines);
      if (merged.site == nullptr) {
        ++result.frontier_without_condition;
        continue;
      }
      FrontierBranch branch;
      branch.file = file;
      branch.line = number;
      branch.construct = merged.site->construct;
      branch.function = merged.site->function;
      branch.condition = merged.site->condition;
      branch.taken = counts.branches;
      branch.always_equal = always_held_equality(merged, lines);
      if (!guards_broken_invariant(merged, lines, branch)) {
        classifier.classify(merged, branch);
        classifier.add_never_run(merged, branch);
        classifier.made_only_where_never_run(merged, made, coverage, sites_by_file, branch);
        if (!merged.missing_cases.empty())
          branch.cause += fmt::format(" (cases never run: {})", joined(merged.missing_cases, ", ", 8));
        else if (merged.default_missing)
          default_arm(merged, api, branch);
      }
      extents.emplace_back(result.branches.size(), merged.site->end_line);
      result.branches.push_back(std::move(branch));
    }
    attribute_blocked_lines(lines, result.branches, extents);
  }

  std::map<std::pair<std::string, std::string>, Problem> grouped;
  for (std::size_t i = 0; i < result.branches.size(); ++i) {
    const auto& b = result.branches[i];
    Problem& p = grouped[{b.category, b.group.empty() ? b.subject : b.group}];
    p.category = b.category;
    p.subject = b.subject;
    p.blocked_lines += static_cast<int>(b.blocked.size());
    p.branches.push_back(i);
  }
  for (auto& [key, p] : grouped) {
    std::stable_sort(p.branches.begin(), p.branches.end(), [&](std::size_t a, std::size_t b) {
      return result.branches[a].blocked.size() > result.branches[b].blocked.size();
    });
    const auto& top = result.branches[p.branches.front()];
    p.file = top.file;
    p.line = top.line;
    p.cause = top.cause;
    if (p.branches.size() > 1)
      p.cause += fmt::format("; {} more branches depend on {} the same way", p.branches.size() - 1, p.subject);
    p.suggestion = top.suggestion;
    result.problems.push_back(std::move(p));
  }
  std::stable_sort(result.problems.begin(), result.problems.end(), [](const Problem& a, const Problem& b) {
    return std::tie(b.blocked_lines, a.file, a.line) < std::tie(a.blocked_lines, b.file, b.line);
  });

  std::set<Declaration> listed;
  for (const auto& span : map.functions) {
    if (Library::ran_in(coverage, span.file, span.line, span.end_line) || !listed.insert({span.file, span.line}).second)
      continue;
    const auto lines = coverage.find(span.file);
    if (lines == coverage.end()) continue;
    int code = 0;
    for (auto it = lines->second.lower_bound(span.line); it != lines->second.end() && it->first <= span.end_line; ++it)
      code += it->second.code ? 1 : 0;
    if (code > 0) result.unreached.push_back({span.function, span.file, span.line, span.end_line, code});
  }
  return result;
}

}  // namespace palus::uncovered
