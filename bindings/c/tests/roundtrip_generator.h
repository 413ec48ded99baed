/*
 * roundtrip_generator.h: the round-trip cases' generator (Tests/RoundTrip/README.md):
 * random route tables of every form and random values, the same for a seed and an index
 * as the Swift and Python copies of it give. Change the three and the README together.
 */
#ifndef ROUNDTRIP_GENERATOR_H
#define ROUNDTRIP_GENERATOR_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RT_DEFAULT_SEED 0x5EEDu
#define RT_PAIRS_PER_TABLE 100
#define RT_MAX_ROUTES 8
#define RT_TEXT 512

typedef struct { uint64_t state; } rt_rng;

static inline uint64_t rt_next(rt_rng *r)
{
    uint64_t z;
    r->state += 0x9E3779B97F4A7C15ull;
    z = r->state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static inline int rt_below(rt_rng *r, int n) { return (int)(rt_next(r) % (uint64_t)n); }
static inline int rt_chance(rt_rng *r, int k, int n) { return rt_below(r, n) < k; }

enum rt_type { RT_STRING, RT_INT, RT_FLOAT, RT_DATE, RT_TAB, RT_ONE, RT_PATH, RT_NONE };

typedef struct { int is_param; char text[16]; } rt_piece;
typedef struct { rt_piece pieces[3]; int count; int optional; } rt_segment;

typedef struct {
    char name[8];
    char pattern[160];
    int urlpattern;
    char head[40];          /* the plain URL's start: "", "https://host" or "myapp:/" */
    rt_segment segments[5];
    int segment_count;
    struct { char name[8]; int type; } params[6];
    int param_count;
    struct { char key[8]; char name[8]; int list; } query[4];  /* list: takes 0 to 3 values */
    int query_count;
    int refuses_unknown;
} rt_route;

typedef struct { char name[8]; char text[RT_TEXT]; int is_int; } rt_value;
/* The values given, in order; a list item's values are entries of its name (none for an
 * empty list). */
typedef struct { const rt_route *route; rt_value values[12]; int count; } rt_case;

static const char *const rt_literals[8] = {"a", "b", "user", "settings", "files", "1", "x.y", "new"};
static const int rt_types[6] = {RT_STRING, RT_INT, RT_FLOAT, RT_DATE, RT_TAB, RT_ONE};
static const char *const rt_atoms[32] = {
    "", "a", "b", "settings", "user", "1", "42", "-7", "/", "%", "+", ":", "&", "?", "#",
    "@", "..", ".", " ", "=", "%2F", "a b", "\xF0\x9F\x98\x80", "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D",
    "\xF0\x9D\x84\x9E", "\xC3\xA9", "2026-1-5", "x.y", "~", ";", ",", "*"};
static const char *const rt_tab_words[3] = {"reviews", "photos", "a"};
static const char *const rt_one_words[3] = {"a", "b", "settings"};

static inline uint64_t rt_table_state(uint64_t seed, int table) { return seed + ((uint64_t)table << 32); }

/* Appends printf-formatted text to a fixed buffer of `cap` bytes (cut when full). */
static inline void rt_cat(char *buf, size_t cap, const char *fmt, ...)
{
    size_t n = strlen(buf);
    va_list ap;
    if (n + 1 >= cap) return;
    va_start(ap, fmt);
    vsnprintf(buf + n, cap - n, fmt, ap);
    va_end(ap);
}

static inline const char *rt_lit(rt_rng *r) { return rt_literals[rt_below(r, 8)]; }

static inline void rt_param_text(char *out, size_t cap, const char *name, int type)
{
    static const char *const names[] = {"string", "int", "float", "date", "tab", "one", "path"};
    if (type == RT_STRING) snprintf(out, cap, ":%s", name);
    else if (type == RT_ONE) snprintf(out, cap, "<one(a,b,settings):%s>", name);
    else snprintf(out, cap, "<%s:%s>", names[type], name);
}

static inline rt_segment *rt_segment_add(rt_route *r, int optional)
{
    rt_segment *s = &r->segments[r->segment_count++];
    s->count = 0;
    s->optional = optional;
    return s;
}
static inline void rt_piece_lit(rt_segment *s, const char *text)
{
    s->pieces[s->count].is_param = 0;
    snprintf(s->pieces[s->count++].text, sizeof s->pieces[0].text, "%s", text);
}
static inline void rt_piece_param(rt_route *r, rt_segment *s, const char *name, int type)
{
    s->pieces[s->count].is_param = 1;
    snprintf(s->pieces[s->count++].text, sizeof s->pieces[0].text, "%s", name);
    snprintf(r->params[r->param_count].name, sizeof r->params[0].name, "%s", name);
    r->params[r->param_count++].type = type;
}

/* A route of a random form (the README's table), drawing from rng left to right. */
static inline void rt_route_make(rt_rng *rng, rt_route *r, int index)
{
    char p[48];
    const char *l, *l2;
    int t, form;
    rt_segment *s;
    memset(r, 0, sizeof *r);
    snprintf(r->name, sizeof r->name, "r%d", index);
    form = rt_below(rng, 10);
    switch (form) {
    case 0:
        l = rt_lit(rng); t = rt_types[rt_below(rng, 6)];
        rt_piece_lit(rt_segment_add(r, 0), l);
        rt_piece_param(r, rt_segment_add(r, 0), "p", t);
        rt_param_text(p, sizeof p, "p", t);
        snprintf(r->pattern, sizeof r->pattern, "/%s/%s", l, p);
        if (rt_chance(rng, 1, 2)) {
            l2 = rt_lit(rng);
            rt_piece_lit(rt_segment_add(r, 0), l2);
            rt_cat(r->pattern, sizeof r->pattern, "/%s", l2);
        }
        break;
    case 1: {
        int v;
        l = rt_lit(rng);
        rt_piece_lit(rt_segment_add(r, 0), l);
        s = rt_segment_add(r, 0);
        v = rt_below(rng, 3);
        if (v == 0) {
            static const char *const seps[4] = {".", "-", "~", "@"};
            const char *sep = seps[rt_below(rng, 4)];
            rt_piece_param(r, s, "p", RT_STRING); rt_piece_lit(s, sep); rt_piece_param(r, s, "q", RT_STRING);
            snprintf(r->pattern, sizeof r->pattern, "/%s/:p%s:q", l, sep);
        } else if (v == 1) {
            rt_piece_lit(s, "file-"); rt_piece_param(r, s, "p", RT_STRING); rt_piece_lit(s, ".txt");
            snprintf(r->pattern, sizeof r->pattern, "/%s/file-:p.txt", l);
        } else {
            rt_piece_lit(s, "v"); rt_piece_param(r, s, "p", RT_STRING);
            snprintf(r->pattern, sizeof r->pattern, "/%s/v:p", l);
        }
        break;
    }
    case 2:
        l = rt_lit(rng); t = rt_types[rt_below(rng, 6)];
        rt_piece_lit(rt_segment_add(r, 0), l);
        rt_piece_param(r, rt_segment_add(r, 1), "p", t);
        rt_piece_param(r, rt_segment_add(r, 1), "q", RT_STRING);
        rt_param_text(p, sizeof p, "p", t);
        snprintf(r->pattern, sizeof r->pattern, "/%s(/%s)(/:q)", l, p);
        break;
    case 3:
        l = rt_lit(rng);
        rt_piece_lit(rt_segment_add(r, 0), l);
        if (rt_below(rng, 2) == 0) {
            l2 = rt_lit(rng);
            rt_piece_param(r, rt_segment_add(r, 0), "p", RT_PATH);
            rt_piece_lit(rt_segment_add(r, 0), l2);
            rt_piece_param(r, rt_segment_add(r, 0), "q", RT_STRING);
            snprintf(r->pattern, sizeof r->pattern, "/%s/*p/%s/:q", l, l2);
        } else {
            s = rt_segment_add(r, 0);
            rt_piece_param(r, s, "p", RT_PATH); rt_piece_lit(s, "."); rt_piece_param(r, s, "q", RT_STRING);
            snprintf(r->pattern, sizeof r->pattern, "/%s/*p.:q", l);
        }
        break;
    case 4:
        l = rt_lit(rng);
        rt_piece_lit(rt_segment_add(r, 0), l);
        rt_piece_param(r, rt_segment_add(r, 0), "p", RT_PATH);
        snprintf(r->pattern, sizeof r->pattern, rt_below(rng, 2) == 0 ? "/%s/*p" : "/%s/<path:p>", l);
        break;
    case 5:
        l = rt_lit(rng);
        r->urlpattern = 1;
        rt_piece_lit(rt_segment_add(r, 0), l);
        rt_piece_param(r, rt_segment_add(r, 0), "p", RT_STRING);
        snprintf(r->pattern, sizeof r->pattern, "/%s/:p", l);
        if (rt_below(rng, 2) == 1) {
            rt_piece_param(r, rt_segment_add(r, 0), "q", RT_STRING);
            rt_cat(r->pattern, sizeof r->pattern, "/:q");
        }
        break;
    case 6: {
        static const char *const hosts[3] = {"example.com", "api.example.com", "example.com:8443"};
        const char *host = hosts[rt_below(rng, 3)];
        l = rt_lit(rng); t = rt_types[rt_below(rng, 6)];
        snprintf(r->head, sizeof r->head, "https://%s", host);
        rt_piece_lit(rt_segment_add(r, 0), l);
        rt_piece_param(r, rt_segment_add(r, 0), "p", t);
        rt_param_text(p, sizeof p, "p", t);
        snprintf(r->pattern, sizeof r->pattern, "https://%s/%s/%s", host, l, p);
        break;
    }
    case 7:
        snprintf(r->head, sizeof r->head, "myapp:/");
        if (rt_below(rng, 2) == 0) {
            l = rt_lit(rng);
            rt_piece_param(r, rt_segment_add(r, 0), "p", RT_STRING);
            rt_piece_lit(rt_segment_add(r, 0), l);
            snprintf(r->pattern, sizeof r->pattern, "myapp://:p/%s", l);
        } else {
            l = rt_lit(rng);
            rt_piece_lit(rt_segment_add(r, 0), l);
            rt_piece_param(r, rt_segment_add(r, 0), "p", RT_STRING);
            snprintf(r->pattern, sizeof r->pattern, "myapp://%s/:p", l);
        }
        break;
    case 8:
        l = rt_lit(rng);
        rt_piece_lit(rt_segment_add(r, 0), l);
        rt_piece_param(r, rt_segment_add(r, 0), "p", RT_STRING);
        r->refuses_unknown = rt_chance(rng, 1, 4);
        snprintf(r->pattern, sizeof r->pattern, "/%s/:p%sq=<string:q>", l, r->refuses_unknown ? "?!" : "?");
#define RT_QUERY(key_, name_, type_, list_) do { \
            snprintf(r->params[r->param_count].name, 8, "%s", name_); r->params[r->param_count++].type = type_; \
            snprintf(r->query[r->query_count].key, 8, "%s", key_); \
            r->query[r->query_count].list = list_; \
            snprintf(r->query[r->query_count++].name, 8, "%s", name_); } while (0)
        RT_QUERY("q", "q", RT_STRING, 0);
        if (rt_chance(rng, 1, 2)) {
            rt_cat(r->pattern, sizeof r->pattern, "&page=<int:page=1>");
            RT_QUERY("page", "page", RT_INT, 0);
        }
        if (rt_chance(rng, 1, 2)) {
            rt_cat(r->pattern, sizeof r->pattern, "&tag=<[string]:tags?>");
            RT_QUERY("tag", "tags", RT_STRING, 1);
        }
        if (rt_chance(rng, 1, 2)) {
            rt_cat(r->pattern, sizeof r->pattern, "&n=<[int]:ns?>");
            RT_QUERY("n", "ns", RT_INT, 1);
        }
#undef RT_QUERY
        break;
    default:
        l = rt_lit(rng);
        rt_piece_lit(rt_segment_add(r, 0), l);
        snprintf(r->pattern, sizeof r->pattern, "/%s", l);
        break;
    }
}

