#include "traps/traps.hpp"

#include <algorithm>
#include <cassert>
#include <cstdio>
#include <cstring>
#include <vector>

namespace traps {
namespace detail {

struct NodeData {
  int value = 0;
  NodeData* parent = nullptr;
  std::vector<NodeData*> children;
};

}  // namespace detail

namespace {

void destroy(detail::NodeData* node) {
  for (detail::NodeData* child : node->children) destroy(child);
  delete node;
}

std::size_t count_below(const detail::NodeData* node) {
  std::size_t n = 0;
  for (const detail::NodeData* child : node->children) n += 1 + count_below(child);
  return n;
}

// Values are stored in a form that cannot hold negative numbers. B2: setValue() documents any
// value, but nobody told this function.
void store(detail::NodeData* node, int value) {
  assert(value >= 0 && "stored values are never negative");
  node->value = value;
}

}  // namespace

bool Node::empty() const { return data_ == nullptr; }

int Node::value() const { return data_ ? data_->value : 0; }

void Node::setValue(int value) {
  if (data_) store(data_, value);
}

Node Node::append(int value) {
  if (!data_) return Node();
  auto* child = new detail::NodeData;
  child->value = value < 0 ? 0 : value;
  child->parent = data_;
  data_->children.push_back(child);
  return Node(child);
}

void Node::remove(const Node& child) {
  if (!data_ || !child.data_ || child.data_->parent != data_) return;
  auto& siblings = data_->children;
  auto found = std::find(siblings.begin(), siblings.end(), child.data_);
  if (found == siblings.end()) return;
  siblings.erase(found);
  destroy(child.data_);
}

std::size_t Node::size() const { return data_ ? data_->children.size() : 0; }

Node Node::at(std::size_t index) const {
  assert(index < size());
  return Node(data_->children[index]);
}

std::size_t Node::copyName(char* buffer, std::size_t capacity) const {
  char name[32];
  const int length = std::snprintf(name, sizeof name, "node:%d", value());
  if (capacity > 0) {
    const std::size_t n = std::min<std::size_t>(static_cast<std::size_t>(length), capacity - 1);
    std::memcpy(buffer, name, n);
    buffer[n] = '\0';
  }
  return static_cast<std::size_t>(length);
}

Document::Document() : root_(new detail::NodeData) {}

Document::~Document() {
  destroy(root_);
  if (!cleared_) delete[] title_;
}

Node Document::root() const { return Node(root_); }

void Document::clear() {
  for (detail::NodeData* child : root_->children) destroy(child);
  root_->children.clear();
  if (!cleared_) delete[] title_;
  cleared_ = true;  // B1: title_ still points to the freed title, and title() reads it
}

void Document::setTitle(const std::string& title) {
  char* copy = new char[title.size() + 1];
  std::memcpy(copy, title.c_str(), title.size() + 1);
  if (!cleared_) delete[] title_;
  cleared_ = false;
  title_ = copy;
}

std::string Document::title() const { return title_ ? std::string(title_) : std::string(); }

std::size_t Document::count() const { return count_below(root_); }

}  // namespace traps
