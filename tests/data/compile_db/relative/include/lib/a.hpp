#pragma once
int lib_a();
