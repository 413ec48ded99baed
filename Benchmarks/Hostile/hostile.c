/* Hostile inputs: what the worst input an attacker can choose within the default limits
 * costs to add, load, evaluate or resolve (docs/PERFORMANCE.md, "Hostile inputs").
 *
 * Each row runs in a child process, so its peak memory is its own (VmHWM, reset before the
 * measured call where the kernel allows it) and a row that runs away is killed at the cap
 * (HOSTILE_CAP_SECONDS, default 15) and reported as "> cap", so the section stays within
 * a minute and a half whatever the library does. Inputs are generated here; nothing is
 * read from disk.
 *
 * Usage: hostile [output.json]   (prints a table; writes the rows as JSON)
 *        HOSTILE_ONLY=id,id       runs only those rows */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>
#include <switchyard.h>

/* What a child sends back. */
typedef struct {
    int refused;             /* 1: the library refused the input (message says why) */
    double input_bytes;      /* the size of what was given to the measured call */
    double seconds;          /* the measured call */
    double peak_bytes;       /* peak resident memory the call added */
    char message[SY_ERROR_MESSAGE_SIZE + 64];
} row_result;

typedef struct {
    const char *id;
    const char *what;
    int kind;                /* 0: add or load (ms per KB, memory per byte); 1: one resolve */
    void (*run)(row_result *);
} row;

/* ---- growing text buffer */
typedef struct { char *p; size_t len, cap; } buf;

static void put(buf *b, const char *s, size_t n) {
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (b->len + n + 1 > cap) cap *= 2;
        char *q = realloc(b->p, cap);
        if (!q) { perror("realloc"); _exit(3); }
        b->p = q; b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}
static void puts_(buf *b, const char *s) { put(b, s, strlen(s)); }
static void putf(buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#include <stdarg.h>
static void putf(buf *b, const char *fmt, ...) {
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n > 0) put(b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}
static void repeat(buf *b, char c, size_t n) {
    for (size_t i = 0; i < n; i++) put(b, &c, 1);
}

/* ---- measuring */

/* In a child: where it reports, and the size of its input, sent before the measured call
 * so that a row killed at the cap still says how large its input was. */
static int report_fd = -1;

static void announce(double input_bytes) {
    if (write(report_fd, &input_bytes, sizeof input_bytes) != (ssize_t)sizeof input_bytes) _exit(3);
}
static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* A line of /proc/self/status in bytes (VmRSS, VmHWM), or -1. */
static double status_bytes(const char *key) {
    FILE *f = fopen("/proc/self/status", "r");
    if (!f) return -1;
    char line[256];
    double v = -1;
    size_t k = strlen(key);
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, key, k) == 0 && line[k] == ':') { v = atof(line + k + 1) * 1024.0; break; }
    }
    fclose(f);
    return v;
}

/* Before the measured call: the resident size now, with the high-water mark reset to it
 * (writing 5 to clear_refs, Linux 4.0 and later) so the peak is the call's. The status is
 * read once first: a row runs in a forked child, where each libc page is mapped again on
 * its first use, and the first read's stdio and atof (about 200 KB of libc code and locale
 * tables) would otherwise land after the reset and count as the call's. */
static double memory_before(double input_bytes) {
    announce(input_bytes);
    (void)status_bytes("VmRSS");
    int fd = open("/proc/self/clear_refs", O_WRONLY);
    if (fd >= 0) { if (write(fd, "5", 1) < 0) { /* the peak then includes the generation */ } close(fd); }
    return status_bytes("VmRSS");
}

static void memory_after(row_result *r, double before) {
    double hwm = status_bytes("VmHWM");
    r->peak_bytes = hwm > before ? hwm - before : 0;
}

static void refused(row_result *r, const sy_error *e) {
    r->refused = 1;
    snprintf(r->message, sizeof r->message, "%s: %s", sy_status_str(e->code), e->message);
}

/* Times one call on `input_bytes` of input: its time, its peak memory, and its error when
 * the library refuses the input. */
typedef int (*measured_call)(void *ctx, sy_error *e);

