/* The wrapper a `c fragment` block of the docs is compiled in (tests/docs/doc_blocks.py):
 * the names such a block may use without declaring them, as a program would have them.
 * A block marked `scope=file` (definitions of its own) is compiled at file scope. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "switchyard.h"

#ifdef DOC_FILE_SCOPE
/* FRAGMENT */
#else
void doc_fragment(sy_router *router, sy_match *match, const char *url, size_t url_len,
                  const char *json, size_t json_len);

void doc_fragment(sy_router *router, sy_match *match, const char *url, size_t url_len,
                  const char *json, size_t json_len)
{
    sy_error err;
    sy_status rc;
    (void)router; (void)match; (void)url; (void)url_len; (void)json; (void)json_len;
    (void)err; (void)rc;
    {
/* FRAGMENT */
    }
}
#endif
