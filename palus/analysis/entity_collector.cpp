#include "palus/analysis/entity_collector.hpp"

#include <algorithm>

#include "core/api_rules.hpp"
#include "core/clang/callable_id.hpp"
#include "core/clang/clang_util.hpp"
#include "core/clang/type_names.hpp"
#include "core/error.hpp"
#include "core/names.hpp"
#include "core/text.hpp"

namespace palus::analysis {

using palus::clang::access_of;
using palus::clang::children_of;
using palus::clang::location_of;
using palus::clang::qualified_name;
using palus::clang::spelling_of;
using palus::clang::usr_of;

namespace {

std::vector<std::regex> compile_all(const std::vector<std::string>& patterns) {
  std::vector<std::regex> result;
  for (const auto& p : patterns) result.emplace_back(p, std::regex::ECMAScript);
  return result;
}

/// "ns::f<T>(const T &)": tells overloaded templates apart in the unsupported list.
std::string with_signature(CXCursor decl) {
  const std::string parent = qualified_name(clang_getCursorSemanticParent(decl));
  const std::string display = clang::take(clang_getCursorDisplayName(decl));
  return parent.empty() ? display : parent + "::" + display;
}

bool is_noexcept(CXCursor function) {
  const int spec = clang_getCursorExceptionSpecificationType(function);
  return spec == CXCursor_ExceptionSpecificationKind_BasicNoexcept ||
         spec == CXCursor_ExceptionSpecificationKind_DynamicNone;
}

std::string constructor_kind(CXCursor ctor) {
  if (clang_CXXConstructor_isDefaultConstructor(ctor)) return "default";
  if (clang_CXXConstructor_isCopyConstructor(ctor)) return "copy";
  if (clang_CXXConstructor_isMoveConstructor(ctor)) return "move";
  if (clang_CXXConstructor_isConvertingConstructor(ctor)) return "converting";
  return "other";
}

/// Leaves out each instantiation whose id is that of a plain function (a template tried with
/// std::string beside an overload taking std::string): the plain one is what a call picks.
void drop_shadowed_instantiations(std::vector<api::Callable>& callables) {
  std::set<std::string> plain;
  for (const auto& c : callables)
    if (!c.is_instantiation) plain.insert(c.id);
  std::erase_if(callables, [&](const api::Callable& c) { return c.is_instantiation && plain.contains(c.id); });
}

/// The types of the menu, read from the aliases kTemplateMenuSource declares in the unit.
TemplateMenu template_menu(CXCursor unit) {
  std::map<std::string, CXType> aliases;
  for (CXCursor child : children_of(unit)) {
    if (clang_getCursorKind(child) != CXCursor_Namespace || spelling_of(child) != kTemplateMenuNamespace) continue;
    for (CXCursor alias : children_of(child)) {
      if (clang_getCursorKind(alias) == CXCursor_TypeAliasDecl)
        aliases.emplace(spelling_of(alias), clang_getTypedefDeclUnderlyingType(alias));
    }
  }
  TemplateMenu menu;
  for (const char* name : {"one_int", "one_double", "one_bool", "one_string"}) {
    if (auto found = aliases.find(name); found != aliases.end()) menu.one.push_back(found->second);
  }
  for (const char* name : {"one_int", "one_string"}) {
    if (auto found = aliases.find(name); found != aliases.end()) menu.two.push_back(found->second);
  }
  return menu;
}

/// One instantiation of a function template: the types given to its parameters, spelt for a call,
/// and the name of its parameter pack, left empty.
struct Instantiation {
  std::string args;
  std::string pack;
  /// A function parameter that expands the pack (`A&&... a`): it takes no argument.
  bool is_pack(CXCursor parm) const { return !pack.empty() && is_parameter_pack(parm); }
};

/// The type parameters of a function template that palus gives types (`chosen`, in order), its
/// pack, or why it cannot instantiate it. A parameter with a default keeps it.
struct TemplateParameters {
  std::vector<std::string> chosen;
  std::string pack;
  std::string problem;
};

TemplateParameters template_parameters(CXCursor decl) {
  TemplateParameters result;
  bool after_chosen = false;  // explicit arguments bind in order: a chosen one must come first
  for (CXCursor child : children_of(decl)) {
    const CXCursorKind kind = clang_getCursorKind(child);
    if (kind == CXCursor_NonTypeTemplateParameter || kind == CXCursor_TemplateTemplateParameter) {
      result.problem = "a non-type or template template parameter (palus instantiates type parameters only)";
      return result;
    }
    if (kind != CXCursor_TemplateTypeParameter) continue;
    const auto tokens = clang::tokens_of(child);
    const std::string name = spelling_of(child);
    if (std::find(tokens.begin(), tokens.end(), "...") != tokens.end()) {
      result.pack = name;
      after_chosen = true;
    } else if (std::find(tokens.begin(), tokens.end(), "=") != tokens.end()) {
      after_chosen = true;
    } else if (name.empty() || after_chosen) {
      result.problem = "a type parameter that cannot be given explicitly";
      return result;
    } else {
      result.chosen.push_back(name);
    }
  }
  if (result.chosen.size() > 2) result.problem = "more than two type parameters";
  return result;
}

class Collector {
 public:
  Collector(const std::set<std::string>& headers, const TargetFilter& filter, TemplateMenu menu)
      : headers_(headers), filter_(filter), menu_(std::move(menu)) {}