static void measure(row_result *r, double input_bytes, measured_call call, void *ctx) {
    sy_error e;
    memset(&e, 0, sizeof e);
    r->input_bytes = input_bytes;
    double m = memory_before(input_bytes), t = now();
    int ok = call(ctx, &e);
    r->seconds = now() - t;
    memory_after(r, m);
    if (!ok) refused(r, &e);
}

/* ---- inputs */

/* A urlpattern route of `n` named groups, `(?<aa>a)|` each, in one repeated group: 400 make
 * 3.6 KB (under max_pattern_length) and are refused, the groups counting against
 * max_parameters; 63 and the route's own group are the most it takes. */
static void groups_route_of(buf *b, int n) {
    static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    puts_(b, "/:x((?:");
    for (int i = 0; i < n; i++) {
        putf(b, "%s(?<%c%c>a)", i ? "|" : "", letters[i / 52], letters[i % 52]);
    }
    puts_(b, ")*)");
}
static void groups_route(buf *b) { groups_route_of(b, 400); }

/* A urlpattern route whose regexp's automaton passes its budget (of work and states): a star
 * over 64 byte classes, then "the 30th byte from the end is an a" (2^30 states), so every
 * state has a transition for each class and every state set is long (257 bytes). */
static void automaton_route(buf *b) {
    static const char classes[] = "cdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_~";
    puts_(b, "/:x((?:[ab]");
    for (const char *c = classes; *c; c++) putf(b, "|%c", *c);
    puts_(b, ")*a");
    for (int i = 0; i < 29; i++) puts_(b, "[ab]");
    puts_(b, ")");
}

static int add_urlpattern(sy_router *router, const buf *pattern, sy_error *e) {
    sy_route route;
    sy_route_init(&route, SY_ROUTE_VERSION);
    route.flags = SY_ROUTE_DIALECT_URLPATTERN;
    route.pattern = (sy_str){ pattern->p, pattern->len };
    route.target = (sy_str){ "T", 1 };
    return sy_router_add_route(router, &route, e) == SY_OK;
}

typedef struct { sy_router *router; const buf *text; } router_input;

static int call_add(void *p, sy_error *e) {
    router_input *c = p;
    return add_urlpattern(c->router, c->text, e);
}

static void run_add(row_result *r, void (*make)(buf *)) {
    buf p = {0};
    make(&p);
    router_input c = { NULL, &p };
    sy_router_new(&c.router, NULL, NULL);
    /* A small route first, so the runtime's one-time set-up is not counted as the row's;
     * and the same pattern added once to another router, so the library code it runs is
     * mapped before (a forked child maps each page of code again on its first use, which
     * is a cost per process, not per byte of pattern). */
    buf warm = {0};
    puts_(&warm, "/warm/:x(a|b)");
    add_urlpattern(c.router, &warm, NULL);
    sy_router *other = NULL;
    sy_router_new(&other, NULL, NULL);
    add_urlpattern(other, &p, NULL);
    sy_router_free(other);
    measure(r, (double)p.len, call_add, &c);
}

static void row_add_automaton(row_result *r) { run_add(r, automaton_route); }

/* 64 such routes in one batch (each behind its own first segment): an input of 17 KB, large
 * enough for its peak memory per byte to be read from the resident size, which moves in
 * steps of pages and of the kernel's per-CPU counters. */
#define AUTOMATON_BATCH 64
typedef struct { sy_router *router; sy_route routes[AUTOMATON_BATCH]; } batch_input;

static int call_add_batch(void *p, sy_error *e) {
    batch_input *c = p;
    return sy_router_add_routes(c->router, c->routes, AUTOMATON_BATCH, e) == SY_OK;
}

static void row_add_automatons(row_result *r) {
    static buf patterns[AUTOMATON_BATCH];
    static batch_input c;
    double total = 0;
    for (int k = 0; k < AUTOMATON_BATCH; k++) {
        buf *b = &patterns[k];
        b->len = 0;
        putf(b, "/r%02d", k);
        automaton_route(b);
        sy_route_init(&c.routes[k], SY_ROUTE_VERSION);
        c.routes[k].flags = SY_ROUTE_DIALECT_URLPATTERN;
        c.routes[k].pattern = (sy_str){ b->p, b->len };
        c.routes[k].target = (sy_str){ "T", 1 };
        total += (double)b->len;
    }
    sy_router_new(&c.router, NULL, NULL);
    /* Warm as run_add does: the runtime's set-up and the code pages, on another router. */
    sy_router *other = NULL;
    sy_router_new(&other, NULL, NULL);
    add_urlpattern(other, &patterns[0], NULL);
    sy_router_free(other);
    measure(r, total, call_add_batch, &c);
}
static void row_add_groups(row_result *r) { run_add(r, groups_route); }

