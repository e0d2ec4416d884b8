// Builds a small document the way the traps library is meant to be used.
#include <cstdio>

#include "traps/traps.hpp"

int main() {
  traps::Document doc;
  doc.setTitle("inventory");
  traps::Node root = doc.root();
  traps::Node shelf = root.append(1);
  traps::Node box = shelf.append(2);
  box.setValue(7);
  shelf.append(3);
  char name[16];
  box.copyName(name, sizeof name);
  std::printf("%s: %zu nodes, first child %d, name %s\n", doc.title().c_str(), doc.count(), shelf.at(0).value(), name);
  shelf.remove(box);
  std::printf("after remove: %zu nodes, shelf has %zu\n", doc.count(), shelf.size());
  doc.clear();
  doc.setTitle("empty");
  std::printf("%s: %zu nodes, root empty: %d\n", doc.title().c_str(), doc.count(), root.empty() ? 1 : 0);
  return 0;
}
