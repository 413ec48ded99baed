/* A host program built against an *installed* Switchyard (tests/build/consumer-test.sh):
 * it proves the installed header, library, switchyard.pc and CMake package config are
 * enough on their own. Exits non-zero if the library it loaded is not the version its
 * header describes, or not the version the build installed (argv[1]). */
#include <stdio.h>
#include <string.h>
#include <switchyard.h>

int main(int argc, char **argv) {
    const char *text = sy_version_string();
    unsigned long number = (unsigned long)sy_version_number();
    if (number != (unsigned long)SY_VERSION_NUMBER) {
        fprintf(stderr, "header says %lu, library says %lu\n",
                (unsigned long)SY_VERSION_NUMBER, number);
        return 1;
    }
    if (text == NULL || strcmp(text, SY_VERSION_STRING) != 0) {
        fprintf(stderr, "header says %s, library says %s\n", SY_VERSION_STRING,
                text ? text : "(null)");
        return 1;
    }
    if (argc > 1 && strcmp(text, argv[1]) != 0) {
        fprintf(stderr, "expected version %s, library says %s\n", argv[1], text);
        return 1;
    }
    printf("switchyard %s (%lu)\n", text, number);
    return 0;
}
