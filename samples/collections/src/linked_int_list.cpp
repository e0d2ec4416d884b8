#include "collections/linked_int_list.hpp"

#include <ostream>
#include <sstream>
#include <stdexcept>

namespace collections {

LinkedIntList::LinkedIntList() : head_(nullptr), tail_(nullptr), size_(0), modCount_(0) {}

LinkedIntList::LinkedIntList(const LinkedIntList& other) : LinkedIntList() {
    for (Node* n = other.head_; n != nullptr; n = n->next) addLast(n->value);
}

LinkedIntList& LinkedIntList::operator=(const LinkedIntList& other) {
    if (this == &other) return *this;
    LinkedIntList copy(other);
    clear();
    head_ = copy.head_;
    tail_ = copy.tail_;
    size_ = copy.size_;
    copy.head_ = copy.tail_ = nullptr;
    copy.size_ = 0;
    ++modCount_;
    return *this;
}

LinkedIntList::~LinkedIntList() { clear(); }

// Inserts before `successor`, or at the end when it is null.
void LinkedIntList::linkBefore(Node* successor, int value) {
    Node* predecessor = successor != nullptr ? successor->prev : tail_;
    Node* node = new Node{value, predecessor, successor};
    if (predecessor != nullptr) predecessor->next = node; else head_ = node;
    if (successor != nullptr) successor->prev = node; else tail_ = node;
    ++size_;
    ++modCount_;
}

void LinkedIntList::unlink(Node* node) {
    if (node->prev != nullptr) node->prev->next = node->next; else head_ = node->next;
    if (node->next != nullptr) node->next->prev = node->prev; else tail_ = node->prev;
    delete node;
    --size_;
    ++modCount_;
}

LinkedIntList::Node* LinkedIntList::nodeAt(int index) const {
    if (index < 0 || index >= size_) {
        throw std::out_of_range("index " + std::to_string(index) + " out of range for size " + std::to_string(size_));
    }
    Node* n = head_;
    for (int i = 0; i < index; ++i) n = n->next;
    return n;
}

void LinkedIntList::addFirst(int value) { linkBefore(head_, value); }
void LinkedIntList::addLast(int value) { linkBefore(nullptr, value); }

int LinkedIntList::removeFirst() {
    if (head_ == nullptr) throw std::out_of_range("list is empty");
    const int value = head_->value;
    unlink(head_);
    return value;
}

int LinkedIntList::removeLast() {
    if (tail_ == nullptr) throw std::out_of_range("list is empty");
    const int value = tail_->value;
    unlink(tail_);
    return value;
}

int LinkedIntList::getFirst() const {
    if (head_ == nullptr) throw std::out_of_range("list is empty");
    return head_->value;
}

int LinkedIntList::getLast() const {
    if (tail_ == nullptr) throw std::out_of_range("list is empty");
    return tail_->value;
}

int LinkedIntList::get(int index) const { return nodeAt(index)->value; }

int LinkedIntList::set(int index, int value) {
    Node* n = nodeAt(index);
    const int old = n->value;
    n->value = value;
    return old;
}

int LinkedIntList::indexOf(int value) const {
    int i = 0;
    for (Node* n = head_; n != nullptr; n = n->next, ++i) {
        if (n->value == value) return i;
    }
    return -1;
}

bool LinkedIntList::contains(int value) const { return indexOf(value) >= 0; }

int LinkedIntList::removeAll(int value) {
    int removed = 0;
    for (Node* n = head_; n != nullptr;) {
        Node* following = n->next;
        if (n->value == value) {
            unlink(n);
            ++removed;
        }
        n = following;
    }
    return removed;
}

// Known bug B3 (BUGS.md): searches again from the head after each replacement; when from == to,
// the element just replaced matches again, and the loop never ends.
int LinkedIntList::replaceAll(int from, int to) {
    long long replaced = 0;
    for (int i = indexOf(from); i >= 0; i = indexOf(from)) {
        set(i, to);
        ++replaced;
    }
    return static_cast<int>(replaced);
}

void LinkedIntList::reverse() {
    for (Node* n = head_; n != nullptr; n = n->prev) std::swap(n->prev, n->next);
    std::swap(head_, tail_);
    ++modCount_;
}

int LinkedIntList::size() const { return size_; }
bool LinkedIntList::isEmpty() const { return size_ == 0; }

void LinkedIntList::clear() {
    for (Node* n = head_; n != nullptr;) {
        Node* following = n->next;
        delete n;
        n = following;
    }
    head_ = tail_ = nullptr;
    size_ = 0;
    ++modCount_;
}

LinkedIntList::Iterator LinkedIntList::iterator() { return Iterator(*this); }

std::string LinkedIntList::toString() const {
    std::ostringstream out;
    out << '[';
    for (Node* n = head_; n != nullptr; n = n->next) out << (n != head_ ? ", " : "") << n->value;
    out << ']';
    return out.str();
}

std::size_t LinkedIntList::hashCode() const {
    std::size_t h = 1;
    for (Node* n = head_; n != nullptr; n = n->next) h = h * 31 + std::hash<int>{}(n->value);
    return h;
}

bool LinkedIntList::operator==(const LinkedIntList& other) const {
    if (size_ != other.size_) return false;
    for (Node *a = head_, *b = other.head_; a != nullptr; a = a->next, b = b->next) {
        if (a->value != b->value) return false;
    }
    return true;
}

bool LinkedIntList::operator!=(const LinkedIntList& other) const { return !(*this == other); }

std::ostream& operator<<(std::ostream& out, const LinkedIntList& list) { return out << list.toString(); }

// The iterator

LinkedIntList::Iterator::Iterator(LinkedIntList& list)
    : list_(&list), next_(list.head_), lastReturned_(nullptr), nextIndex_(0), expectedModCount_(list.modCount_) {}

void LinkedIntList::Iterator::checkForChange() const {
    if (expectedModCount_ != list_->modCount_) throw std::logic_error("list changed during iteration");
}

bool LinkedIntList::Iterator::hasNext() const { return nextIndex_ < list_->size_; }
bool LinkedIntList::Iterator::hasPrevious() const { return nextIndex_ > 0; }
int LinkedIntList::Iterator::nextIndex() const { return nextIndex_; }

int LinkedIntList::Iterator::next() {
    checkForChange();
    if (!hasNext()) throw std::out_of_range("no next element");
    lastReturned_ = next_;
    next_ = next_->next;
    ++nextIndex_;
    return lastReturned_->value;
}

// Known bug B6 (BUGS.md): at the end of the list next_ is null, and previous() should step back to
// the tail; it follows next_->prev instead.
int LinkedIntList::Iterator::previous() {
    checkForChange();
    if (!hasPrevious()) throw std::out_of_range("no previous element");
    lastReturned_ = next_ = next_->prev;
    --nextIndex_;
    return lastReturned_->value;
}

void LinkedIntList::Iterator::remove() {
    checkForChange();
    if (lastReturned_ == nullptr) throw std::logic_error("remove() without next() or previous()");
    Node* following = lastReturned_->next;
    const bool afterNext = next_ != lastReturned_;
    list_->unlink(lastReturned_);
    if (afterNext) --nextIndex_; else next_ = following;
    lastReturned_ = nullptr;
    expectedModCount_ = list_->modCount_;
}

}  // namespace collections

std::size_t std::hash<collections::LinkedIntList>::operator()(const collections::LinkedIntList& list) const noexcept {
    return list.hashCode();
}