  void scan_scope(CXCursor scope, bool top_level) {
    for (CXCursor child : children_of(scope)) {
      if (top_level && !headers_.contains(location_of(child).file)) continue;
      scan_declaration(child);
    }
  }

  EntityScan finish() {
    resolve_aliases();
    drop_shadowed_instantiations(scan_.functions);
    for (const auto& [name, pattern] : templates_) {
      if (instantiated_.contains(name) || !filter_.selects(name)) continue;
      unsupported(pattern, name,
                  "class template that no typedef or alias instantiates (add e.g. `using IntBox = Box<int>;` to a "
                  "header)");
    }
    std::sort(scan_.unsupported.begin(), scan_.unsupported.end(),
              [](const auto& a, const auto& b) { return std::tie(a.entity, a.line) < std::tie(b.entity, b.line); });
    return std::move(scan_);
  }

 private:
  void scan_declaration(CXCursor decl) {
    const CXCursorKind kind = clang_getCursorKind(decl);
    switch (kind) {
      case CXCursor_Namespace:
        if (!clang_Cursor_isAnonymous(decl)) scan_scope(decl, false);
        break;
      case CXCursor_LinkageSpec:
        scan_scope(decl, false);
        break;
      case CXCursor_ClassDecl:
      case CXCursor_StructDecl:
        // Explicit instantiations and specializations of templates are reached through aliases.
        if (clang_isCursorDefinition(decl) && !clang_Cursor_isAnonymous(decl) &&
            clang_Cursor_isNull(clang_getSpecializedCursorTemplate(decl))) {
          scan_class(decl, {}, "", std::nullopt);
        }
        break;
      case CXCursor_UnionDecl:
        if (clang_isCursorDefinition(decl) && filter_.selects(qualified_name(decl))) {
          unsupported(decl, qualified_name(decl), "union: members cannot be told apart safely");
        }
        break;
      case CXCursor_ClassTemplate:
        if (clang_isCursorDefinition(decl)) templates_.emplace(qualified_name(decl), decl);
        break;
      case CXCursor_TypedefDecl:
      case CXCursor_TypeAliasDecl:
        aliases_.push_back(decl);
        break;
      case CXCursor_FunctionDecl:
        scan_function(decl);
        break;
      case CXCursor_FunctionTemplate:
        scan_function_template(decl);
        break;
      case CXCursor_EnumDecl:
        scan_enum(decl);
        break;
      default:
        break;
    }
  }

  void unsupported(CXCursor where, std::string entity, std::string reason) {
    const auto loc = location_of(where);
    scan_.unsupported.push_back({std::move(entity), std::move(reason), loc.file, loc.line});
  }

  void scan_function(CXCursor decl) {
    const std::string name = qualified_name(decl);
    if (!filter_.selects(name) || clang_getCursorLinkage(decl) != CXLinkage_External) return;
    if (clang_CXXMethod_isDeleted(decl)) return;
    auto callable = make_callable(decl, api::CallableKind::function, "", {});
    if (!callable) return;
    if (std::any_of(scan_.functions.begin(), scan_.functions.end(),
                    [&](const api::Callable& c) { return c.id == callable->id && !c.is_instantiation; })) {
      return;  // declared again (e.g. a friend declaration and the namespace-scope one)
    }
    scan_.function_usr_by_id[callable->id] = usr_of(clang_getCanonicalCursor(decl));
    scan_.functions.push_back(std::move(*callable));
  }