/* The routes of table `table` (before the router refuses any): returns how many. */
static inline int rt_table(uint64_t seed, int table, rt_route *routes)
{
    rt_rng rng = {rt_table_state(seed, table)};
    int count = 3 + rt_below(&rng, 5), k;
    for (k = 0; k < count; k++) rt_route_make(&rng, &routes[k], k);
    return count;
}

static inline void rt_hostile(rt_rng *r, char *out, size_t cap)
{
    int n = 1 + rt_below(r, 3), k;
    out[0] = 0;
    for (k = 0; k < n; k++) rt_cat(out, cap, "%s", rt_atoms[rt_below(r, 32)]);
}

static inline void rt_value_make(rt_rng *r, int type, const char *name, rt_value *v)
{
    snprintf(v->name, sizeof v->name, "%s", name);
    v->is_int = 0;
    switch (type) {
    case RT_INT:
        if (strcmp(name, "page") == 0 && rt_chance(r, 1, 2)) { snprintf(v->text, RT_TEXT, "1"); v->is_int = 1; return; }
        if (rt_chance(r, 3, 4)) { snprintf(v->text, RT_TEXT, "%d", rt_below(r, 2000) - 1000); v->is_int = 1; return; }
        break;
    case RT_FLOAT:
        if (rt_chance(r, 3, 4)) {
            static const char *const frac[4] = {"0", "25", "5", "75"};
            int n = rt_below(r, 400) - 200, a = n < 0 ? -n : n;
            snprintf(v->text, RT_TEXT, "%s%d.%s", n < 0 ? "-" : "", a / 4, frac[a % 4]);
            return;
        }
        break;
    case RT_DATE:
        if (rt_chance(r, 3, 4)) {
            int m = 1 + rt_below(r, 12);
            snprintf(v->text, RT_TEXT, "2026-%d-%d", m, 1 + rt_below(r, 28));
            return;
        }
        break;
    case RT_TAB:
        if (rt_chance(r, 3, 4)) { snprintf(v->text, RT_TEXT, "%s", rt_tab_words[rt_below(r, 3)]); return; }
        break;
    case RT_ONE:
        if (rt_chance(r, 3, 4)) { snprintf(v->text, RT_TEXT, "%s", rt_one_words[rt_below(r, 3)]); return; }
        break;
    case RT_PATH: {
        int n = 1 + rt_below(r, 3), k;
        char part[RT_TEXT / 4];
        v->text[0] = 0;
        for (k = 0; k < n; k++) {
            rt_hostile(r, part, sizeof part);
            rt_cat(v->text, RT_TEXT, "%s%s", k ? "/" : "", part);
        }
        return;
    }
    default:
        break;
    }
    rt_hostile(r, v->text, RT_TEXT);
}

