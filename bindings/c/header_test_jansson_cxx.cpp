// switchyard_jansson.h as C++11: the C test compiled by a C++ compiler.
#include "header_test_jansson.c"
