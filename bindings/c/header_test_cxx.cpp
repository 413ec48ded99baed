// header_test_cxx.cpp: header_test.c compiled as C++ (-std=c++11 -Wall -Wextra
// -pedantic -Werror), so switchyard.h is checked in both languages from one source.
#include "header_test.c"
