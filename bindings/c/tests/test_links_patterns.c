/* test_links_patterns.c: AASA path patterns through sy_links_aasa_decide() against a plain
 * matcher written here: random patterns of letters, '?' and '*' on random paths decide as the
 * definition says (pieces between '*' longer than a machine word included), and a 32 KB path
 * against a piece of 10,001 wildcards and letters. */
#include <stdlib.h>

#include "sy_test.h"

#define APP "ABCDE12345.com.example.app"
#define MAX_PATTERN 160
#define MAX_TEXT 32100

/* Whole-text glob match by dynamic programming: '*' any run, '?' one character. */
static int plain_match(const char *p, const char *s)
{
    size_t n = strlen(s), q;
    char *reach = calloc(n + 1, 1), *next = calloc(n + 1, 1);
    int out;

    assert_non_null(reach);
    assert_non_null(next);
    reach[0] = 1;
    for (; *p; p++) {
        memset(next, 0, n + 1);
        for (q = 0; q <= n; q++) {
            if (!reach[q])
                continue;
            if (*p == '*') {
                memset(next + q, 1, n + 1 - q);
                break;
            }
            if (q < n && (*p == '?' || s[q] == *p))
                next[q + 1] = 1;
        }
        memcpy(reach, next, n + 1);
    }
    out = reach[n];
    free(reach);
    free(next);
    return out;
}

/* Whether the one-rule file {"/": "/" pattern} lets the app open https://example.com/text. */
static int decide(const char *pattern, const char *text)
{
    static char json[MAX_PATTERN * 100 + 200], url[MAX_TEXT + 40];
    sy_links_aasa *a = NULL;
    sy_links_decision d[2];
    size_t count = 0;
    sy_error err;

    snprintf(json, sizeof json, "{\"applinks\":{\"details\":[{\"appIDs\":[\"" APP "\"],\"components\":[{\"/\":\"/%s\"}]}]}}",
             pattern);
    snprintf(url, sizeof url, "https://example.com/%s", text);
    assert_status(SY_OK, sy_links_aasa_new(&a, LIT(json), 0, 0, &err), &err);
    assert_status(SY_OK, sy_links_aasa_decide(d, 2, &count, a, LIT("example.com"), LIT(url), &err), &err);
    sy_links_aasa_free(a);
    assert_true(count <= 1);
    return count == 1 && d[0].verdict == SY_LINKS_MATCH;
}

/* A small deterministic generator, so a failure reproduces. */
static unsigned long long seed = 20261128ULL;
static unsigned next_random(unsigned bound)
{
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)((seed >> 33) % bound);
}

static void random_pattern(char *p)
{
    unsigned len = 1 + next_random(next_random(3) == 0 ? 150 : 30), i;
    for (i = 0; i < len; i++) {
        unsigned r = next_random(100);
        p[i] = r < 4 ? '*' : r < 35 ? '?' : "ab"[next_random(2)];
    }
    p[len] = '\0';
}

/* A text made of the pattern's own characters, sometimes with one changed. */
static void fitting_text(const char *p, char *s)
{
    size_t n = 0, k;
    for (; *p; p++) {
        if (*p == '*') {
            unsigned run = next_random(40);
            while (run--)
                s[n++] = "ab"[next_random(2)];
        } else {
            s[n++] = *p == '?' ? "ab"[next_random(2)] : *p;
        }
    }
    s[n] = '\0';
    if (n > 0 && next_random(3) == 0) {
        k = next_random((unsigned)n);
        s[k] = "ab"[next_random(2)];
    }
}

/* HEADER: "Which apps the file lets open an https URL, as iOS decides: the ordered decisions." */
static void random_patterns_decide_as_the_plain_matcher(void **state)
{
    char pattern[MAX_PATTERN + 1], text[MAX_PATTERN * 40 + 1], p[MAX_PATTERN + 2], s[MAX_PATTERN * 40 + 2];
    int round, matched = 0;
    (void)state;
    for (round = 0; round < 600; round++) {
        random_pattern(pattern);
        if (round % 2 == 0) {
            fitting_text(pattern, text);
        } else {
            unsigned len = next_random(300), i;
            for (i = 0; i < len; i++)
                text[i] = "ab"[next_random(2)];
            text[len] = '\0';
        }
        snprintf(p, sizeof p, "/%s", pattern);
        snprintf(s, sizeof s, "/%s", text);
        int want = plain_match(p, s);
        if (decide(pattern, text) != want)
            fail_msg("pattern /%s on path /%s: expected %s", pattern, text, want ? "a match" : "no match");
        matched += want;
    }
    /* Both answers occur often enough for the comparison to mean something. */
    assert_in_range(matched, 100, 500);
}

static void a_long_piece_of_wildcards_on_a_32_kb_path(void **state)
{
    static char pattern[MAX_PATTERN * 100], text[MAX_TEXT];
    size_t n = 0;
    int i;
    (void)state;
    pattern[n++] = '*';
    for (i = 0; i < 5000; i++) {
        pattern[n++] = 'a';
        pattern[n++] = '?';
    }
    memcpy(pattern + n, "b*", 3);
    memset(text, 'a', 16000);
    text[16000] = '\0';
    assert_false(decide(pattern, text));
    memcpy(text + 10000, "bb", 3);
    assert_true(decide(pattern, text));
    /* On a 32 KB path the scan would cost more than the decision step limit: refused. */
    {
        static char json[MAX_PATTERN * 100 + 200], url[MAX_TEXT + 40];
        sy_links_aasa *a = NULL;
        sy_links_decision d[2];
        size_t count = 0;
        sy_error err;
        memset(text, 'a', 32000);
        text[32000] = '\0';
        snprintf(json, sizeof json, "{\"applinks\":{\"details\":[{\"appIDs\":[\"" APP "\"],\"components\":[{\"/\":\"/%s\"}]}]}}",
                 pattern);
        snprintf(url, sizeof url, "https://example.com/%s", text);
        assert_status(SY_OK, sy_links_aasa_new(&a, LIT(json), 0, 0, &err), &err);
        assert_status(SY_ERR_LIMIT, sy_links_aasa_decide(d, 2, &count, a, LIT("example.com"), LIT(url), &err), &err);
        sy_links_aasa_free(a);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_patterns_decide_as_the_plain_matcher),
        cmocka_unit_test(a_long_piece_of_wildcards_on_a_32_kb_path),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
