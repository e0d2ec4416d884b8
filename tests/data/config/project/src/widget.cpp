#include "lib/widget.hpp"
int lib::Widget::size() const { return 1; }