/* Whether `name` is a list item of r's query contract. */
static inline int rt_is_list(const rt_route *r, const char *name)
{
    int k;
    for (k = 0; k < r->query_count; k++) if (r->query[k].list && strcmp(r->query[k].name, name) == 0) return 1;
    return 0;
}

/* The values of pair `pair` of a table whose added routes are `added`. */
static inline void rt_values(uint64_t seed, int table, int pair, const rt_route *const *added, int count, rt_case *c)
{
    rt_rng rng = {rt_table_state(seed, table) + 1 + (uint64_t)pair};
    const rt_route *route = added[rt_below(&rng, count)];
    int optional = 0, given, k;
    for (k = 0; k < route->segment_count; k++) optional |= route->segments[k].optional;
    given = optional ? rt_below(&rng, 3) : route->param_count;
    c->route = route;
    c->count = 0;
    for (k = 0; k < route->param_count && k < given; k++) {
        const char *n = route->params[k].name;
        if (strcmp(n, "page") == 0 && !rt_chance(&rng, 3, 4)) continue;
        if (rt_is_list(route, n)) {
            int values = rt_below(&rng, 4), j;
            for (j = 0; j < values; j++) rt_value_make(&rng, route->params[k].type, n, &c->values[c->count++]);
            continue;
        }
        rt_value_make(&rng, route->params[k].type, n, &c->values[c->count++]);
    }
    if (rt_chance(&rng, 1, 4)) {
        rt_value *v = &c->values[c->count++];
        snprintf(v->name, sizeof v->name, "extra");
        v->is_int = 0;
        rt_hostile(&rng, v->text, RT_TEXT);
    }
}

