// traps: a small document library whose API can be misused in the ways real libraries are
// (pugixml's handles, buffer-and-size calls, asserted preconditions). palus must report its two
// real bugs (BUGS.md) and none of the misuses as a bug.
#pragma once

#include <cstddef>
#include <string>

namespace traps {

namespace detail {
struct NodeData;
}

// A handle to a node of a Document, cheap to copy; a default-constructed handle is null. A handle
// is invalid once its node is removed or its document cleared: using it then is undefined
// behaviour, the caller's error (as with pugixml's xml_node).
class Node {
public:
  Node() = default;

  bool empty() const;        // a null handle
  int value() const;         // 0 for a null handle
  void setValue(int value);  // any value; nothing for a null handle
  Node append(int value);    // a new last child (a null handle for a null handle)
  // Deletes `child` and its subtree; `child` must be a child of this node.
  void remove(const Node& child);
  std::size_t size() const;  // the number of children
  // The index-th child. Requires index < size() (asserted).
  Node at(std::size_t index) const;
  // Writes "node:<value>" into `buffer`, NUL-terminated, at most `capacity` chars including the
  // NUL; `buffer` must hold `capacity` chars. Returns the length of the whole name.
  std::size_t copyName(char* buffer, std::size_t capacity) const;

private:
  explicit Node(detail::NodeData* data) : data_(data) {}
  detail::NodeData* data_ = nullptr;
  friend class Document;
};

class Document {
public:
  Document();
  ~Document();
  Document(const Document&) = delete;
  Document& operator=(const Document&) = delete;

  Node root() const;
  // Removes every node below the root (their handles become invalid) and the title.
  void clear();
  void setTitle(const std::string& title);
  std::string title() const;  // "" when none was set or after clear()
  std::size_t count() const;  // nodes below the root

private:
  detail::NodeData* root_;
  char* title_ = nullptr;
  bool cleared_ = false;  // title_ was freed by clear()
};

}  // namespace traps