/* The optional-group budget at the default limits (docs/SECURITY.md, "Limits"): the
 * alternatives of all routes may total BUDGET_PER_BYTE bytes per byte of pattern, plus
 * BUDGET_ALLOWANCE; a pattern's alternatives cost their lengths plus one each. */
#define BUDGET_PER_BYTE 1.5
#define BUDGET_ALLOWANCE 1048576.0

/* The largest document the defaults take, spent on optional groups: plain routes of 4,000
 * bytes (each byte of pattern brings room for alternatives) and as many routes of 8
 * optional groups (256 alternatives each) as that room and the allowance hold, 2% short
 * of the budget. */
static void worst_document(buf *b) {
    const size_t limit = 16u * 1024 * 1024 - 64;
    const size_t plain_len = 4000;  /* under max_pattern_length (4096) */
    /* An optional route: "/o" + 6 digits + 8 groups "(/a)".."(/h)", 40 bytes; its 256
     * alternatives cost 256 × (8 + 1) bytes, plus 128 × 2 for each group's "/a". */
    const double opt_cost = 256.0 * 9 + 128.0 * 16 - BUDGET_PER_BYTE * 40;
    const double plain_room = BUDGET_PER_BYTE * (double)plain_len - (double)(plain_len + 1);
    puts_(b, "{\"version\": 1, \"routes\": [\n");
    double room = BUDGET_ALLOWANCE * 0.98;
    size_t plain = 0, opt = 0;
    for (;;) {
        /* An optional route while the room holds one, else a plain route. */
        if (room >= opt_cost) {
            if (b->len + 100 > limit) break;
            putf(b, "%s{\"pattern\": \"/o%06zu", plain + opt ? ",\n" : "", opt);
            for (int g = 0; g < 8; g++) putf(b, "(/%c)", 'a' + g);
            puts_(b, "\", \"target\": \"O\"}");
            room -= opt_cost;
            opt++;
        } else {
            if (b->len + plain_len + 100 > limit) break;
            putf(b, "%s{\"pattern\": \"/p%06zu/", plain + opt ? ",\n" : "", plain);
            repeat(b, 'x', plain_len - 9);
            puts_(b, "\", \"target\": \"P\"}");
            room += plain_room * 0.98;
            plain++;
        }
    }
    puts_(b, "\n]}\n");
}

static int call_load(void *p, sy_error *e) {
    router_input *c = p;
    return sy_router_load_rules(c->router, c->text->p, c->text->len, e) == SY_OK;
}

static void row_load_document(row_result *r) {
    buf d = {0};
    worst_document(&d);
    router_input c = { NULL, &d };
    sy_router_new(&c.router, NULL, NULL);
    measure(r, (double)d.len, call_load, &c);
}

/* The most routes a document can hold: keyed, one short segment each, an empty target,
 * 17 bytes a route ("/1a2b":{"class":""}), up to the 16 MiB limit. */
static void row_load_shortest_routes(row_result *r) {
    buf d = {0};
    const size_t limit = 16u * 1024 * 1024 - 64;
    puts_(&d, "{");
    for (unsigned i = 0; d.len + 32 < limit; i++) putf(&d, "%s\"/%x\":{\"class\":\"\"}", i ? "," : "", i);
    puts_(&d, "}");
    router_input c = { NULL, &d };
    sy_router_new(&c.router, NULL, NULL);
    measure(r, (double)d.len, call_load, &c);
}

/* A 32 KB URL: prefix, then `fill` up to 32,760 bytes. */
static void long_url(buf *u, const char *prefix, const char *fill) {
    puts_(u, prefix);
    size_t n = strlen(fill), k = 0;
    while (u->len < 32760) put(u, &fill[k++ % n], 1);
}

