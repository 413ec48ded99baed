/* test_route_parent.c: sy_route.parent (version 3), the parent links Swift's Route.parent and
 * a rule document's "parent" make: the same checks when a route is added, the same stacks. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "sy_test.h"

static sy_route named(const char *pattern, const char *target, const char *name, const char *parent)
{
    sy_route rt;
    sy_route_init(&rt, SY_ROUTE_VERSION);
    rt.pattern = (sy_str){pattern, strlen(pattern)};
    rt.target = (sy_str){target, strlen(target)};
    if (name) rt.name = (sy_str){name, strlen(name)};
    if (parent) rt.parent = (sy_str){parent, strlen(parent)};
    return rt;
}

static void expect_stack(sy_match *m, size_t count, const char *const *names, const char *const *urls)
{
    sy_stack_entry e;
    sy_error err;
    size_t i;
    assert_int_equal(sy_match_stack_count(m), count);
    for (i = 0; i < count; i++) {
        assert_status(SY_OK, sy_match_stack_at(&e, m, i, &err), &err);
        assert_str(e.name, names[i]);
        assert_str(e.url, urls[i]);
    }
}

/* HEADER: "Version 3. The name of the route above this one in a screen stack ("parent" in a
 * rule document; docs/NAVIGATION.md), or absent." The stack is the one a rule document with
 * the same parents gives. */
static void parent_makes_the_stack_a_document_makes(void **state)
{
    static const char *const names[] = {"hotels", "hotel", "room"};
    static const char *const urls[] = {"myapp://hotels", "myapp://hotels/12", "myapp://hotels/12/rooms/a4"};
    static const char doc[] =
        "{\"version\": 1, \"routes\": ["
        "{\"pattern\": \"myapp://hotels\", \"target\": \"HotelList\", \"name\": \"hotels\"},"
        "{\"pattern\": \"myapp://hotels/<int:hotel>\", \"target\": \"Hotel\", \"name\": \"hotel\", \"parent\": \"hotels\"},"
        "{\"pattern\": \"myapp://hotels/<int:hotel>/rooms/:room\", \"target\": \"Room\", \"name\": \"room\", \"parent\": \"hotel\"}"
        "]}";
    sy_router *added = sy_test_router(NULL), *loaded = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_route batch[2];
    sy_route_info info;
    sy_route rt;
    sy_error err;
    (void)state;
    /* One by one, and the rest as a batch whose routes name each other. */
    rt = named("myapp://hotels", "HotelList", "hotels", NULL);
    assert_status(SY_OK, sy_router_add_route(added, &rt, &err), &err);
    batch[0] = named("myapp://hotels/<int:hotel>/rooms/:room", "Room", "room", "hotel");
    batch[1] = named("myapp://hotels/<int:hotel>", "Hotel", "hotel", "hotels");
    assert_status(SY_OK, sy_router_add_routes(added, batch, 2, &err), &err);
    assert_status(SY_OK, sy_router_load_rules(loaded, doc, SY_NUL, &err), &err);

    sy_test_resolve(m, added, "myapp://hotels/12/rooms/a4");
    expect_stack(m, 3, names, urls);
    sy_test_resolve(m, loaded, "myapp://hotels/12/rooms/a4");
    expect_stack(m, 3, names, urls);

    /* The route list gives the parent back, as for a document's route. */
    assert_status(SY_OK, sy_router_route_at(&info, added, 1, &err), &err);
    assert_str(info.name, "room");
    assert_str(info.parent, "hotel");
    assert_int_equal(info.from_document, 0);
    assert_status(SY_OK, sy_router_route_at(&info, added, 0, &err), &err);
    assert_str(info.parent, NULL);
    sy_match_free(m);
    sy_router_free(added);
    sy_router_free(loaded);
}

/* Adding `rt` fails with SY_ERR_INVALID_ARGUMENT, a message holding `words`, and the router
 * unchanged. */
static void expect_refused(sy_router *r, const sy_route *rt, const char *words)
{
    size_t before = sy_router_route_count(r);
    sy_error err;
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add_route(r, rt, &err), &err);
    assert_true(sy_test_message_has(&err, words));
    assert_int_equal(sy_router_route_count(r), before);
}

/* HEADER (sy_router_add_route): "also for a parent that no route or several routes are
 * named, whose URL needs a parameter the route does not capture or default, or that leads
 * back to the route (a loop of parents); the message names the route and the parent" */