  /// Out-of-line definitions of member templates are met with their class, not here.
  void scan_function_template(CXCursor decl) {
    const CXCursorKind parent = clang_getCursorKind(clang_getCursorSemanticParent(decl));
    if (parent == CXCursor_ClassDecl || parent == CXCursor_StructDecl || parent == CXCursor_ClassTemplate ||
        parent == CXCursor_ClassTemplatePartialSpecialization)
      return;
    const std::string name = qualified_name(decl);
    if (!filter_.selects(name) || clang_getCursorLinkage(decl) != CXLinkage_External) return;
    std::string problem;
    const bool is_operator = !names::operator_symbol(spelling_of(decl)).empty();
    for (const auto& [use, subst] : instantiations_of(decl, is_operator, {}, problem)) {
      auto callable = make_callable(decl, api::CallableKind::function, "", subst, &use);
      if (!callable || std::any_of(scan_.functions.begin(), scan_.functions.end(),
                                   [&](const api::Callable& c) { return c.id == callable->id; }))
        continue;
      scan_.function_usr_by_id[callable->id] = usr_of(clang_getCanonicalCursor(decl));
      scan_.functions.push_back(std::move(*callable));
    }
    if (!problem.empty()) unsupported(decl, with_signature(decl), "function template: " + problem);
  }

  void scan_member_template(CXCursor member, ClassScan& scan, const TemplateSubstitution& outer) {
    api::Class& cls = scan.cls;
    const std::string entity = cls.name + "::" + clang::take(clang_getCursorDisplayName(member));
    const CXCursorKind kind = clang_getTemplateCursorKind(member);
    if (kind == CXCursor_ConversionFunction) {
      unsupported(member, entity, "member function template: a conversion operator template cannot be named in a call");
      return;
    }
    if (kind != CXCursor_Constructor && kind != CXCursor_CXXMethod) return;
    const auto callable_kind = kind == CXCursor_Constructor       ? api::CallableKind::constructor
                               : clang_CXXMethod_isStatic(member) ? api::CallableKind::static_method
                                                                  : api::CallableKind::method;
    const bool names_no_arguments =
        kind == CXCursor_Constructor || !names::operator_symbol(spelling_of(member)).empty();
    std::string problem;
    std::vector<api::Callable>& into = kind == CXCursor_Constructor ? cls.constructors : cls.methods;
    for (const auto& [use, subst] : instantiations_of(member, names_no_arguments, outer, problem)) {
      auto c = make_callable(member, callable_kind, cls.name, subst, &use);
      if (!c || std::any_of(into.begin(), into.end(), [&](const api::Callable& d) { return d.id == c->id; })) continue;
      scan.usr_by_id[c->id] = usr_of(clang_getCanonicalCursor(member));
      into.push_back(std::move(*c));
    }
    if (!problem.empty()) unsupported(member, entity, "member function template: " + problem);
  }

  void scan_enum(CXCursor decl) {
    const std::string name = qualified_name(decl);
    if (!clang_isCursorDefinition(decl) || clang_Cursor_isAnonymous(decl) || !filter_.selects(name)) return;
    if (std::any_of(scan_.enums.begin(), scan_.enums.end(), [&](const api::Enum& e) { return e.name == name; })) return;
    api::Enum result;
    result.name = name;
    result.underlying = qualified_spelling(clang_getEnumDeclIntegerType(decl));
    result.is_scoped = clang_EnumDecl_isScoped(decl) != 0;
    const auto loc = location_of(decl);
    result.file = loc.file;
    result.line = loc.line;
    for (CXCursor c : children_of(decl)) {
      if (clang_getCursorKind(c) == CXCursor_EnumConstantDecl) {
        result.values.emplace_back(spelling_of(c), clang_getEnumConstantDeclValue(c));
      }
    }
    scan_.enums.push_back(std::move(result));
  }

