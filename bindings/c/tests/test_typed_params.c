/*
 * test_typed_params.c: sy_match_param_int, sy_match_param_float and sy_match_param_text,
 * one table of (URL, name) cases each with the status and value the header promises, and
 * the argument checks; then the deprecated 1-or-0 getters (sy_match_int, sy_match_float,
 * sy_match_text) on the same router.
 */
#include <stdint.h>
#include <stdlib.h>
#include "sy_test.h"

static sy_router *g_router;

static sy_str text_of(const char *t)
{
    sy_str out;
    out.ptr = t;
    out.len = strlen(t);
    return out;
}

static int setup(void **state)
{
    sy_route rt;
    sy_param defaults[3];
    sy_error err;
    (void)state;
    g_router = sy_test_router(NULL);
    sy_test_add(g_router, "/user/<int:id>/post/<int:post>", "Post");
    sy_test_add(g_router, "/geo/<float:lat>/:place", "Map");
    memset(defaults, 0, sizeof defaults);
    defaults[0].name = text_of("page");
    defaults[0].type = SY_VALUE_INT;
    defaults[0].int_value = 5;
    defaults[1].name = text_of("zoom");
    defaults[1].type = SY_VALUE_FLOAT;
    defaults[1].float_value = 2.5;
    defaults[2].name = text_of("big");
    defaults[2].type = SY_VALUE_INT;
    defaults[2].int_value = 9007199254740993LL; /* 2^53 + 1: no double holds it */
    sy_route_init(&rt, SY_ROUTE_VERSION);
    rt.pattern = text_of("/list");
    rt.target = text_of("List");
    rt.defaults = defaults;
    rt.defaults_count = 3;
    assert_status(SY_OK, sy_router_add_route(g_router, &rt, &err), &err);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    sy_router_free(g_router);
    return 0;
}

/* What each getter answers for one parameter of one URL. */
typedef struct typed_case {
    const char *url;
    const char *name;
    sy_status int_status;
    int64_t int_value;
    sy_status float_status;
    double float_value;
    sy_status text_status;
    const char *text;
} typed_case;

/* HEADER: "One rule in every language: a typed read takes a value of that type, or text
 * that is written as one, and nothing else" and "SY_ERR_NOT_FOUND when the match has
 * no parameter of that name, or the last resolve matched no route;" and "an SY_VALUE_INT
 * converted to double (exact up to 2^53 in magnitude, else the nearest double), or text
 * that is a finite decimal number" and "Every parameter has a text, so this never gives
 * SY_ERR_TYPE." */
static const typed_case cases[] = {
    /* typed path parameters: the text is as written */
    {"/user/007/post/-3", "id", SY_OK, 7, SY_OK, 7.0, SY_OK, "007"},
    {"/user/007/post/-3", "post", SY_OK, -3, SY_OK, -3.0, SY_OK, "-3"},
    {"/geo/-12.25/home", "lat", SY_ERR_TYPE, 0, SY_OK, -12.25, SY_OK, "-12.25"},
    {"/geo/1.50/home", "lat", SY_ERR_TYPE, 0, SY_OK, 1.5, SY_OK, "1.50"},
    {"/geo/1.5/h%20me", "place", SY_ERR_TYPE, 0, SY_ERR_TYPE, 0, SY_OK, "h me"},
    /* text reads as a number when it is written as one, and only then */
    {"/user/1/post/2?q=12", "q", SY_OK, 12, SY_OK, 12.0, SY_OK, "12"},
    {"/user/1/post/2?q=%2B12", "q", SY_OK, 12, SY_OK, 12.0, SY_OK, "+12"},
    {"/user/1/post/2?q=-007", "q", SY_OK, -7, SY_OK, -7.0, SY_OK, "-007"},
    {"/geo/1/x?x=1.5", "x", SY_ERR_TYPE, 0, SY_OK, 1.5, SY_OK, "1.5"},
    {"/geo/1/x?x=-1e3", "x", SY_ERR_TYPE, 0, SY_OK, -1000.0, SY_OK, "-1e3"},
    {"/geo/1/x?x=4.0", "x", SY_ERR_TYPE, 0, SY_OK, 4.0, SY_OK, "4.0"},
    {"/geo/1/x?x=%204", "x", SY_ERR_TYPE, 0, SY_ERR_TYPE, 0, SY_OK, " 4"},
    {"/geo/1/x?x=0x10", "x", SY_ERR_TYPE, 0, SY_ERR_TYPE, 0, SY_OK, "0x10"},
    {"/geo/1/x?x=nan", "x", SY_ERR_TYPE, 0, SY_ERR_TYPE, 0, SY_OK, "nan"},
    {"/geo/1/x?x=inf", "x", SY_ERR_TYPE, 0, SY_ERR_TYPE, 0, SY_OK, "inf"},
    {"/geo/1/x?x=9223372036854775808", "x", SY_ERR_TYPE, 0, SY_OK, 9223372036854775808.0, SY_OK,
     "9223372036854775808"},
    {"/geo/1/x?x=-9223372036854775808", "x", SY_OK, INT64_MIN, SY_OK, -9223372036854775808.0, SY_OK,
     "-9223372036854775808"},
    {"/user/1/post/2?empty=", "empty", SY_ERR_TYPE, 0, SY_ERR_TYPE, 0, SY_OK, ""},
    /* defaults keep the type the route gave them */
    {"/list", "page", SY_OK, 5, SY_OK, 5.0, SY_OK, "5"},
    {"/list", "zoom", SY_ERR_TYPE, 0, SY_OK, 2.5, SY_OK, "2.5"},
    {"/list", "big", SY_OK, 9007199254740993LL, SY_OK, 9007199254740992.0, SY_OK, "9007199254740993"},
    /* not there: another name, or a miss */
    {"/user/1/post/2", "nope", SY_ERR_NOT_FOUND, 0, SY_ERR_NOT_FOUND, 0, SY_ERR_NOT_FOUND, NULL},
    {"/nowhere?q=1", "q", SY_ERR_NOT_FOUND, 0, SY_ERR_NOT_FOUND, 0, SY_ERR_NOT_FOUND, NULL},
};

