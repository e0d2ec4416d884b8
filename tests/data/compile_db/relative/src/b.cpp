int lib_b() { return 2; }