/* An AASA file of 500,000 app IDs in one details entry (about 7.4 MB), compiled, and one
 * URL decided. */
static int call_aasa(void *p, sy_error *e) {
    const buf *f = p;
    sy_links_aasa *aasa = NULL;
    sy_links_decision decisions[4];
    size_t count = 0;
    static const char url[] = "https://www.example.com/p/1";
    return sy_links_aasa_new(&aasa, f->p, f->len, 0, 0, e) == SY_OK
        && sy_links_aasa_decide(decisions, 4, &count, aasa, "www.example.com", 15, url, sizeof url - 1, e) == SY_OK;
}

static void row_aasa(row_result *r) {
    buf f = {0};
    puts_(&f, "{\"applinks\": {\"details\": [{\"appIDs\": [");
    for (int i = 0; i < 500000; i++) putf(&f, "%s\"AB12.c%06d\"", i ? "," : "", i);
    puts_(&f, "], \"components\": [{\"/\": \"/p/*\"}]}]}}");
    measure(r, (double)f.len, call_aasa, &f);
}

/* AASA files within Apple's 128 KiB, compiled before the measured call, and one decision
 * on a 32 KB URL of "a" ending in "b" (only its path is read). */
typedef struct { const buf *file, *url; sy_links_aasa *aasa; } aasa_input;

static int call_decide(void *p, sy_error *e) {
    aasa_input *c = p;
    sy_links_decision decisions[4];
    size_t count = 0;
    return sy_links_aasa_decide(decisions, 4, &count, c->aasa, "www.example.com", 15, c->url->p, c->url->len, e) == SY_OK;
}

static void aasa_decide_once(row_result *r, const buf *f) {
    buf u = {0};
    long_url(&u, "https://www.example.com/", "a");
    u.p[u.len - 1] = 'b';
    sy_error e;
    aasa_input c = { f, &u, NULL };
    if (sy_links_aasa_new(&c.aasa, f->p, f->len, 0, 0, &e) != SY_OK) { refused(r, &e); return; }
    measure(r, (double)u.len, call_decide, &c);
}

/* One component whose middle piece is 16,001 wildcards and letters ("a?a?...b"): trying
 * each start of the piece would compare it whole at each of 16,000 places. */
static void row_aasa_long_piece(row_result *r) {
    buf f = {0};
    puts_(&f, "{\"applinks\": {\"details\": [{\"appIDs\": [\"AB12.c\"], \"components\": [{\"/\": \"*");
    for (int i = 0; i < 8000; i++) puts_(&f, "a?");
    puts_(&f, "b*b\"}]}]}}");
    aasa_decide_once(r, &f);
}

/* As many components as 128 KiB holds, each "*" + a distinct 13-letter piece of a and b
 * holding a b + "*b": none is found, so each scans the whole path. */
static void row_aasa_many_components(row_result *r) {
    buf f = {0};
    puts_(&f, "{\"applinks\": {\"details\": [{\"appIDs\": [\"AB12.c\"], \"components\": [");
    for (int i = 1; i < 8192 && f.len + 64 < 128 * 1024; i++) {
        char piece[14];
        for (int k = 0; k < 13; k++) piece[k] = (i >> k) & 1 ? 'b' : 'a';
        piece[13] = 0;
        putf(&f, "%s{\"/\": \"*%s*b\"}", i > 1 ? "," : "", piece);
    }
    puts_(&f, "]}]}}");
    aasa_decide_once(r, &f);
}

/* The one-pass scan's worst: 420 nested pieces a, aa, ... that nobody waits for (their
 * components wait for a z first) and, filling the file, components each waiting for a piece
 * c<i> never found: each character looks at 420 words. */
static void row_aasa_nested_pieces(row_result *r) {
    buf f = {0};
    puts_(&f, "{\"applinks\": {\"details\": [{\"appIDs\": [\"AB12.c\"], \"components\": [");
    for (int k = 1; k <= 420; k++) {
        puts_(&f, k > 1 ? ",{\"/\": \"*z*" : "{\"/\": \"*z*");
        repeat(&f, 'a', (size_t)k);
        puts_(&f, "*b\"}");
    }
    for (int i = 0; f.len + 64 < 128 * 1024; i++) putf(&f, ",{\"/\": \"*c%d*b\"}", i);
    puts_(&f, "]}]}}");
    aasa_decide_once(r, &f);
}

