// Values for Json::Reader::parse's document, as Covana's third suggestion asked: text for which
// `token.type_` in Reader::readValue takes the cases never run (arrays, numbers, true, false,
// null, separators, closing brackets).
#pragma once

#include <palus/theory.hpp>

#include "json/json.h"

PALUS_PARAM_VALUES(Json::Reader::parse, document, "[1, 2.5, -3]", "[true, false, null]",
                   "{\"a\": [1, {\"b\": null}], \"c\": false}", "[[], {}, [1,]]", "[1 2]", "{\"a\" 1}")
