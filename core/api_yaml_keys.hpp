#pragma once
// The keys of api.yaml's flag lists and flag maps, with the member each one sets: one table each,
// read by the writer (core/api_yaml.cpp) and the reader (core/api_yaml_read.cpp) alike, in the
// order they are written.

#include <string_view>
#include <utility>
#include <vector>

#include "core/api.hpp"

namespace palus::analysis {

template <typename T>
using FlagTable = std::vector<std::pair<std::string_view, bool T::*>>;

inline const FlagTable<api::Callable> callable_flags{{"const", &api::Callable::is_const},
                                                     {"virtual", &api::Callable::is_virtual},
                                                     {"pure", &api::Callable::is_pure},
                                                     {"operator", &api::Callable::is_operator},
                                                     {"implicit", &api::Callable::is_implicit},
                                                     {"noexcept", &api::Callable::is_noexcept},
                                                     {"returns_this", &api::Callable::returns_this}};
inline const FlagTable<api::Dependence> dependence_kinds{{"write-read", &api::Dependence::write_read},
                                                         {"read-read", &api::Dependence::read_read}};
inline const FlagTable<api::ClassTraits> class_traits{
    {"default_constructible", &api::ClassTraits::default_constructible},
    {"copy_constructible", &api::ClassTraits::copy_constructible},
    {"move_constructible", &api::ClassTraits::move_constructible},
    {"copy_assignable", &api::ClassTraits::copy_assignable},
    {"destructible", &api::ClassTraits::destructible},
    {"equality_comparable", &api::ClassTraits::equality_comparable},
    {"less_comparable", &api::ClassTraits::less_comparable},
    {"hashable", &api::ClassTraits::hashable},
    {"printable", &api::ClassTraits::printable}};

}  // namespace palus::analysis