/* Pieces with wildcards whose literal run occurs everywhere: "a?a?...a?b?a" (1 to 20 "a?"),
 * distinct, each checked where an a ends and failing late, then found by the bit-parallel
 * scan: every component reads the path. */
static void row_aasa_wildcard_pieces(row_result *r) {
    buf f = {0};
    puts_(&f, "{\"applinks\": {\"details\": [{\"appIDs\": [\"AB12.c\"], \"components\": [");
    for (int i = 1; f.len + 80 < 128 * 1024; i++) {
        puts_(&f, i > 1 ? ",{\"/\": \"*" : "{\"/\": \"*");
        for (int j = 0; j < 1 + i % 20; j++) puts_(&f, "a?");
        putf(&f, "b?a*%d*b\"}", i);
    }
    puts_(&f, "]}]}}");
    aasa_decide_once(r, &f);
}

/* One component of $(lang) variables between stars, as many as 128 KiB holds: each
 * variable is tried at every reachable place of the path. */
static void row_aasa_variable_stars(row_result *r) {
    buf f = {0};
    puts_(&f, "{\"applinks\": {\"details\": [{\"appIDs\": [\"AB12.c\"], \"components\": [{\"/\": \"");
    while (f.len + 64 < 128 * 1024) puts_(&f, "$(lang)*");
    puts_(&f, "z\"}]}]}}");
    aasa_decide_once(r, &f);
}

typedef struct { const buf *rules; const buf *path; } dynamic_input;

static int call_dynamic(void *p, sy_error *e) {
    dynamic_input *c = p;
    int open_ = 0;
    return sy_links_android_dynamic(&open_, c->rules->p, c->rules->len, c->path->p, c->path->len, e) == SY_OK;
}

/* Android's dynamic rules at their 1 MiB limit, each "*b<i>" reading the whole path. */
static void row_android_dynamic_rules(row_result *r) {
    buf f = {0};
    puts_(&f, "[");
    for (int i = 0; f.len + 32 < 1024 * 1024; i++) putf(&f, "%s{\"/\": \"*b%d\"}", i ? "," : "", i);
    puts_(&f, "]");
    buf u = {0};
    long_url(&u, "/", "a");
    dynamic_input c = { &f, &u };
    measure(r, (double)f.len, call_dynamic, &c);
}

typedef struct { sy_router *router; sy_match *match; const buf *url; } resolve_input;

static int call_resolve(void *p, sy_error *e) {
    resolve_input *c = p;
    return sy_router_resolve(c->match, c->router, c->url->p, c->url->len, e) == SY_OK;
}

static void resolve_once(row_result *r, sy_router *router, const buf *u) {
    resolve_input c = { router, NULL, u };
    sy_match_new(&c.match, NULL);
    measure(r, (double)u->len, call_resolve, &c);
}

/* 20 constraints at one place, each of which keeps 1,000 threads alive on the Pike VM. */
static void row_resolve_constraints(row_result *r) {
    sy_router *router = NULL;
    sy_error e;
    sy_router_new(&router, NULL, &e);
    for (int i = 0; i < 20; i++) {
        char p[96];
        snprintf(p, sizeof p, "/r/<re:x:[ab]*a[ab]{1000}%c>", 'c' + i);
        if (sy_router_add(router, p, strlen(p), "T", 1, &e) != SY_OK) {
            refused(r, &e);
            snprintf(r->message + strlen(r->message), sizeof r->message - strlen(r->message), " (adding %s)", p);
            return;
        }
    }
    buf u = {0};
    long_url(&u, "/r/", "ab");
    resolve_once(r, router, &u);
}

static void row_resolve_groups(row_result *r) {
    buf p = {0};
    groups_route_of(&p, 63);
    sy_router *router = NULL;
    sy_error e;
    sy_router_new(&router, NULL, &e);
    if (!add_urlpattern(router, &p, &e)) { refused(r, &e); strncat(r->message, " (adding the route)", sizeof r->message - strlen(r->message) - 1); return; }
    buf u = {0};
    long_url(&u, "/", "a");
    resolve_once(r, router, &u);
}