static void getters_answer_the_table(void **state)
{
    sy_match *m = sy_test_match();
    size_t i;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const typed_case *c = &cases[i];
        int64_t iv = -99;
        double fv = -99.0;
        sy_str tv = {"unchanged", 9};
        sy_error err;
        sy_test_resolve(m, g_router, c->url);

        assert_int_equal(sy_match_param_int(&iv, m, c->name, SY_NUL, &err), c->int_status);
        assert_int_equal(err.code, c->int_status);
        if (c->int_status == SY_OK)
            assert_true(iv == c->int_value);
        else {
            assert_true(iv == -99); /* the default stays */
            assert_true(err.message[0] != '\0');
        }

        assert_int_equal(sy_match_param_float(&fv, m, c->name, SY_NUL, &err), c->float_status);
        assert_true(fv == (c->float_status == SY_OK ? c->float_value : -99.0));

        assert_int_equal(sy_match_param_text(&tv, m, c->name, SY_NUL, &err), c->text_status);
        if (c->text_status == SY_OK)
            assert_str(tv, c->text);
        else
            assert_str(tv, "unchanged");

        /* Without an sy_error the answer is the same. */
        assert_int_equal(sy_match_param_int(&iv, m, c->name, SY_NUL, NULL), c->int_status);
        assert_int_equal(sy_match_param_float(&fv, m, c->name, SY_NUL, NULL), c->float_status);
        assert_int_equal(sy_match_param_text(&tv, m, c->name, SY_NUL, NULL), c->text_status);
    }
    sy_match_free(m);
}

/* HEADER: "SY_ERR_NOT_FOUND when the match has no parameter of that name" (the message
 * names it) and "Receives the value on SY_OK; left unchanged otherwise, so a value set
 * before the call serves as a default." */
static void messages_name_the_parameter(void **state)
{
    sy_match *m = sy_test_match();
    sy_error err;
    int64_t page = 1;
    (void)state;
    sy_test_resolve(m, g_router, "/user/1/post/2?tab=a");
    assert_int_equal(sy_match_param_int(&page, m, SY_STR("page"), &err), SY_ERR_NOT_FOUND);
    assert_non_null(strstr(err.message, "\"page\""));
    assert_int_equal(err.position, -1);
    assert_true(page == 1);
    assert_int_equal(sy_match_param_int(&page, m, SY_STR("tab"), &err), SY_ERR_TYPE);
    assert_non_null(strstr(err.message, "\"tab\" is the text \"a\", which is not an integer"));
    sy_test_resolve(m, g_router, "/nowhere");
    assert_int_equal(sy_match_param_int(&page, m, SY_STR("id"), &err), SY_ERR_NOT_FOUND);
    assert_non_null(strstr(err.message, "matched no route"));
    sy_match_free(m);
}

