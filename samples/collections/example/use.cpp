// collections example: a correct use of every class (add, iterate, remove, print). It is the
// sample execution palus records its call-sequence models from, and reaches none of the bugs.
#include <iostream>
#include <string>
#include <unordered_set>

#include "collections/collections.hpp"

namespace {

int listDemo() {
    collections::IntList list;
    for (int v : {5, 3, 8, 3, 1}) list.add(v);
    list.insert(1, 7);
    list.set(0, 6);
    list.removeValue(8);
    std::cout << "list " << list << " size " << list.size() << " sum " << list.sum() << "\n";
    collections::IntList::Iterator it = list.iterator();
    while (it.hasNext()) {
        if (it.next() == 3) it.remove();  // drop every 3
    }
    collections::IntList copy = list;
    copy.add(list.get(0));
    std::cout << "without 3: " << list << ", copy " << copy << ", first 7 at " << copy.indexOf(7)
              << "\n";
    copy.removeAt(copy.size() - 1);
    copy.trimToSize();
    return copy == list && !(copy < list) && std::hash<collections::IntList>{}(copy) == list.hashCode() ? 0 : 1;
}

int linkedDemo() {
    collections::LinkedIntList list;
    list.addLast(2);
    list.addLast(4);
    list.addFirst(1);
    list.addLast(2);
    std::cout << "linked " << list << " first " << list.getFirst() << " last " << list.getLast() << "\n";
    collections::LinkedIntList::Iterator it = list.iterator();
    int sum = 0;
    while (it.hasNext()) sum += it.next();
    it = list.iterator();
    it.next();
    it.next();
    const int back = it.previous();  // steps back from the middle, not from the end
    std::cout << "sum " << sum << ", stepped back to " << back << " at " << it.nextIndex() << "\n";
    list.replaceAll(4, 5);
    std::cout << "removed " << list.removeAll(2) << " twos: " << list << "\n";
    list.reverse();
    collections::LinkedIntList copy(list);
    copy.removeFirst();
    copy.addFirst(list.get(0));
    std::cout << "reversed " << list << ", " << list.removeLast() << " removed\n";
    return copy != list && list.contains(5) ? 0 : 1;
}

int setDemo() {
    collections::IntSet odd, small;
    for (int v : {1, 3, 5, 7, 9, 11}) odd.add(v);
    for (int v = 0; v < 6; ++v) small.add(v);
    collections::IntSet both = odd;
    both.retainAll(small);
    std::cout << "odd " << odd << ", small " << small << ", both " << both << "\n";
    both.remove(3);
    collections::IntSet all;
    all.addAll(odd);
    all.addAll(small);
    std::cout << "all " << all.size() << " elements; contains both: " << all.containsAll(both) << "\n";
    std::unordered_set<std::size_t> hashes{std::hash<collections::IntSet>{}(odd), small.hashCode()};
    return all.contains(11) && !both.contains(3) && hashes.size() == 2 ? 0 : 1;
}

int bagDemo() {
    collections::Bag fruit;
    fruit.add("apple");
    fruit.add("pear", 2);
    fruit.add("apple");
    collections::Bag more;
    more.add("plum", 3);
    more.addAll(fruit);
    more.remove("plum");
    const int removed = more.remove("pear", 5);
    std::cout << "fruit " << fruit << ", more " << more << " (" << removed << " pears removed, " << more.uniqueCount()
              << " kinds)\n";
    for (const std::string& item : fruit.uniqueItems()) std::cout << "  " << item << " x" << fruit.count(item) << "\n";
    return more.containsAll(fruit) ? 1 : 0;
}

int bufferDemo() {
    collections::BoundedBuffer recent(4);
    for (int v = 1; v <= 3; ++v) recent.add(v * 10);
    std::cout << "buffer " << recent << " holds " << recent.size() << " of " << recent.capacity() << ":";
    collections::BoundedBuffer::Iterator it = recent.iterator();  // not full, not wrapped
    while (it.hasNext()) std::cout << " " << it.next();
    std::cout << "\n";
    const int oldest = recent.poll();
    recent.offer(40);
    recent.add(50);
    std::cout << "polled " << oldest << ", now " << recent << " (newest " << recent.peekLast() << ", oldest "
              << recent.peek() << ", at 2: " << recent.get(2) << ")\n";
    collections::BoundedBuffer copy = recent;
    recent.clear();
    return copy.isFull() && recent.isEmpty() && copy != recent ? 0 : 1;
}

int mapDemo() {
    collections::StringMap ages;
    ages.put("carol", "41");
    ages.put("alice", "34");
    ages.put("bob", "27");
    ages.replace("bob", "28");
    std::cout << "map " << ages << " first " << ages.firstKey() << " last " << ages.lastKey() << "\n";
    collections::StringMap::Iterator it = ages.iterator();
    while (it.hasNext()) {
        const std::string name = it.next();
        if (name == "alice") {
            it.remove();
        } else if (name == "bob") {
            it.setValue("29");
        } else {
            std::cout << "  " << name << " is " << it.value() << "\n";
        }
    }
    collections::StringMap copy(ages);
    copy.putAll(ages);
    std::cout << "after: " << ages << ", dave: " << ages.getOrDefault("dave", "?") << "\n";
    return copy == ages && ages.get("bob") == "29" && !ages.containsKey("alice") && ages.keys().size() == 2 ? 0 : 1;
}

}  // namespace

int main() {
    const int failures = listDemo() + linkedDemo() + setDemo() + bagDemo() + bufferDemo() + mapDemo();
    if (failures != 0) std::cout << failures << " demos went wrong\n";
    return failures == 0 ? 0 : 1;
}