  std::optional<api::Callable> make_callable(CXCursor decl, api::CallableKind kind, const std::string& owner,
                                             const TemplateSubstitution& subst,
                                             const Instantiation* instantiation = nullptr) {
    const std::string name = spelling_of(decl);
    const std::string entity = owner.empty() ? qualified_name(decl) : owner + "::" + name;
    if (clang_Cursor_isVariadic(decl)) {
      unsupported(decl, entity, "C variadic function (...): arguments cannot be typed");
      return std::nullopt;
    }
    api::Callable c;
    c.kind = kind;
    c.owner = owner;
    c.name = kind == api::CallableKind::constructor ? std::string(names::last_component(owner)) : name;
    c.is_operator = !names::operator_symbol(name).empty();
    if (instantiation != nullptr) {
      c.is_instantiation = true;
      c.template_args = instantiation->args;
    }
    c.is_noexcept = is_noexcept(decl);
    const auto loc = location_of(decl);
    c.file = loc.file;
    c.line = loc.line;
    const std::vector<CXCursor> params = parameters_of(decl);
    for (std::size_t i = 0; i < params.size(); ++i) {
      CXCursor parm = params[i];
      if (instantiation != nullptr && instantiation->is_pack(parm)) continue;  // an empty pack
      api::Param p;
      p.name = spelling_of(parm);
      if (p.name.empty()) p.name = "arg" + std::to_string(i);
      p.type = describe_type(clang_getCursorType(parm), subst);
      c.params.push_back(std::move(p));
    }
    if (kind == api::CallableKind::constructor) {
      c.result = describe_type(clang_getCursorResultType(decl), subst);
      c.result.spelling = c.result.base = "void";
      c.result.category = api::TypeCategory::void_type;
      c.constructor_kind = constructor_kind(decl);
    } else {
      c.result = describe_type(clang_getCursorResultType(decl), subst);
    }
    if (kind == api::CallableKind::method) {
      c.is_const = clang_CXXMethod_isConst(decl) != 0;
      c.is_virtual = clang_CXXMethod_isVirtual(decl) != 0;
      c.is_pure = clang_CXXMethod_isPureVirtual(decl) != 0;
    }
    if (instantiation == nullptr) {
      c.id = callable_id(decl, owner, subst);
    } else {
      c.id = instantiation_id(decl, owner, subst, instantiation->args);
      // The name a call uses, with the template arguments when instantiation_id names them ("as<int>").
      if (kind != api::CallableKind::constructor) c.name = names::last_component(names::without_parameters(c.id));
    }
    return c;
  }

  /// The instantiations palus tries of a function template (see template_menu), or why it tries none.
  std::vector<std::pair<Instantiation, TemplateSubstitution>> instantiations_of(CXCursor decl, bool names_no_arguments,
                                                                                const TemplateSubstitution& outer,
                                                                                std::string& problem) const {
    TemplateParameters params = template_parameters(decl);
    if (!params.problem.empty()) {
      problem = params.problem;
      return {};
    }
    if (names_no_arguments) {  // an operator or constructor: every argument must be deduced from the call
      const std::vector<CXCursor> parms = parameters_of(decl);
      for (const auto& chosen : params.chosen) {
        const std::regex word("\\b" + chosen + "\\b");
        if (std::none_of(parms.begin(), parms.end(), [&](CXCursor p) {
              return std::regex_search(clang::take(clang_getTypeSpelling(clang_getCursorType(p))), word);
            })) {
          problem =
              "its template argument " + chosen + " cannot be deduced, and an operator or constructor cannot name it";
          return {};
        }
      }
    }
    const std::vector<CXType>& menu = params.chosen.size() == 1 ? menu_.one : menu_.two;
    if (!params.chosen.empty() && menu.empty()) {
      problem = "no types to instantiate it with";
      return {};
    }
    std::vector<std::pair<Instantiation, TemplateSubstitution>> result;
    std::vector<std::size_t> pick(params.chosen.size(), 0);
    for (;;) {
      Instantiation use;
      use.pack = params.pack;
      TemplateSubstitution subst = outer;
      std::vector<std::string> args;
      for (std::size_t i = 0; i < pick.size(); ++i) {
        subst[params.chosen[i]] = menu[pick[i]];
        args.push_back(qualified_spelling(menu[pick[i]]));
      }
      use.args = text::join(args);
      result.emplace_back(std::move(use), std::move(subst));
      std::size_t i = 0;
      while (i < pick.size() && ++pick[i] == menu.size()) pick[i++] = 0;
      if (i == pick.size()) break;
    }
    return result;
  }