/* HEADER: "SY_ERR_MISUSE if out or match is NULL, match is not a match, or name is NULL
 * with a non-zero length or with SY_NUL;" and "SY_ERR_INVALID_ARGUMENT if name_len is
 * over SIZE_MAX / 2." */
static void bad_arguments_are_statuses(void **state)
{
    sy_match *m = sy_test_match();
    sy_match *fresh = sy_test_match();
    sy_error err;
    int64_t v = 99;
    double f = 99;
    sy_str t = {"unchanged", 9};
    (void)state;
    sy_test_resolve(m, g_router, "/user/7/post/2");
    assert_int_equal(sy_match_param_int(NULL, m, "id", SY_NUL, &err), SY_ERR_MISUSE);
    assert_int_equal(sy_match_param_float(NULL, m, "id", SY_NUL, &err), SY_ERR_MISUSE);
    assert_int_equal(sy_match_param_text(NULL, m, "id", SY_NUL, &err), SY_ERR_MISUSE);
    assert_int_equal(sy_match_param_int(&v, NULL, "id", SY_NUL, &err), SY_ERR_MISUSE);
    assert_int_equal(sy_match_param_int(&v, (const sy_match *)g_router, "id", SY_NUL, &err), SY_ERR_MISUSE);
    assert_int_equal(sy_match_param_int(&v, m, NULL, SY_NUL, &err), SY_ERR_MISUSE);
    assert_int_equal(sy_match_param_int(&v, m, NULL, 2, &err), SY_ERR_MISUSE);
    assert_int_equal(sy_match_param_float(&f, m, NULL, 3, &err), SY_ERR_MISUSE);
    assert_int_equal(sy_match_param_text(&t, m, NULL, 1, &err), SY_ERR_MISUSE);
    assert_int_equal(sy_match_param_int(&v, m, "id", SIZE_MAX / 2 + 1, &err), SY_ERR_INVALID_ARGUMENT);
    assert_int_equal(sy_match_param_int(&v, m, "id", SIZE_MAX - 1, &err), SY_ERR_INVALID_ARGUMENT);
    assert_int_equal(sy_match_param_text(&t, m, "id", SIZE_MAX / 2 + 1, NULL), SY_ERR_INVALID_ARGUMENT);
    /* NULL with length 0 is the empty name: not there */
    assert_int_equal(sy_match_param_int(&v, m, NULL, 0, &err), SY_ERR_NOT_FOUND);
    /* a name by its length: "idx" cut to "id" */
    assert_int_equal(sy_match_param_int(&v, m, "idx", 2, &err), SY_OK);
    assert_true(v == 7);
    /* a match never resolved has no parameters */
    assert_int_equal(sy_match_param_int(&v, fresh, "id", SY_NUL, &err), SY_ERR_NOT_FOUND);
    assert_true(f == 99);
    assert_str(t, "unchanged");
    sy_match_free(fresh);
    sy_match_free(m);
}

/* HEADER: "the text "true" or "1" reads as 1, "false" or "0" as 0 (exactly these, in
 * lower case), and so do the integers 1 and 0; anything else is SY_ERR_TYPE." */
static void bool_reads_yes_and_no(void **state)
{
    static const struct { const char *url; const char *name; sy_status status; int value; } table[] = {
        {"/user/1/post/2?b=true", "b", SY_OK, 1},
        {"/user/1/post/2?b=1", "b", SY_OK, 1},
        {"/user/1/post/2?b=false", "b", SY_OK, 0},
        {"/user/1/post/2?b=0", "b", SY_OK, 0},
        {"/user/1/post/2", "id", SY_OK, 1},
        {"/user/0/post/2", "id", SY_OK, 0},
        {"/user/1/post/2", "post", SY_ERR_TYPE, 0},
        {"/user/1/post/2?b=True", "b", SY_ERR_TYPE, 0},
        {"/user/1/post/2?b=yes", "b", SY_ERR_TYPE, 0},
        {"/user/1/post/2?b=", "b", SY_ERR_TYPE, 0},
        {"/geo/1/x", "lat", SY_ERR_TYPE, 0},
        {"/user/1/post/2", "b", SY_ERR_NOT_FOUND, 0},
    };
    sy_match *m = sy_test_match();
    size_t i;
    (void)state;
    for (i = 0; i < sizeof table / sizeof table[0]; i++) {
        int v = 42;
        sy_error err;
        sy_test_resolve(m, g_router, table[i].url);
        assert_int_equal(sy_match_param_bool(&v, m, table[i].name, SY_NUL, &err), table[i].status);
        assert_int_equal(v, table[i].status == SY_OK ? table[i].value : 42);
    }
    assert_int_equal(sy_match_param_bool(NULL, m, "b", SY_NUL, NULL), SY_ERR_MISUSE);
    sy_match_free(m);
}

