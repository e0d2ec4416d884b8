// collections: containers of ints and strings with Java-style iterators (a sample library for
// palus, with known bugs: BUGS.md).
#pragma once

#include "collections/bag.hpp"
#include "collections/bounded_buffer.hpp"
#include "collections/int_list.hpp"
#include "collections/int_set.hpp"
#include "collections/linked_int_list.hpp"
#include "collections/string_map.hpp"