  /// `owner` is the name the class is tested under; `subst` maps template parameters when
  /// `decl` is the pattern of a template seen through an alias.
  void scan_class(CXCursor decl, const TemplateSubstitution& subst, std::string owner,
                  std::optional<std::string> instantiates) {
    if (owner.empty()) owner = qualified_name(decl);
    if (!filter_.selects(owner)) return;
    if (seen_classes_.contains(owner)) return;
    seen_classes_.insert(owner);
    ClassScan scan;
    api::Class& cls = scan.cls;
    cls.name = owner;
    const CXCursorKind record_kind = clang_getCursorKind(decl) == CXCursor_ClassTemplate
                                         ? clang_getTemplateCursorKind(decl)
                                         : clang_getCursorKind(decl);
    cls.kind = record_kind == CXCursor_StructDecl ? "struct" : "class";
    cls.instantiates = std::move(instantiates);
    const auto loc = location_of(decl);
    cls.file = loc.file;
    cls.line = loc.line;
    cls.is_abstract = clang_CXXRecord_isAbstract(decl) != 0;
    if (!subst.empty()) {
      scan.field_prefix_from = qualified_name(decl) + "::";
      scan.field_prefix_to = owner + "::";
    }
    for (CXCursor member : children_of(decl)) scan_member(member, scan, subst);
    drop_shadowed_instantiations(scan.cls.constructors);
    drop_shadowed_instantiations(scan.cls.methods);
    scan_.classes.push_back(std::move(scan));
  }

  void scan_member(CXCursor member, ClassScan& scan, const TemplateSubstitution& subst) {
    api::Class& cls = scan.cls;
    const std::string access = access_of(member);
    const bool is_public = access == "public";
    switch (clang_getCursorKind(member)) {
      case CXCursor_CXXBaseSpecifier:
        if (is_public) cls.bases.push_back(qualified_spelling(clang_getCursorType(member), subst));
        break;
      case CXCursor_FieldDecl:
      case CXCursor_VarDecl: {
        api::Field field;
        field.name = spelling_of(member);
        field.type = describe_type(clang_getCursorType(member), subst);
        field.access = access;
        field.is_static = clang_getCursorKind(member) == CXCursor_VarDecl;
        field.is_bitfield = clang_Cursor_isBitField(member) != 0;
        const auto parts = children_of(member);
        const bool has_initializer = std::any_of(
            parts.begin(), parts.end(), [](CXCursor c) { return clang_isExpression(clang_getCursorKind(c)) != 0; });
        field.starts_null = !has_initializer && (api::is_pointer(field.type.passing) ||
                                                 field.type.category == api::TypeCategory::function_pointer);
        if (has_initializer && !field.is_static) scan.initialized_fields.push_back(cls.name + "::" + field.name);
        cls.fields.push_back(std::move(field));
        break;
      }
      case CXCursor_Constructor: {
        scan.user_declares_constructor = true;
        if (clang_CXXConstructor_isCopyConstructor(member)) scan.user_declares_copy_constructor = true;
        if (!is_public || clang_CXXMethod_isDeleted(member)) break;
        if (auto c = make_callable(member, api::CallableKind::constructor, cls.name, subst)) {
          scan.usr_by_id[c->id] = usr_of(clang_getCanonicalCursor(member));
          cls.constructors.push_back(std::move(*c));
        }
        break;
      }
      case CXCursor_CXXMethod:
      case CXCursor_ConversionFunction: {
        if (!is_public || clang_CXXMethod_isDeleted(member)) break;
        const auto kind =
            clang_CXXMethod_isStatic(member) ? api::CallableKind::static_method : api::CallableKind::method;
        if (auto c = make_callable(member, kind, cls.name, subst)) {
          scan.usr_by_id[c->id] = usr_of(clang_getCanonicalCursor(member));
          cls.methods.push_back(std::move(*c));
        }
        break;
      }
      case CXCursor_FunctionTemplate:
        if (clang_getTemplateCursorKind(member) == CXCursor_Constructor) scan.user_declares_constructor = true;
        if (is_public && !clang_CXXMethod_isDeleted(member)) scan_member_template(member, scan, subst);
        break;
      case CXCursor_ClassDecl:
      case CXCursor_StructDecl:
        if (is_public && clang_isCursorDefinition(member) && !clang_Cursor_isAnonymous(member) && subst.empty()) {
          scan_class(member, {}, "", std::nullopt);
        }
        break;
      case CXCursor_ClassTemplate:
        if (is_public && clang_isCursorDefinition(member)) templates_.emplace(qualified_name(member), member);
        break;
      case CXCursor_EnumDecl:
        if (is_public) scan_enum(member);
        break;
      case CXCursor_TypedefDecl:
      case CXCursor_TypeAliasDecl:
        if (is_public) aliases_.push_back(member);
        break;
      case CXCursor_FriendDecl:
        for (CXCursor befriended : children_of(member)) {
          if (clang_getCursorKind(befriended) == CXCursor_FunctionDecl && subst.empty()) scan_function(befriended);
        }
        break;
      default:
        break;
    }
  }