/* YYYY-MM-DD for a text `date` accepts (YYYY-M-D) into out; 0 when it is not one. */
static inline int rt_canonical_date(const char *text, size_t len, char *out, size_t cap)
{
    size_t i, part = 0, lens[3] = {0, 0, 0};
    int numbers[3] = {0, 0, 0}, m, d;
    for (i = 0; i < len; i++) {  /* text need not end with a NUL */
        if (text[i] == '-') { if (++part > 2) return 0; continue; }
        if (text[i] < '0' || text[i] > '9') return 0;
        lens[part]++;
        if (lens[part] <= 4) numbers[part] = numbers[part] * 10 + (text[i] - '0');
    }
    if (part != 2 || lens[0] != 4 || lens[1] < 1 || lens[1] > 2 || lens[2] < 1 || lens[2] > 2) return 0;
    m = numbers[1];
    d = numbers[2];
    if (m < 1 || m > 12 || d < 1 || d > 31) return 0;
    snprintf(out, cap, "%.4s-%02d-%02d", text, m, d);
    return 1;
}

/* Every byte but A-Z a-z 0-9 - . _ ~ as %XX, appended. */
static inline void rt_encode(char *out, size_t cap, const char *text, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++) {
        unsigned char b = (unsigned char)text[i];
        if ((b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z') || (b >= '0' && b <= '9') || b == '-' || b == '.' || b == '_' || b == '~')
            rt_cat(out, cap, "%c", b);
        else
            rt_cat(out, cap, "%%%02X", b);
    }
}

static inline const rt_value *rt_given(const rt_case *c, const char *name)
{
    int k;
    for (k = 0; k < c->count; k++) if (strcmp(c->values[k].name, name) == 0) return &c->values[k];
    return NULL;
}

static inline int rt_type_of(const rt_route *r, const char *name)
{
    int k;
    for (k = 0; k < r->param_count; k++) if (strcmp(r->params[k].name, name) == 0) return r->params[k].type;
    return RT_NONE;
}

/* The URL the test writes itself for case c (the README's "plain URL"). */
static inline void rt_plain_url(const rt_case *c, char *url, size_t cap)
{
    const rt_route *r = c->route;
    int k, j, wrote = 0, items = 0;
    snprintf(url, cap, "%s", r->head);
    for (k = 0; k < r->segment_count; k++) {
        const rt_segment *s = &r->segments[k];
        int missing = 0;
        for (j = 0; j < s->count; j++) if (s->pieces[j].is_param && !rt_given(c, s->pieces[j].text)) missing = 1;
        if (s->optional && missing) continue;
        rt_cat(url, cap, "/");
        wrote = 1;
        for (j = 0; j < s->count; j++) {
            const rt_value *v;
            int type;
            if (!s->pieces[j].is_param) { rt_cat(url, cap, "%s", s->pieces[j].text); continue; }
            v = rt_given(c, s->pieces[j].text);
            type = rt_type_of(r, s->pieces[j].text);
            if (!v) continue;
            if (type == RT_PATH) {
                const char *at = v->text, *slash;
                while ((slash = strchr(at, '/')) != NULL) {
                    rt_encode(url, cap, at, (size_t)(slash - at));
                    rt_cat(url, cap, "/");
                    at = slash + 1;
                }
                rt_encode(url, cap, at, strlen(at));
            } else if (type == RT_DATE) {
                char canonical[16];
                if (rt_canonical_date(v->text, strlen(v->text), canonical, sizeof canonical))
                    rt_encode(url, cap, canonical, strlen(canonical));
                else
                    rt_encode(url, cap, v->text, strlen(v->text));
            } else {
                rt_encode(url, cap, v->text, strlen(v->text));
            }
        }
    }
    if (!wrote) rt_cat(url, cap, "/");
    for (k = 0; k < r->query_count; k++) {
        for (j = 0; j < c->count; j++) {  /* a list item's every value; any other's one */
            const rt_value *v = &c->values[j];
            if (strcmp(v->name, r->query[k].name) != 0) continue;
            rt_cat(url, cap, "%s%s=", items++ ? "&" : "?", r->query[k].key);
            rt_encode(url, cap, v->text, strlen(v->text));
        }
    }
    if (rt_given(c, "extra")) {
        const rt_value *v = rt_given(c, "extra");
        rt_cat(url, cap, "%sextra=", items++ ? "&" : "?");
        rt_encode(url, cap, v->text, strlen(v->text));
    }
}

/* FNV-1a (64 bits) over tables 0 to 9 and their 100 pairs each, every route taken as
 * added (the README's "Fingerprint"): equal in the three languages. */
static inline void rt_fold(uint64_t *h, const char *text)
{
    size_t i, n = strlen(text);
    for (i = 0; i <= n; i++) *h = (*h ^ (unsigned char)text[i]) * 0x100000001B3ull;
}

static inline uint64_t rt_fingerprint(uint64_t seed)
{
    uint64_t h = 0xCBF29CE484222325ull;
    rt_route routes[RT_MAX_ROUTES];
    const rt_route *all[RT_MAX_ROUTES];
    int t, j, k, n;
    for (t = 0; t < 10; t++) {
        n = rt_table(seed, t, routes);
        for (k = 0; k < n; k++) { rt_fold(&h, routes[k].pattern); all[k] = &routes[k]; }
        for (j = 0; j < RT_PAIRS_PER_TABLE; j++) {
            rt_case c;
            char item[RT_TEXT + 16];
            rt_values(seed, t, j, all, n, &c);
            rt_fold(&h, c.route->name);
            for (k = 0; k < c.count; k++) {
                snprintf(item, sizeof item, "%s=%s", c.values[k].name, c.values[k].text);
                rt_fold(&h, item);
            }
        }
    }
    return h;
}

#endif