/* The deprecated getters, kept for one release: the same answers as the typed getters
 * (above) folded into 1 or 0.
 * HEADER (sy_match_int): "This returns 1 exactly when sy_match_param_int() with a non-NULL out
 * would give SY_OK, 0 otherwise, and writes *out (out may be NULL) only on 1." */
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
static void match_int_reads_int_parameters(void **state)
{
    sy_match *m = sy_test_match();
    int64_t v = -1;
    (void)state;
    sy_test_resolve(m, g_router, "/user/007/post/-3?q=12");
    assert_int_equal(sy_match_int(m, "id", SY_NUL, &v), 1);
    assert_int_equal(v, 7);
    assert_int_equal(sy_match_int(m, SY_STR("post"), &v), 1);
    assert_int_equal(v, -3);
    /* a name by its length: "idx" cut to "id" */
    v = 0;
    assert_int_equal(sy_match_int(m, "idx", 2, &v), 1);
    assert_int_equal(v, 7);
    /* out may be NULL: only the answer */
    assert_int_equal(sy_match_int(m, "id", SY_NUL, NULL), 1);

    /* a query item that is a whole number reads as one */
    assert_int_equal(sy_match_int(m, "q", SY_NUL, &v), 1);
    assert_int_equal(v, 12);

    /* 0, and *out untouched: an unknown name, bad names */
    v = 99;
    assert_int_equal(sy_match_int(m, "nope", SY_NUL, &v), 0);
    assert_int_equal(sy_match_int(m, NULL, 0, &v), 0);
    assert_int_equal(sy_match_int(m, NULL, SY_NUL, &v), 0);
    assert_int_equal(sy_match_int(m, NULL, 2, &v), 0);
    assert_int_equal(sy_match_int(m, "id", SIZE_MAX - 1, &v), 0);
    assert_int_equal(sy_match_int(m, "id", SIZE_MAX / 2 + 1, &v), 0);
    assert_int_equal(sy_match_int(NULL, "id", SY_NUL, &v), 0);
    assert_int_equal(sy_match_int((const sy_match *)g_router, "id", SY_NUL, &v), 0);
    assert_int_equal(v, 99);

    /* another type: a float and a string parameter */
    sy_test_resolve(m, g_router, "/geo/1.5/home");
    assert_int_equal(sy_match_int(m, "lat", SY_NUL, &v), 0);
    assert_int_equal(sy_match_int(m, "place", SY_NUL, &v), 0);
    assert_int_equal(v, 99);

    /* an integer default */
    sy_test_resolve(m, g_router, "/list");
    assert_int_equal(sy_match_int(m, "page", SY_NUL, &v), 1);
    assert_int_equal(v, 5);
    assert_int_equal(sy_match_int(m, "big", SY_NUL, &v), 1);
    assert_true(v == 9007199254740993LL);

    /* a miss has no parameters; a fresh match neither */
    v = 99;
    sy_test_resolve(m, g_router, "/nowhere");
    assert_int_equal(sy_match_int(m, "id", SY_NUL, &v), 0);
    assert_int_equal(v, 99);
    sy_match_free(m);
    m = sy_test_match();
    assert_int_equal(sy_match_int(m, "id", SY_NUL, &v), 0);
    sy_match_free(m);
}

/* HEADER (sy_match_float): "Returns 1 exactly when it would give SY_OK with
 * a non-NULL out, 0 otherwise; out may be NULL." */