static const row rows[] = {
    { "add-regexp-automaton", "add a 257-byte urlpattern route whose regexp automaton passes its budget", 0, row_add_automaton },
    { "add-64-regexp-automatons", "add 64 such routes in one batch (17 KB)", 0, row_add_automatons },
    { "add-400-groups", "add a 3.6 KB urlpattern route of 400 named groups", 0, row_add_groups },
    { "load-optional-groups", "load a 16 MB document: long plain routes and routes of 8 optional groups, within the budget", 0, row_load_document },
    { "load-shortest-routes", "load a 16 MB document of 17-byte routes (\"/1a2b\":{\"class\":\"\"}), 990,000 of them", 0, row_load_shortest_routes },
    { "aasa-500000-app-ids", "compile a 7.4 MB AASA file of 500,000 app IDs in one entry and decide one URL", 0, row_aasa },
    { "decide-aasa-long-piece", "decide a 32 KB URL against one AASA component of 16,001 wildcards and letters between two *", 1, row_aasa_long_piece },
    { "decide-aasa-many-components", "decide a 32 KB URL against 128 KiB of components *<13 letters>*b, none found", 1, row_aasa_many_components },
    { "decide-aasa-nested-pieces", "decide a 32 KB URL against 420 components *z*a..a*b (nested pieces) and components *c<i>*b", 1, row_aasa_nested_pieces },
    { "decide-aasa-variable-stars", "decide a 32 KB URL against one component of $(lang)* repeated to 128 KiB", 1, row_aasa_variable_stars },
    { "decide-android-dynamic-rules", "read 1 MiB of dynamic rules *b<i> and decide a 32 KB path", 0, row_android_dynamic_rules },
    { "decide-aasa-wildcard-pieces", "decide a 32 KB URL against 128 KiB of components *a?..a?b?a*<i>*b (wildcard pieces failing late)", 1, row_aasa_wildcard_pieces },
    { "resolve-20-constraints", "one resolve of a 32 KB URL against 20 <re:x:[ab]*a[ab]{1000}c> routes at one place", 1, row_resolve_constraints },
    { "resolve-400-groups", "one resolve of a 32 KB URL against the largest groups route the limit takes (63 named groups in one repeated group; 400 are refused)", 1, row_resolve_groups },
};

/* Reads exactly n bytes from fd before the deadline; 1 when it did. */
static int read_by(int fd, void *into, size_t n, double deadline) {
    size_t got = 0;
    while (got < n) {
        double left = deadline - now();
        if (left <= 0) return 0;
        struct pollfd p = { .fd = fd, .events = POLLIN };
        int k = poll(&p, 1, (int)(left * 1000) + 1);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return 0;
        ssize_t m = read(fd, (char *)into + got, n - got);
        if (m < 0 && errno == EINTR) continue;
        if (m <= 0) return 0;
        got += (size_t)m;
    }
    return 1;
}

/* Runs one row in a child; 0 done (or refused), 1 killed at the cap, 2 crashed. */
static int run_row(const row *w, double cap, row_result *out, int *signal_out) {
    int fds[2];
    if (pipe(fds) != 0) return 2;
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) return 2;
    if (pid == 0) {
        close(fds[0]);
        report_fd = fds[1];
        row_result r;
        memset(&r, 0, sizeof r);
        w->run(&r);
        if (r.input_bytes == 0) announce(0);  /* refused before its input was made */
        ssize_t n = write(fds[1], &r, sizeof r);
        _exit(n == (ssize_t)sizeof r ? 0 : 3);
    }
    close(fds[1]);
    double deadline = now() + cap, size = 0;
    int got = read_by(fds[0], &size, sizeof size, deadline) && read_by(fds[0], out, sizeof *out, deadline);
    out->input_bytes = size > 0 ? size : out->input_bytes;
    int status = 0;
    if (!got) {
        int timed_out = now() >= deadline;
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
        close(fds[0]);
        if (!timed_out && WIFSIGNALED(status)) { *signal_out = WTERMSIG(status); return 2; }
        return timed_out ? 1 : 2;
    }
    waitpid(pid, &status, 0);
    close(fds[0]);
    return 0;
}

