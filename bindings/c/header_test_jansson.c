/* header_test_jansson.c: switchyard_jansson.h compiles alone, as strict C99 (-pedantic)
 * and, through header_test_jansson_cxx.cpp, as C++11; its functions link. */
#include "switchyard_jansson.h"

int main(void)
{
    /* Take each function's address with its declared type, so a signature change fails. */
    sy_status (*load)(sy_router *, const json_t *, sy_error *) = sy_router_load_rules_json;
    sy_status (*to_json)(json_t **, const sy_match *, sy_error *) = sy_match_to_json_t;
    json_t *out = NULL;
    /* "SY_ERR_MISUSE if router or doc is NULL"; "out set to NULL on failure". */
    if (load(NULL, NULL, NULL) != SY_ERR_MISUSE)
        return 1;
    if (to_json(&out, NULL, NULL) != SY_ERR_MISUSE || out != NULL)
        return 1;
    return 0;
}