static void match_float_reads_numbers(void **state)
{
    sy_match *m = sy_test_match();
    double v = -1;
    (void)state;
    sy_test_resolve(m, g_router, "/geo/-12.25/home?x=1.5");
    assert_int_equal(sy_match_float(m, "lat", SY_NUL, &v), 1);
    assert_true(v == -12.25);
    assert_int_equal(sy_match_float(m, SY_STR("lat"), NULL), 1);

    v = 99;
    assert_int_equal(sy_match_float(m, "place", SY_NUL, &v), 0);
    assert_int_equal(sy_match_float(m, "x", SY_NUL, &v), 1); /* "1.5" from the query */
    assert_true(v == 1.5);
    v = 99;
    assert_int_equal(sy_match_float(m, "nope", SY_NUL, &v), 0);
    assert_int_equal(sy_match_float(m, NULL, SY_NUL, &v), 0);
    assert_int_equal(sy_match_float(m, NULL, 3, &v), 0);
    assert_int_equal(sy_match_float(m, "lat", SIZE_MAX - 1, &v), 0);
    assert_int_equal(sy_match_float(NULL, "lat", SY_NUL, &v), 0);
    assert_int_equal(sy_match_float((const sy_match *)g_router, "lat", SY_NUL, &v), 0);
    assert_true(v == 99);

    /* an int reads as a float: exact below 2^53, the nearest double above */
    sy_test_resolve(m, g_router, "/user/42/post/1");
    assert_int_equal(sy_match_float(m, "id", SY_NUL, &v), 1);
    assert_true(v == 42.0);
    sy_test_resolve(m, g_router, "/list");
    assert_int_equal(sy_match_float(m, "zoom", SY_NUL, &v), 1);
    assert_true(v == 2.5);
    assert_int_equal(sy_match_float(m, "big", SY_NUL, &v), 1);
    assert_true(v == 9007199254740992.0);
    sy_match_free(m);
}

/* HEADER (sy_match_text): "Returns 1 exactly when it would give SY_OK with
 * a non-NULL out, 0 otherwise; out may be NULL." */
static void match_text_reads_any_parameter(void **state)
{
    sy_match *m = sy_test_match();
    sy_str t = {"unchanged", 9};
    (void)state;
    sy_test_resolve(m, g_router, "/user/007/post/2?q=a%20b&empty=");
    assert_int_equal(sy_match_text(m, "id", SY_NUL, &t), 1);
    assert_str(t, "007");
    assert_int_equal(sy_match_text(m, SY_STR("q"), &t), 1);
    assert_str(t, "a b");
    assert_int_equal(sy_match_text(m, "empty", SY_NUL, &t), 1);
    assert_non_null(t.ptr);
    assert_int_equal(t.len, 0);
    assert_int_equal(sy_match_text(m, "q", SY_NUL, NULL), 1);

    t = text_of("unchanged");
    assert_int_equal(sy_match_text(m, "nope", SY_NUL, &t), 0);
    assert_int_equal(sy_match_text(m, NULL, SY_NUL, &t), 0);
    assert_int_equal(sy_match_text(m, NULL, 1, &t), 0);
    assert_int_equal(sy_match_text(m, "q", SIZE_MAX / 2 + 1, &t), 0);
    assert_int_equal(sy_match_text(NULL, "q", SY_NUL, &t), 0);
    assert_int_equal(sy_match_text((const sy_match *)g_router, "q", SY_NUL, &t), 0);
    assert_str(t, "unchanged");

    sy_test_resolve(m, g_router, "/geo/1.50/home");
    assert_int_equal(sy_match_text(m, "lat", SY_NUL, &t), 1);
    assert_str(t, "1.50");
    sy_test_resolve(m, g_router, "/list");
    assert_int_equal(sy_match_text(m, "page", SY_NUL, &t), 1);
    assert_str(t, "5");
    assert_int_equal(sy_match_text(m, "zoom", SY_NUL, &t), 1);
    assert_str(t, "2.5");
    t = text_of("unchanged");
    sy_test_resolve(m, g_router, "/nowhere?q=1");
    assert_int_equal(sy_match_text(m, "q", SY_NUL, &t), 0);
    assert_str(t, "unchanged");
    sy_match_free(m);
}

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic pop
#endif

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(getters_answer_the_table),
        cmocka_unit_test(messages_name_the_parameter),
        cmocka_unit_test(bad_arguments_are_statuses),
        cmocka_unit_test(bool_reads_yes_and_no),
        cmocka_unit_test(match_int_reads_int_parameters),
        cmocka_unit_test(match_float_reads_numbers),
        cmocka_unit_test(match_text_reads_any_parameter),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