static void json_string(FILE *f, const char *s) {
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c < 0x20) fprintf(f, "\\u%04x", c);
        else fputc(c, f);
    }
    fputc('"', f);
}

int main(int argc, char **argv) {
    const char *cap_text = getenv("HOSTILE_CAP_SECONDS");
    double cap = cap_text ? atof(cap_text) : 15.0;
    if (cap <= 0) cap = 15.0;
    const char *only = getenv("HOSTILE_ONLY");
    FILE *out = argc > 1 ? fopen(argv[1], "w") : NULL;
    if (argc > 1 && !out) { perror(argv[1]); return 1; }
    if (out) fputs("[\n", out);
    printf("%-28s %10s %12s %12s %14s  %s\n", "row", "input", "time", "ms per KB", "peak B per B", "verdict");
    int first = 1;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const row *w = &rows[i];
        if (only && !strstr(only, w->id)) continue;
        row_result r;
        memset(&r, 0, sizeof r);
        int sig = 0;
        int outcome = run_row(w, cap, &r, &sig);
        char time_text[32], per_kb[32], per_byte[32], verdict[sizeof r.message + 96];
        double kb = r.input_bytes / 1024.0;
        if (outcome == 1) {
            snprintf(time_text, sizeof time_text, "> %g s", cap);
            snprintf(per_kb, sizeof per_kb, "-");
            snprintf(per_byte, sizeof per_byte, "-");
            snprintf(verdict, sizeof verdict, "MISS: killed at the %g s cap", cap);
        } else if (outcome == 2) {
            snprintf(time_text, sizeof time_text, "-");
            snprintf(per_kb, sizeof per_kb, "-");
            snprintf(per_byte, sizeof per_byte, "-");
            snprintf(verdict, sizeof verdict, "MISS: the child crashed (signal %d)", sig);
        } else {
            double ms_per_kb = kb > 0 ? r.seconds * 1000.0 / kb : 0, bpb = r.input_bytes > 0 ? r.peak_bytes / r.input_bytes : 0;
            snprintf(time_text, sizeof time_text, "%.1f ms", r.seconds * 1000.0);
            snprintf(per_kb, sizeof per_kb, "%.3f", ms_per_kb);
            snprintf(per_byte, sizeof per_byte, "%.1f", bpb);
            /* The resident size moves in pages and in the kernel's per-CPU counters: under
             * 16 KB of input, a peak per byte reads that granularity, not the library (the
             * batch row measures the same routes in 17 KB). */
            int memory_read = r.input_bytes >= 16 * 1024;
            int met = w->kind == 0 ? ms_per_kb <= 1.0 && (!memory_read || bpb <= 64.0) : r.seconds <= 0.010;
            snprintf(verdict, sizeof verdict, "%s%s%s%s", met ? "met" : "MISS",
                     w->kind == 0 && !memory_read ? " (peak not judged under 16 KB of input)" : "",
                     r.refused ? "; refused: " : "", r.refused ? r.message : "");
        }
        printf("%-28s %8.1f KB %12s %12s %14s  %s\n", w->id, kb, time_text, per_kb, per_byte, verdict);
        fflush(stdout);
        if (out) {
            fprintf(out, "%s {\"section\": \"hostile\", \"suite\": ", first ? "" : ",\n");
            json_string(out, w->id);
            fprintf(out, ", \"what\": ");
            json_string(out, w->what);
            fprintf(out, ", \"kind\": \"%s\", \"input_bytes\": %.0f, ", w->kind == 0 ? "build" : "resolve", r.input_bytes);
            if (outcome == 0) fprintf(out, "\"seconds\": %.6f, \"peak_bytes\": %.0f, ", r.seconds, r.peak_bytes);
            else fprintf(out, "\"seconds\": null, \"peak_bytes\": null, ");
            fprintf(out, "\"outcome\": \"%s\", \"cap_seconds\": %g, \"refused\": ",
                    outcome == 0 ? "done" : outcome == 1 ? "killed-at-cap" : "crashed", cap);
            if (outcome == 0 && r.refused) json_string(out, r.message); else fputs("null", out);
            fputc('}', out);
            first = 0;
        }
    }
    if (out) { fputs("\n]\n", out); fclose(out); }
    return 0;
}
