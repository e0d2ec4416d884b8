// Theories, invariants and parameter values for the collections sample (docs/theories.md).
// palus runs every theory on the objects it generates; the generated failure tests include this
// header.
#pragma once

#include <palus/theory.hpp>

#include <string>
#include <vector>

#include "collections/collections.hpp"

namespace collections_theories {

// Counting next() while hasNext() visits every element once, oldest first: size() of them, the
// same as get(0), get(1), ... (The bound on the loop only keeps a broken hasNext() from spinning.)
PALUS_THEORY(buffer_iteration_visits_every_element, collections::BoundedBuffer& buffer) {
    collections::BoundedBuffer::Iterator it = buffer.iterator();
    int count = 0;
    while (it.hasNext() && count <= buffer.size()) {
        PALUS_CHECK_EQ(it.next(), buffer.get(count));
        ++count;
    }
    PALUS_CHECK_EQ(count, buffer.size());
}

PALUS_THEORY(list_iteration_visits_every_element, collections::IntList& list) {
    collections::IntList::Iterator it = list.iterator();
    int count = 0;
    while (it.hasNext() && count <= list.size()) {
        PALUS_CHECK_EQ(it.next(), list.get(count));
        ++count;
    }
    PALUS_CHECK_EQ(count, list.size());
}

PALUS_THEORY(linked_iteration_visits_every_element, collections::LinkedIntList& list) {
    collections::LinkedIntList::Iterator it = list.iterator();
    int count = 0;
    while (it.hasNext() && count <= list.size()) {
        PALUS_CHECK_EQ(it.next(), list.get(count));
        ++count;
    }
    PALUS_CHECK_EQ(count, list.size());
}

// Removing through the iterator every element it returns leaves the list empty.
PALUS_THEORY(iterator_remove_empties_list, collections::IntList& list) {
    collections::IntList::Iterator it = list.iterator();
    while (it.hasNext()) {
        it.next();
        it.remove();
    }
    PALUS_CHECK(list.isEmpty());
}

// Removing `value` through the iterator removes as many elements as removeAll(value), the same ones.
PALUS_THEORY(linked_remove_through_iterator_matches_remove_all, collections::LinkedIntList& list, int value) {
    collections::LinkedIntList copy(list);
    collections::LinkedIntList::Iterator it = copy.iterator();
    int removed = 0;
    while (it.hasNext()) {
        if (it.next() == value) {
            it.remove();
            ++removed;
        }
    }
    PALUS_CHECK_EQ(list.removeAll(value), removed);
    PALUS_CHECK(list == copy);
    PALUS_CHECK(!list.contains(value));
}

// Reversing twice gives the list back.
PALUS_THEORY(reverse_twice_is_identity, collections::LinkedIntList& list) {
    const collections::LinkedIntList before(list);
    list.reverse();
    list.reverse();
    PALUS_CHECK(list == before);
}

// A value put is the value got; a removed key is gone; the other keys keep their values.
PALUS_THEORY(map_put_then_get, collections::StringMap& map, const std::string& key, const std::string& value) {
    const int size = map.size();
    const bool had = map.containsKey(key);
    PALUS_CHECK_EQ(map.put(key, value), !had);
    PALUS_CHECK_EQ(map.get(key), value);
    PALUS_CHECK_EQ(map.size(), had ? size : size + 1);
    PALUS_CHECK(map.remove(key));
    PALUS_CHECK(!map.containsKey(key));
}

// The map iterator walks the keys in order, and its values are the map's.
PALUS_THEORY(map_iteration_matches_keys, collections::StringMap& map) {
    const std::vector<std::string> keys = map.keys();
    collections::StringMap::Iterator it = map.iterator();
    std::size_t count = 0;
    while (it.hasNext() && count <= keys.size()) {
        const std::string key = it.next();
        PALUS_CHECK(count < keys.size());
        PALUS_CHECK_EQ(key, keys[count]);
        PALUS_CHECK_EQ(it.value(), map.get(key));
        ++count;
    }
    PALUS_CHECK_EQ(count, keys.size());
}

// Adding one copy adds one to the item's count and to the size.
PALUS_THEORY(bag_add_counts_one, collections::Bag& bag, const std::string& item) {
    PALUS_ASSUME(bag.size() < 1000000);
    const int count = bag.count(item);
    const int size = bag.size();
    bag.add(item);
    PALUS_CHECK_EQ(bag.count(item), count + 1);
    PALUS_CHECK_EQ(bag.size(), size + 1);
    PALUS_CHECK(bag.remove(item));
    PALUS_CHECK_EQ(bag.count(item), count);
}

// The elements of a set are those it contains, once each, ascending.
PALUS_THEORY(set_elements_are_contained, collections::IntSet& set) {
    const std::vector<int> values = set.toVector();
    PALUS_CHECK_EQ(static_cast<int>(values.size()), set.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        PALUS_CHECK(set.contains(values[i]));
        if (i > 0) PALUS_CHECK(values[i - 1] < values[i]);
    }
}

// Invariants: sizes are never negative and agree with isEmpty().
PALUS_INVARIANT(collections::IntList, list) {
    PALUS_CHECK(list.size() >= 0);
    PALUS_CHECK_EQ(list.isEmpty(), list.size() == 0);
}

PALUS_INVARIANT(collections::LinkedIntList, list) {
    PALUS_CHECK(list.size() >= 0);
    PALUS_CHECK_EQ(list.isEmpty(), list.size() == 0);
}

PALUS_INVARIANT(collections::IntSet, set) {
    PALUS_CHECK(set.size() >= 0);
    PALUS_CHECK_EQ(set.isEmpty(), set.size() == 0);
}

PALUS_INVARIANT(collections::Bag, bag) {
    PALUS_CHECK(bag.uniqueCount() >= 0 && bag.uniqueCount() <= bag.size());
    PALUS_CHECK_EQ(bag.isEmpty(), bag.size() == 0);
}

PALUS_INVARIANT(collections::StringMap, map) {
    PALUS_CHECK(map.size() >= 0);
    PALUS_CHECK_EQ(map.isEmpty(), map.size() == 0);
}

PALUS_INVARIANT(collections::BoundedBuffer, buffer) {
    PALUS_CHECK(buffer.size() >= 0 && buffer.size() <= buffer.capacity());
    PALUS_CHECK_EQ(buffer.isFull(), buffer.size() == buffer.capacity());
    PALUS_CHECK_EQ(buffer.remainingCapacity(), buffer.capacity() - buffer.size());
}

// Small capacities, so that buffers fill up and wrap around (the boundary values of int are
// rejected by the constructor).
PALUS_PARAM_VALUES(collections::BoundedBuffer::BoundedBuffer, capacity, 1, 2, 3, 4, 8)
// Small ints: valid indices, values that repeat, and values that share a hash bucket (1 and 9, 2
// and 10 in a table of 4 or 8).
PALUS_TYPE_VALUES(int, 1, 2, 9, 10)

}  // namespace collections_theories