  /// Typedefs and aliases that name an instantiation of one of the project's class templates.
  void resolve_aliases() {
    std::sort(aliases_.begin(), aliases_.end(),
              [](CXCursor a, CXCursor b) { return qualified_name(a) < qualified_name(b); });
    for (CXCursor alias : aliases_) {
      const std::string alias_name = qualified_name(alias);
      CXType written = clang_getTypedefDeclUnderlyingType(alias);
      while (written.kind == CXType_Elaborated) written = clang_Type_getNamedType(written);
      CXType canonical = clang_getCanonicalType(written);
      // Arguments as the alias spells them (std::string, not std::basic_string<char, ...>).
      if (clang_Type_getNumTemplateArguments(written) != clang_Type_getNumTemplateArguments(canonical))
        written = canonical;
      if (canonical.kind != CXType_Record) continue;
      CXCursor specialization = clang_getTypeDeclaration(canonical);
      CXCursor pattern = clang_getSpecializedCursorTemplate(specialization);
      if (clang_Cursor_isNull(pattern) || clang_getCursorKind(pattern) != CXCursor_ClassTemplate) continue;
      const std::string template_name = qualified_name(pattern);
      if (!templates_.contains(template_name)) continue;  // a template from outside the project
      if (!filter_.selects(alias_name) && !filter_.selects(template_name)) continue;
      pattern = templates_.at(template_name);  // the definition, whichever declaration was found
      TemplateSubstitution subst;
      int index = 0;
      bool supported = true;
      for (CXCursor param : children_of(pattern)) {
        const CXCursorKind kind = clang_getCursorKind(param);
        if (kind == CXCursor_TemplateTypeParameter) {
          subst.emplace(spelling_of(param),
                        clang_Type_getTemplateArgumentAsType(written, static_cast<unsigned>(index++)));
        } else if (kind == CXCursor_NonTypeTemplateParameter || kind == CXCursor_TemplateTemplateParameter) {
          supported = false;
        }
      }
      const std::string instantiation = qualified_spelling(written);
      if (!supported) {
        unsupported(alias, alias_name, "instantiates a class template with non-type or template template parameters");
        continue;
      }
      if (instantiated_specializations_.contains(instantiation)) continue;  // a second alias of the same type
      instantiated_specializations_.insert(instantiation);
      instantiated_.insert(template_name);
      scan_class(pattern, subst, alias_name, instantiation);
    }
  }

  const std::set<std::string>& headers_;
  const TargetFilter& filter_;
  EntityScan scan_;
  std::set<std::string> seen_classes_;
  std::map<std::string, CXCursor> templates_;
  std::vector<CXCursor> aliases_;
  std::set<std::string> instantiated_, instantiated_specializations_;
  TemplateMenu menu_;
};

}  // namespace

TargetFilter::TargetFilter(const std::vector<std::string>& include, const std::vector<std::string>& exclude)
    : include_(compile_all(include)), exclude_(compile_all(exclude)) {}

bool TargetFilter::selects(const std::string& name) const {
  if (name.find("(anonymous)") != std::string::npos) return false;
  const bool included = include_.empty() || std::any_of(include_.begin(), include_.end(),
                                                        [&](const std::regex& r) { return std::regex_match(name, r); });
  return included &&
         std::none_of(exclude_.begin(), exclude_.end(), [&](const std::regex& r) { return std::regex_match(name, r); });
}

EntityScan collect_entities(CXCursor unit, const std::set<std::string>& project_headers, const TargetFilter& filter) {
  Collector collector(project_headers, filter, template_menu(unit));
  collector.scan_scope(unit, true);
  return collector.finish();
}

}  // namespace palus::analysis
