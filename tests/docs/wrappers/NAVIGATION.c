/* The wrapper of docs/NAVIGATION.md's C fragments (tests/docs/doc_blocks.py): an app's own
 * screens, as the page's handlers use them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "switchyard.h"

struct app { long user_id; };
int show_booking(void *screens, int64_t id);
void push_screen(const char *url, size_t len);
extern const uint8_t app_key[16];
extern const char *token;
void save_token(const char *token, size_t len);
void forget_token(void);

#ifdef DOC_FILE_SCOPE
/* FRAGMENT */
#else
int open_booking(const sy_match *m, void *screens, void *context);
int open_home(const sy_match *m, void *screens, void *context);
int signed_in(void *check_data, void *context);
void doc_fragment(sy_router *router, sy_match *match, const char *link, void *screens, struct app app);

void doc_fragment(sy_router *router, sy_match *match, const char *link, void *screens, struct app app)
{
    sy_error err;
    (void)err; (void)screens; (void)link;
    {
/* FRAGMENT */
    }
}
#endif