static void parent_links_are_checked(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_route rt, batch[2];
    sy_error err;
    (void)state;
    rt = named("/hotels/<int:hotel>", "Hotel", "hotel", NULL);
    assert_status(SY_OK, sy_router_add_route(r, &rt, &err), &err);

    rt = named("/about", "About", NULL, "nowhere");
    expect_refused(r, &rt, "'nowhere'");
    /* The parent's URL needs hotel, which /rooms/:room does not capture. */
    rt = named("/rooms/:room", "Room", NULL, "hotel");
    expect_refused(r, &rt, "'hotel'");
    /* ... unless a default gives it. */
    {
        sy_param d;
        memset(&d, 0, sizeof d);
        d.name = (sy_str){SY_STR("hotel")};
        d.type = SY_VALUE_INT;
        d.int_value = 1;
        rt.defaults = &d;
        rt.defaults_count = 1;
        assert_status(SY_OK, sy_router_add_route(r, &rt, &err), &err);
    }

    /* A loop of parents, within one batch: nothing of the batch is added. */
    batch[0] = named("/a", "A", "a", "b");
    batch[1] = named("/b", "B", "b", "a");
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add_routes(r, batch, 2, &err), &err);
    assert_true(sy_test_message_has(&err, "loop"));
    assert_int_equal(err.route_index, 0);
    assert_int_equal(sy_router_route_count(r), 2);
    /* A route may not be its own parent. */
    rt = named("/self", "Self", "self", "self");
    expect_refused(r, &rt, "loop");

    /* Two routes of the parent's name: which one is meant is unknown. */
    rt = named("/hotel2/<int:hotel>", "Hotel", "hotel", NULL);
    assert_status(SY_OK, sy_router_add_route(r, &rt, &err), &err);
    rt = named("/hotels/<int:hotel>/map", "Map", NULL, "hotel");
    expect_refused(r, &rt, "2 routes");

    /* Not UTF-8, or NULL with a length: as for the other strings. */
    rt = named("/x", "X", NULL, NULL);
    rt.parent = (sy_str){"\xff", 1};
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add_route(r, &rt, &err), &err);
    assert_true(sy_test_message_has(&err, "parent"));
    rt.parent = (sy_str){NULL, 3};
    assert_status(SY_ERR_MISUSE, sy_router_add_route(r, &rt, &err), &err);
    sy_router_free(r);
}

/* A version 2 struct followed by bytes that would be a misuse if read as parent (NULL with
 * a length): reading past the struct shows as an error. */
typedef struct guarded_v2 {
    route_v2 route;
    sy_str after;
} guarded_v2;

/* HEADER: "A struct of an earlier version (filled with sy_route_init(&route, 1) or 2) is
 * still read, up to its last field; the library never reads or writes past it, and reads
 * it as a route without the later fields (no search or hash patterns, no parent)." */
static void version_2_route_is_still_read(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    guarded_v2 one;
    sy_str before;
    sy_route_info info;
    sy_error err;
    route_v2 pair[2];
    (void)state;
    assert_int_equal(sizeof(route_v2), offsetof(sy_route, parent));
    memset(&one, 0x5A, sizeof one);
    one.after.ptr = NULL;
    one.after.len = 5;
    before = one.after;
    assert_int_equal(sy_route_init((sy_route *)&one, 2), SY_OK);
    assert_int_equal(one.route.v1.version, 2);
    assert_null(one.route.hash.ptr);
    assert_memory_equal(&one.after, &before, sizeof before); /* nothing written past it */
    one.route.v1.pattern = (sy_str){SY_STR("/v2/:id")};
    one.route.v1.target = (sy_str){SY_STR("Two")};
    one.route.v1.name = (sy_str){SY_STR("two")};
    assert_status(SY_OK, sy_router_add_route(r, (const sy_route *)&one, &err), &err);
    sy_test_resolve(m, r, "/v2/5");
    assert_str(sy_match_target(m), "Two");
    assert_int_equal(sy_match_stack_count(m), 1);
    assert_status(SY_OK, sy_router_route_at(&info, r, 0, &err), &err);
    assert_str(info.parent, NULL);

    /* An array of version 2 structs: their stride is the version 2 size. */
    memset(pair, 0x5A, sizeof pair);
    sy_route_init((sy_route *)&pair[0], 2);
    sy_route_init((sy_route *)&pair[1], 2);
    pair[0].v1.pattern = (sy_str){SY_STR("/p0")};
    pair[0].v1.target = (sy_str){SY_STR("P0")};
    pair[1].v1.pattern = (sy_str){SY_STR("/p1")};
    pair[1].v1.target = (sy_str){SY_STR("P1")};
    assert_status(SY_OK, sy_router_add_routes(r, (const sy_route *)pair, 2, &err), &err);
    sy_test_resolve(m, r, "/p1");
    assert_str(sy_match_target(m), "P1");
    assert_int_equal(sy_router_route_count(r), 3);
    sy_match_free(m);
    sy_router_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parent_makes_the_stack_a_document_makes),
        cmocka_unit_test(parent_links_are_checked),
        cmocka_unit_test(version_2_route_is_still_read),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
