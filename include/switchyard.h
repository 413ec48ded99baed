/*
 * switchyard.h: the C interface of Switchyard, an embeddable URL and deep-link router.
 *
 * This header is the whole contract. Anything not declared here is not API.
 *
 * WHAT IT DOES
 *   A host registers routes (a pattern such as "myapp://user/<int:id>" leading to a
 *   target such as "UserProfile", or to a redirect URL template), then resolves URLs
 *   against them. A resolve yields a match: the winning route, its path parameters,
 *   the query items, the merged parameter map, the fragment, the remainder and, for
 *   redirects, the chain of URLs followed. The rules are in docs/SEMANTICS.md of the
 *   project (patterns, precedence, parameters, redirects, limits).
 *
 * OBJECT MODEL
 *   Two opaque handles, each with exactly one constructor and one destructor:
 *     sy_router  sy_router_new()  / sy_router_free()   the route table
 *     sy_match   sy_match_new()   / sy_match_free()    a reusable result object
 *   The only structs you see are plain data: sy_error, sy_str, sy_param,
 *   sy_router_options, sy_route and sy_route_info. sy_router_options and sy_route are
 *   versioned: fill them with sy_router_options_init() / sy_route_init() before
 *   setting fields.
 *
 * THREADING RULE
 *   The library has no mutable global state and no init function.
 *   - sy_router: any number of threads may resolve on one router at once, also while
 *     one thread changes it; each resolve sees the table entirely before or entirely
 *     after a change. Changes (add, remove) may come from any thread; they are
 *     serialised inside the router.
 *   - sy_match: not thread-safe; use one per thread or lock externally. This covers
 *     the accessors too.
 *   - sy_router_free, sy_match_free: must not race with any other use of the same
 *     object.
 *
 * OWNERSHIP RULE
 *   You never free() anything the library returns. Text handed to you is a borrowed
 *   sy_str slice whose lifetime is stated on each function: match fields stay valid
 *   until the next sy_router_resolve() with the same sy_match or until sy_match_free(),
 *   whichever comes first; route fields from sy_router_route_at() stay valid until the
 *   router is next changed or freed.
 *   Every text you hand in (patterns, targets, URLs, names, documents) is only read
 *   during the call: what the library keeps, it copies. You may free or reuse your
 *   buffers as soon as a call returns, the URL given to sy_router_resolve() included.
 *
 * TEXT
 *   Every text input is UTF-8 bytes with an explicit length; no NUL terminator is
 *   needed and embedded NUL bytes are just bytes. A NULL pointer with length 0 is the
 *   empty string; a NULL pointer with a non-zero length is SY_ERR_MISUSE. The length
 *   SY_NUL means "NUL-terminated": the text is its bytes up to the first NUL (strlen).
 *   It is accepted wherever a text goes in, as a (pointer, length) pair or as an input
 *   sy_str, the URL included; NULL with SY_NUL is SY_ERR_MISUSE. Where a function
 *   refuses a length over SIZE_MAX / 2, SY_NUL is not such a length. SY_STR("literal")
 *   gives a string literal and its length as two arguments. Every text output is valid
 *   UTF-8 given as an sy_str: pointer + length, not NUL-terminated; an sy_str with
 *   ptr == NULL means "absent" (no name, no fragment, ...).
 *
 * ERROR RULE
 *   Every function that can fail returns an sy_status, SY_OK == 0 or an error < 0,
 *   and takes an optional sy_error * as its last argument. On entry it clears *err
 *   (code SY_OK, position -1, route_index -1, message ""); on failure it fills it (code,
 *   byte position or -1, and a message in plain words). Passing NULL for err is allowed. A resolve that matches no
 *   route is not an error: it returns SY_OK and sy_match_found() returns 0.
 *   Accessors that cannot fail return their value directly. The typed parameter
 *   getters (sy_match_param_int(), sy_match_param_float(), sy_match_param_text()) follow
 *   the rule too: their "not there" and "another type" answers are the statuses
 *   SY_ERR_NOT_FOUND and SY_ERR_TYPE, and the value comes through their first argument. The two struct initialisers,
 *   sy_router_options_init() and sy_route_init(), are the exception: like libgit2's, they
 *   take no sy_error, since their only failures (NULL, an unknown version) are misuse,
 *   reported by the status alone (sy_status_str() gives its text).
 *
 * VERSION CHECK
 *   A program can check that the library it runs with is the one it was built for:
 *       assert(sy_version_number() == SY_VERSION_NUMBER);
 */
#ifndef SWITCHYARD_H
#define SWITCHYARD_H

#include <stddef.h> /* size_t */
#include <stdint.h> /* int32_t, uint32_t, int64_t */

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------
 * Linkage and visibility
 * ---------------------------------------------------------------------------------- */

/** Marks an exported function. Define SY_API yourself before including to override. */
#ifndef SY_API
#  if defined(_WIN32) || defined(__CYGWIN__)
#    define SY_API __declspec(dllimport)
#  elif defined(__GNUC__) && (__GNUC__ >= 4)
#    define SY_API __attribute__((visibility("default")))
#  else
#    define SY_API
#  endif
#endif

/** Marks a declaration that will be removed; msg names the replacement. */
#ifndef SY_DEPRECATED
#  if defined(__GNUC__) || defined(__clang__)
#    define SY_DEPRECATED(msg) __attribute__((deprecated(msg)))
#  elif defined(_MSC_VER)
#    define SY_DEPRECATED(msg) __declspec(deprecated(msg))
#  else
#    define SY_DEPRECATED(msg)
#  endif
#endif

/** Marks a deprecated enumerator (an old constant's name); msg names the replacement.
 *  Empty where the compiler has no such attribute. */
#ifndef SY_DEPRECATED_ENUMERATOR
#  if defined(__GNUC__) || defined(__clang__)
#    define SY_DEPRECATED_ENUMERATOR(msg) __attribute__((deprecated(msg)))
#  else
#    define SY_DEPRECATED_ENUMERATOR(msg)
#  endif
#endif

/* ------------------------------------------------------------------------------------
 * Version
 * ---------------------------------------------------------------------------------- */

#define SY_VERSION_MAJOR 0 /* bumped for changes that break the API or ABI */
#define SY_VERSION_MINOR 1 /* bumped for new API: functions, flags, appended fields */
#define SY_VERSION_PATCH 0 /* bumped for fixes that change no declaration */

/** MAJOR * 10000 + MINOR * 100 + PATCH: 0.1.0 is 100. */
#define SY_VERSION_NUMBER (SY_VERSION_MAJOR * 10000 + SY_VERSION_MINOR * 100 + SY_VERSION_PATCH)

/** "MAJOR.MINOR.PATCH" of the three macros above (a test keeps them in step). */
#define SY_VERSION_STRING "0.1.0"

/**
 * The version of the library the program runs with, as SY_VERSION_NUMBER.
 *
 * @return MAJOR * 10000 + MINOR * 100 + PATCH of the loaded library.
 *
 * Ownership: nothing is allocated.
 * Lifetime:  not applicable.
 * Thread safety: safe from any thread.
 * Since: 0.1
 */
SY_API uint32_t sy_version_number(void);

/**
 * The version of the library the program runs with, as SY_VERSION_STRING.
 *
 * @return A static NUL-terminated string such as "0.1.0".
 *
 * Ownership: the string is static; do not free it.
 * Lifetime:  valid for as long as the library is loaded.
 * Thread safety: safe from any thread.
 * Since: 0.1
 */
SY_API const char *sy_version_string(void);

/* ------------------------------------------------------------------------------------
 * Status codes and errors
 * ---------------------------------------------------------------------------------- */

/**
 * The result of every fallible function. SY_OK is 0, errors are negative.
 * Values are never renumbered or reused. New codes may be added in later releases:
 * treat any negative value you do not know as a generic failure.
 */
typedef enum sy_status {
    SY_OK = 0,                     /* success (also: a resolve that matched nothing) */
    SY_ERR_MISUSE = -1,            /* NULL handle or pointer, wrong handle, bad version field */
    SY_ERR_INTERNAL = -2,          /* a bug in Switchyard: please report it */
    SY_ERR_NOMEM = -3,             /* out of memory (reserved; not returned by 0.1) */
    SY_ERR_INVALID_ARGUMENT = -4,  /* an argument or option is out of range or not UTF-8 */
    SY_ERR_INVALID_PATTERN = -5,   /* a pattern is malformed; position is the byte */
    SY_ERR_CONFLICT = -6,          /* a route has the same shape and priority as another */
    SY_ERR_INVALID_URL = -7,       /* a URL cannot be read; position is the byte */
    SY_ERR_LIMIT = -8,             /* an input is over one of the router's limits */
    SY_ERR_RULE = -9,              /* a rule document is invalid */
    SY_ERR_REDIRECT_LIMIT = -10,   /* a redirect chain is longer than max_redirects */
    SY_ERR_REDIRECT_LOOP = -11,    /* a redirect chain meets the same URL twice */
    SY_ERR_IO = -12,               /* a file could not be read */
    SY_ERR_BUFFER_TOO_SMALL = -13, /* a caller buffer is too small; the size is reported */
    SY_ERR_REDIRECT_UNSAFE = -14,  /* a redirect produced a URL that leaves its template's
                                      scheme or host, or the redirect allowlist */
    SY_ERR_HANDLER = -15,          /* a handler failed during sy_router_dispatch() */
    SY_ERR_NOT_FOUND = -16,        /* a typed getter: the match has no such parameter */
    SY_ERR_TYPE = -17,             /* a typed getter: the parameter has another type */
    SY_ERR_TOKEN_MALFORMED = -20,  /* sy_router_resume(): not a resume token */
    SY_ERR_TOKEN_TAMPERED = -21,   /* sy_router_resume(): the token's tag does not match */
    SY_ERR_TOKEN_OTHER_KEY = -22,  /* sy_router_resume(): another key made the token */
    SY_ERR_TOKEN_EXPIRED = -23,    /* sy_router_resume(): the token is too old */
    SY_ERR_ROUTE_GONE = -24,       /* sy_router_resume(): no route takes the token's URL now */
    SY_ERR_ROUTE_CHANGED = -25     /* sy_router_resume(): the token's URL opens another route now */
} sy_status;

/**
 * A short static English description of a status code.
 *
 * @param status Any value, known or not.
 * @return A static NUL-terminated string, e.g. "invalid pattern" for
 *         SY_ERR_INVALID_PATTERN; "unknown status" for a value this library does not
 *         know. Never NULL.
 *
 * Ownership: the string is static; do not free it.
 * Lifetime:  valid for as long as the library is loaded.
 * Thread safety: safe from any thread.
 * Since: 0.1
 */
SY_API const char *sy_status_str(sy_status status);

/** Size of sy_error.message, NUL included. */
#define SY_ERROR_MESSAGE_SIZE 256

/**
 * Details of a failure, allocated by the caller (on the stack is fine) and passed as
 * the last argument of a fallible function. Passing NULL instead is allowed.
 *
 * Every function that takes an sy_error * clears it on entry: code = SY_OK,
 * position = -1, route_index = -1, document_position = -1, message[0] = '\0'. On failure,
 * code is the returned status, message is a non-empty NUL-terminated UTF-8 sentence
 * (cut at a character boundary to fit), and position is the 0-based byte offset in
 * the input (pattern, redirect template or URL; the function says which) that caused
 * the error, or -1 when no single byte is to blame. route_index is the 0-based index,
 * in the array given to sy_router_add_routes(), of the route the error is about, or -1
 * when the error is not about one route of such a batch; every other function leaves
 * it -1. document_position is, for an SY_ERR_RULE error of sy_router_load_rules() or
 * sy_router_load_rules_file(), the 0-based byte offset in the document of the value the
 * error is about (inside a pattern or redirect, of the offending byte itself), or -1;
 * sy_text_place() turns it into a line and a column. Every other function leaves it -1.
 * On success the cleared state stays.
 * route_index and document_position took the places of the two reserved fields of 0.1:
 * the size and the layout of the struct are unchanged.
 */
typedef struct sy_error {
    sy_status code;                       /* the status the function returned */
    int32_t position;                     /* byte offset into the input, or -1 */
    int32_t route_index;                  /* index of the route in a batch, or -1 */
    int32_t document_position;            /* byte offset into a rule document, or -1 */
    char message[SY_ERROR_MESSAGE_SIZE];  /* UTF-8, NUL-terminated, "" on success */
} sy_error;

/* ------------------------------------------------------------------------------------
 * Plain data
 * ---------------------------------------------------------------------------------- */

/**
 * A borrowed slice of UTF-8 text: len bytes at ptr, not NUL-terminated.
 * ptr == NULL means "absent" (and then len is 0). {"", 0} is present and empty.
 */
typedef struct sy_str {
    const char *ptr;
    size_t len;
} sy_str;

/** The length of a NUL-terminated text: the text is its bytes up to the first NUL, as
 *  strlen() counts them. Accepted as the length of every text input (see TEXT). */
#define SY_NUL ((size_t)-1)

/** A string literal and its length in bytes (NULs inside it counted, the final one
 *  not), as two arguments: sy_router_add(router, SY_STR("/about"), SY_STR("About"), &err),
 *  or the two fields of an sy_str: (sy_str){SY_STR("About")}. Only a literal compiles:
 *  a pointer's text has no length known at compile time (give it with SY_NUL). */
#define SY_STR(literal) ("" literal ""), (sizeof("" literal "") - 1)

/** The type of a parameter value (sy_param.type). */
typedef enum sy_value_type {
    SY_VALUE_STRING = 0, /* text only */
    SY_VALUE_INT = 1,    /* int_value holds it (<int:name>, or an integer default) */
    SY_VALUE_FLOAT = 2   /* float_value holds it (<float:name>, or a float default) */
} sy_value_type;

/**
 * A named parameter value. Used as output (path parameters, merged parameters) and
 * as input (route defaults).
 *
 * As output: name and text are present; text is the value as UTF-8 text (for typed
 * path parameters, as written in the URL after decoding: "007" for <int:id> = 7);
 * type says which of int_value / float_value also holds it (the other is 0).
 * As input (sy_route.defaults): name is required; type selects the value: text for
 * SY_VALUE_STRING, int_value for SY_VALUE_INT, float_value (finite) for
 * SY_VALUE_FLOAT; the other fields are ignored. reserved must be 0.
 */
typedef struct sy_param {
    sy_str name;
    sy_str text;
    int32_t type;         /* an sy_value_type */
    int32_t reserved;     /* zero */
    int64_t int_value;    /* when type == SY_VALUE_INT, else 0 */
    double float_value;   /* when type == SY_VALUE_FLOAT, else 0 */
} sy_param;

/* ------------------------------------------------------------------------------------
 * Router options
 * ---------------------------------------------------------------------------------- */

/* sy_router_options.flags: each bit turns one default behaviour around. Unknown bits
 * are rejected with SY_ERR_INVALID_ARGUMENT, so a newer flag is never silently ignored. */
#define SY_OPT_STRICT_TRAILING_SLASH        (1u << 0) /* "/a/" differs from "/a" */
#define SY_OPT_KEEP_EMPTY_SEGMENTS          (1u << 1) /* "//" keeps an empty segment */
#define SY_OPT_CASE_INSENSITIVE_LITERALS    (1u << 2) /* literals ignore ASCII case; values keep it */
#define SY_OPT_PLUS_AS_SPACE_IN_PATH        (1u << 3) /* '+' in a path segment reads as a space */
#define SY_OPT_NO_PLUS_AS_SPACE_IN_QUERY    (1u << 4) /* '+' in the query stays a plus */
#define SY_OPT_NO_DECODE_PATH               (1u << 5) /* do not percent-decode path segments */
#define SY_OPT_TRAILING_WILDCARD_NEEDS_SEGMENT (1u << 6) /* trailing '*' needs >= 1 segment */
#define SY_OPT_QUERY_OVER_PATH              (1u << 7) /* in params, a query item beats a path parameter */
#define SY_OPT_URLPATTERN_DIALECT           (1u << 8) /* routes are in the urlpattern dialect unless
                                                         they name theirs (SY_ROUTE_DIALECT_*) */
#define SY_OPT_FRAGMENT_AS_PATH             (1u << 9) /* "#/path?q" continues the path, "#k=v" adds
                                                         query items (JLRoutes) */
#define SY_OPT_ENCODED_PLUS_AS_SPACE        (1u << 10) /* "%2B" is a space wherever '+' is one */
#define SY_OPT_CASE_SENSITIVE_SCHEME        (1u << 11) /* a URL scheme not in lowercase matches nothing */
#define SY_OPT_SCHEME_TABLES                (1u << 12) /* routes naming a scheme first; others only for
                                                         global_fallback_schemes (JLRoutes) */
#define SY_OPT_NO_PARALLEL_BUILD            (1u << 13) /* builds start no thread: a large batch
                                                         compiles, and its table is built, on
                                                         the calling thread only */
/** Every flag this version knows; grows when flags are added. */
#define SY_OPT_KNOWN_FLAGS 0x3FFFu

/* A flag is named after the option it sets, as Swift and Python name it: SY_OPT_X sets
 * x to true, SY_OPT_NO_X sets x to false (decode_path, plus_as_space_in_query). The
 * zero flags word must be the default profile, so a behaviour that is on by default can
 * only have a NO_ flag. */

/** Deprecated names of flags, kept for one release. */
enum {
    /** The old name of SY_OPT_NO_DECODE_PATH. */
    SY_OPT_RAW_PATH SY_DEPRECATED_ENUMERATOR("use SY_OPT_NO_DECODE_PATH") = (1 << 5)
};

/** sy_router_options.host_handling: how the authority ("//...") of a URL is read. */
typedef enum sy_host_handling {
    SY_HOST_WEB_SCHEMES = 0,   /* web schemes have a host; others: first segment (default) */
    SY_HOST_ALWAYS_SEGMENT = 1,/* the authority is always the first path segment */
    SY_HOST_WHEN_DOTTED = 2,   /* a host when it contains '.' or is "localhost" */
    SY_HOST_ALWAYS_HOST = 3    /* always a host, whatever the scheme (version 4) */
} sy_host_handling;

/** sy_router_options.precedence: how winners are chosen after priority. */
typedef enum sy_precedence {
    SY_PRECEDENCE_SPECIFICITY = 0,        /* part by part from the left (default) */
    SY_PRECEDENCE_REGISTRATION_ORDER = 1, /* the route added first wins */
    SY_PRECEDENCE_MOST_LITERALS = 2,      /* most literal segments, then first added */
    SY_PRECEDENCE_CODE_POINT = 3          /* segment texts by code point, ':' for a parameter
                                             (version 4) */
} sy_precedence;

/** sy_router_options.pattern_reading (version 4): the syntax patterns of the default dialect
 *  are written in; each value is also the name of a preset (sy_router_options_preset()). */
typedef enum sy_pattern_reading {
    SY_READING_SWITCHYARD = 0,    /* Switchyard's own (default) */
    SY_READING_JLROUTES = 1,
    SY_READING_URLNAVIGATOR = 2,
    SY_READING_MGJROUTER = 3,
    SY_READING_DEEPLINKKIT = 4,
    SY_READING_WAAPPROUTING = 5,
    SY_READING_KICKSTARTER = 6,
    SY_READING_ROUTINGKIT = 7
} sy_pattern_reading;

/** The current version of sy_router_options: 2 added max_candidates, 3 added
 *  max_alternatives, 4 added pattern_reading, host_prefixes and global_fallback_schemes
 *  (and the flags, host handling and precedence values marked version 4). A struct of an
 *  earlier version (filled with sy_router_options_init(&opts, 1), 2 or 3) is still read, up
 *  to its last field; the library never reads or writes past it. */
#define SY_ROUTER_OPTIONS_VERSION 4

/**
 * Router-wide choices, read once by sy_router_new(). Fill it with
 * sy_router_options_init() (or, in C, SY_ROUTER_OPTIONS_INIT), then change fields.
 * Zero in a field means the default. Fields are only ever appended.
 */
typedef struct sy_router_options {
    uint32_t version;            /* SY_ROUTER_OPTIONS_VERSION */
    uint32_t flags;              /* SY_OPT_* bits; 0 = the default semantics */
    int32_t host_handling;       /* an sy_host_handling */
    int32_t precedence;          /* an sy_precedence */
    /* Limits; 0 means the default. Past a limit a call fails with SY_ERR_LIMIT. Each
     * ceiling is the largest value the library honours with memory, time and stack
     * bounded by the input (docs/SECURITY.md, "Limits"). Whatever they say, the optional
     * groups of all routes together may expand to at most 1.5 bytes of alternatives per
     * byte of pattern, plus 1 MiB, a pattern to at most 256 alternatives, and the routes
     * of one router to at most 128 MiB of alternatives, groups or not (each alternative
     * counts its length plus one byte). */
    uint32_t max_url_length;     /* bytes; default 32768; at most 1048576 */
    uint32_t max_segments;       /* path segments; default 256; at most 1048576 */
    uint32_t max_parameters;     /* parameters per pattern; default 64; at most 65536 */
    uint32_t max_pattern_length; /* bytes; default 4096; at most 1048576 */
    uint32_t max_document_size;  /* rule document bytes; default 16 MiB; at most 268435456 */
    uint32_t max_redirects;      /* redirects per resolve; default 8; at most 1000 */
    /* Schemes that have a real host under SY_HOST_WEB_SCHEMES, each lowercase ASCII of
     * at most 255 bytes.
     * NULL means the default set: http, https, ws, wss, ftp, file. A non-NULL array
     * with web_schemes_count == 0 means no scheme has a host. Copied by sy_router_new(). */
    const sy_str *web_schemes;
    size_t web_schemes_count;
    /* Version 2. The most candidates sy_router_candidates() and sy_router_dispatch()
     * go through for one URL; 0 means the default, 16; at most 1000. */
    uint32_t max_candidates;
    /* Version 3. The most alternatives one pattern's optional groups may expand to
     * ("/a(/b)(/c)" has 4); 0 means the default, 256; at most 256. */
    uint32_t max_alternatives;
    /* Version 4. An sy_pattern_reading: the syntax routes of the default dialect are
     * written in. */
    int32_t pattern_reading;
    /* Version 4. When host_prefixes_count > 0, a URL matches only when its host starts with
     * one of these (lowercase ASCII, 1 to 255 bytes each). Copied by sy_router_new(). */
    const sy_str *host_prefixes;
    size_t host_prefixes_count;
    /* Version 4. With SY_OPT_SCHEME_TABLES: the schemes (lowercase) whose URLs fall back to
     * routes without a scheme. Copied by sy_router_new(). */
    const sy_str *global_fallback_schemes;
    size_t global_fallback_schemes_count;
} sy_router_options;

#ifndef __cplusplus
/** C only: a designated initializer equal to what sy_router_options_init() writes. */
#define SY_ROUTER_OPTIONS_INIT { .version = SY_ROUTER_OPTIONS_VERSION }
#endif

/**
 * Fill an options struct with the defaults of the given version.
 *
 * @param[out] opts   The struct to fill; every field is overwritten.
 * @param version     SY_ROUTER_OPTIONS_VERSION (the version your code was written for); 1
 *                    to 4 are known. Only the fields of that version are written.
 * @return SY_OK;
 *         SY_ERR_MISUSE if opts is NULL or version is not one this library knows
 *         (opts is then left untouched).
 *
 * Ownership: nothing is allocated.
 * Lifetime:  not applicable.
 * Thread safety: safe from any thread on distinct structs.
 * Since: 0.1
 */
SY_API sy_status sy_router_options_init(sy_router_options *opts, /* OUT: filled */
                                        uint32_t version);

/**
 * Fill an options struct with a compatibility preset: the pattern reading and every
 * router-wide choice of the router it is named after (docs/CONFORMANCE.md). Change fields
 * afterwards to follow that router's own flags (e.g. JLRoutes' shouldDecodePlusSymbols off:
 * clear SY_OPT_PLUS_AS_SPACE_IN_PATH and SY_OPT_ENCODED_PLUS_AS_SPACE, set
 * SY_OPT_NO_PLUS_AS_SPACE_IN_QUERY).
 *
 * @param[in,out] opts A struct from sy_router_options_init() of version 4 or later: its
 *                    version is kept, every other field of that version is overwritten.
 * @param name        "switchyard", "jlroutes", "urlnavigator", "mgjrouter", "deeplinkkit",
 *                    "waapprouting", "kickstarter" or "routingkit" (name_len bytes).
 * @param err         Optional; filled on failure.
 * @return SY_OK;
 *         SY_ERR_INVALID_ARGUMENT for an unknown name (the message lists the known ones);
 *         SY_ERR_MISUSE if opts or name is NULL or opts->version is under 4.
 *         On failure opts is left untouched.
 *
 * Ownership: nothing is allocated; host_prefixes, when set, points to storage of the
 *            library that lives as long as the process.
 * Lifetime:  not applicable.
 * Thread safety: safe from any thread on distinct structs.
 * Since: 0.1
 */
SY_API sy_status sy_router_options_preset(sy_router_options *opts, /* IN/OUT */
                                          const char *name, size_t name_len,
                                          sy_error *err);

/* ------------------------------------------------------------------------------------
 * Routes (for sy_router_add_route / sy_router_add_routes)
 * ---------------------------------------------------------------------------------- */

/* sy_route.flags. Unknown bits are rejected with SY_ERR_INVALID_ARGUMENT. */
/** For a redirect: do not append unused captured parameters and the original query to
 *  the redirect URL (SEMANTICS.md §6, "append_params": false). No effect on a target. */
#define SY_ROUTE_NO_APPEND_PARAMS (1u << 0)
/** The pattern is in the urlpattern dialect (the WHATWG URLPattern standard's pathname
 *  syntax, SEMANTICS.md "The urlpattern dialect"), whatever the router's dialect. */
#define SY_ROUTE_DIALECT_URLPATTERN (1u << 1)
/** The pattern is in Switchyard's own dialect, whatever the router's dialect. Setting both
 *  dialect bits is SY_ERR_INVALID_ARGUMENT. */
#define SY_ROUTE_DIALECT_SWITCHYARD (1u << 2)
/** urlpattern dialect: compare ASCII letters ignoring case (the standard's ignoreCase). */
#define SY_ROUTE_IGNORE_CASE (1u << 3)
/** Every route flag this version knows; grows when flags are added. */
#define SY_ROUTE_KNOWN_FLAGS 0x0Fu

/** The current version of sy_route: 2 added search and hash, 3 added parent. A struct
 *  of an earlier version (filled with sy_route_init(&route, 1) or 2) is still read, up to
 *  its last field; the library never reads or writes past it, and reads it as a route
 *  without the later fields (no search or hash patterns, no parent). */
#define SY_ROUTE_VERSION 3

/**
 * One route: a pattern and where it leads. Fill it with sy_route_init() (or, in C,
 * SY_ROUTE_INIT), then set the fields. Exactly one of target and redirect must be
 * present (ptr != NULL). The strings and the defaults array are only read during the
 * call that takes the route; nothing is kept. Fields are only ever appended.
 */
typedef struct sy_route {
    uint32_t version;         /* SY_ROUTE_VERSION */
    uint32_t flags;           /* SY_ROUTE_* bits */
    sy_str pattern;           /* required */
    sy_str target;            /* what the route leads to, or absent */
    sy_str redirect;          /* a redirect URL template, or absent */
    sy_str name;              /* optional route name, or absent */
    const sy_param *defaults; /* values for names neither path nor query supply; may be NULL */
    size_t defaults_count;    /* number of entries in defaults */
    int32_t priority;         /* higher wins over any specificity; default 0 */
    /* Version 2. urlpattern dialect only (SY_ROUTE_DIALECT_URLPATTERN, or
     * SY_OPT_URLPATTERN_DIALECT with no SY_ROUTE_DIALECT_SWITCHYARD): the standard's
     * search and hash patterns, matched against the URL's raw query and fragment
     * (SEMANTICS.md "The urlpattern dialect"). Absent (ptr == NULL): the component
     * matches anything; present but empty: it matches only an empty or missing query
     * or fragment. Read during the call only, as the other strings. On a route in the
     * switchyard dialect either one is SY_ERR_INVALID_ARGUMENT. */
    sy_str search;            /* the query's pattern, without '?', or absent */
    sy_str hash;              /* the fragment's pattern, without '#', or absent */
    /* Version 3. The name of the route above this one in a screen stack ("parent" in a
     * rule document; docs/NAVIGATION.md), or absent. The parent must be one route of the
     * router or of the same batch, the route must capture (or default) every parameter
     * the parent's URL needs, and a chain of parents may not loop. */
    sy_str parent;
} sy_route;

#ifndef __cplusplus
/** C only: a designated initializer equal to what sy_route_init() writes. */
#define SY_ROUTE_INIT { .version = SY_ROUTE_VERSION }
/** C only: a route from a pattern to a target, both string literals, as SY_ROUTE_INIT
 *  with those two fields set; for the array given to sy_router_add_routes():
 *      static const sy_route routes[] = { SY_ROUTE_TARGET_INIT("/about", "About") }; */
#define SY_ROUTE_TARGET_INIT(pattern_literal, target_literal) \
    { .version = SY_ROUTE_VERSION, .pattern = {SY_STR(pattern_literal)}, \
      .target = {SY_STR(target_literal)} }
/** C only: the same for a route from a pattern to a redirect URL template. */
#define SY_ROUTE_REDIRECT_INIT(pattern_literal, redirect_literal) \
    { .version = SY_ROUTE_VERSION, .pattern = {SY_STR(pattern_literal)}, \
      .redirect = {SY_STR(redirect_literal)} }
#endif

/**
 * Fill a route struct with the defaults of the given version (everything absent or 0).
 *
 * @param[out] route  The struct to fill; every field is overwritten.
 * @param version     SY_ROUTE_VERSION (the version your code was written for); 1, 2
 *                    and 3 are known. Only the fields of that version are written: a struct
 *                    of version 1 is smaller, and nothing past its last field is touched.
 * @return SY_OK;
 *         SY_ERR_MISUSE if route is NULL or version is not one this library knows
 *         (route is then left untouched).
 *
 * Ownership: nothing is allocated.
 * Lifetime:  not applicable.
 * Thread safety: safe from any thread on distinct structs.
 * Since: 0.1
 */
SY_API sy_status sy_route_init(sy_route *route, /* OUT: filled */
                               uint32_t version);

/* ------------------------------------------------------------------------------------
 * sy_router: the route table
 * ---------------------------------------------------------------------------------- */

/** A route table. Opaque; create with sy_router_new(), destroy with sy_router_free(). */
typedef struct sy_router sy_router;

/**
 * Create an empty router.
 *
 * @param[out] out  Receives the new router; set to NULL on failure.
 * @param opts      Options from sy_router_options_init(), or NULL for the defaults.
 *                  Read during the call only.
 * @param err       Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if out is NULL, opts->version is unknown, or
 *         opts->web_schemes is NULL with a non-zero web_schemes_count;
 *         SY_ERR_INVALID_ARGUMENT if opts has unknown flag bits, an unknown
 *         host_handling or precedence, a limit out of range, a web scheme that is
 *         absent, not lowercase ASCII or longer than 255 bytes, or web_schemes_count
 *         over SIZE_MAX / 2.
 *
 * Ownership: the caller owns *out and must release it with sy_router_free().
 * Lifetime:  the router lives until sy_router_free().
 * Thread safety: safe from any thread.
 * Since: 0.1
 */
SY_API sy_status sy_router_new(sy_router **out, /* OUT: new router or NULL */
                               const sy_router_options *opts,
                               sy_error *err);

/**
 * Destroy a router. sy_router_free(NULL) is a no-op. A live sy_match passed here by
 * mistake is recognised and left alone (best effort, as SY_ERR_MISUSE elsewhere).
 *
 * @param router A router from sy_router_new(), or NULL.
 *
 * Ownership: releases the router. Matches that resolved against it stay valid: they
 *            keep the table they matched with until their next resolve or their free.
 * Lifetime:  router must not be used after this call.
 * Thread safety: must not race with any other use of the same router.
 * Since: 0.1
 */
SY_API void sy_router_free(sy_router *router);

/**
 * Add a route from a pattern to a target (the short form of sy_router_add_route()).
 *
 * @param router      A router from sy_router_new().
 * @param pattern     UTF-8 pattern, e.g. "myapp://user/<int:id>".
 * @param pattern_len Length of pattern in bytes, or SY_NUL.
 * @param target      UTF-8 target the host understands, e.g. "UserProfile".
 * @param target_len  Length of target in bytes, or SY_NUL.
 * @param err         Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if router is NULL or not a router, or a pointer is NULL with
 *         a non-zero length;
 *         SY_ERR_INVALID_ARGUMENT if a length is over SIZE_MAX / 2 or the text is not
 *         UTF-8 (position: the first bad byte);
 *         SY_ERR_INVALID_PATTERN if the pattern is malformed (position: the byte);
 *         SY_ERR_CONFLICT if a route of the same shape and priority exists (the message
 *         names both patterns);
 *         SY_ERR_LIMIT if the pattern is over max_pattern_length, max_segments or
 *         max_parameters, or its optional groups expand past what the router's
 *         routes may hold, or the router's patterns would pass 128 MiB (see
 *         sy_router_options).
 *         On failure the router is unchanged.
 *
 * Ownership: pattern and target are copied; the caller keeps its buffers.
 * Lifetime:  the route lives until removed or until the router is freed.
 * Thread safety: safe from any thread, also while other threads resolve on or change
 *            the same router; each resolve sees the table before or after the add.
 * Since: 0.1
 */
SY_API sy_status sy_router_add(sy_router *router,
                               const char *pattern, size_t pattern_len,
                               const char *target, size_t target_len,
                               sy_error *err);

/**
 * Add one route with every setting: target or redirect, name, priority, defaults.
 *
 * @param router A router from sy_router_new().
 * @param route  A route filled by sy_route_init() and then by you. Read during the
 *               call only.
 * @param err    Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if router or route is NULL, router is not a router,
 *         route->version is unknown, route->pattern is absent, or an sy_str or
 *         route->defaults is NULL with a non-zero length or count;
 *         SY_ERR_INVALID_ARGUMENT if both or neither of target and redirect are
 *         present, flags has unknown bits, a text is not UTF-8 or too long, a
 *         default has no name, an unknown type, a non-finite float, a non-zero
 *         reserved field, or a name given twice; also for a redirect template that
 *         is empty or malformed, names a parameter not captured by every form of the
 *         pattern, or puts a placeholder in the scheme or host (position: the byte
 *         in the redirect); also for search or hash on a route that is not in the
 *         urlpattern dialect (as Swift's Route.searchPattern there; position -1);
 *         also for a parent that no route or several routes are named, whose URL needs
 *         a parameter the route does not capture or default, or that leads back to the
 *         route (a loop of parents); the message names the route and the parent;
 *         SY_ERR_INVALID_PATTERN, SY_ERR_CONFLICT, SY_ERR_LIMIT as for sy_router_add();
 *         for an error in search or hash, the message names the component
 *         ("urlpattern search: ...") and position is the byte in that pattern.
 *         On failure the router is unchanged.
 *
 * Ownership: everything the route points to is copied; the caller keeps its buffers.
 * Lifetime:  the route lives until removed or until the router is freed.
 * Thread safety: as sy_router_add().
 * Since: 0.1
 */
SY_API sy_status sy_router_add_route(sy_router *router,
                                     const sy_route *route,
                                     sy_error *err);

/**
 * Add several routes at once, all or nothing, with one rebuild of the table.
 *
 * @param router A router from sy_router_new().
 * @param routes An array of count routes (see sy_router_add_route()); may be NULL
 *               when count is 0. Every route has the version of routes[0]: that
 *               version gives the size of each element (a program built with an older
 *               header passes smaller structs).
 * @param count  Number of routes; 0 does nothing and returns SY_OK.
 * @param err    Optional. Cleared on entry; filled on failure. For an error in one
 *               route, route_index is its index i, the message starts with
 *               "routes[i]: ", and position is relative to that route's pattern (or
 *               redirect, search or hash); for any other error route_index is -1.
 * @return SY_OK;
 *         the errors of sy_router_add_route() for any route (conflicts between two
 *         routes of the batch included);
 *         SY_ERR_MISUSE if routes is NULL with a non-zero count, or a route's version
 *         differs from routes[0]'s;
 *         SY_ERR_INVALID_ARGUMENT if count is over SIZE_MAX / 2.
 *         On failure no route of the batch was added.
 *
 * Ownership: as sy_router_add_route().
 * Lifetime:  as sy_router_add_route().
 * Thread safety: as sy_router_add(); a concurrent resolve sees none or all of the batch.
 *            A batch of 5000 routes or more is read, compiled and checked for
 *            conflicts on two threads started and joined before returning, while
 *            the calling thread waits, and so does the build of its table by the
 *            first resolve (never with
 *            SY_OPT_NO_PARALLEL_BUILD, on one processor, or when the router has a
 *            parameter type with a parse function, which always runs on the calling
 *            thread). Safe in a child made by fork() after the library was used.
 * Since: 0.1
 */
SY_API sy_status sy_router_add_routes(sy_router *router,
                                      const sy_route *routes, size_t count,
                                      sy_error *err);

/**
 * Remove the route added with exactly this pattern text.
 *
 * @param[out] removed_out Optional. Set to 1 if a route was removed, 0 if no route
 *                    has this pattern.
 * @param router      A router from sy_router_new().
 * @param pattern     The pattern exactly as it was added.
 * @param pattern_len Length of pattern in bytes, or SY_NUL.
 * @param err         Optional. Cleared on entry; filled on failure.
 * @return SY_OK whether or not a route was removed;
 *         SY_ERR_MISUSE if router is NULL or not a router, or pattern is NULL with a
 *         non-zero length;
 *         SY_ERR_INVALID_ARGUMENT if pattern_len is over SIZE_MAX / 2 or pattern is
 *         not UTF-8.
 *
 * Ownership: nothing is kept from pattern.
 * Lifetime:  matches made before the removal keep their results.
 * Thread safety: as sy_router_add().
 * Since: 0.1
 */
SY_API sy_status sy_router_remove(int *removed_out, /* OUT: 1 removed, 0 not found */
                                  sy_router *router,
                                  const char *pattern, size_t pattern_len,
                                  sy_error *err);

/**
 * One route of a router as sy_router_route_at() gives it back: every field borrowed
 * from the router. Plain data, written by the library; you do not fill it.
 */
typedef struct sy_route_info {
    sy_str pattern;         /* the pattern, exactly as it was added */
    sy_str target;          /* the target, or absent for a redirect */
    sy_str redirect;        /* the redirect URL template, or absent for a target */
    sy_str name;            /* the route's name, or absent */
    int32_t priority;       /* as added; default 0 */
    uint32_t flags;         /* SY_ROUTE_* bits: SY_ROUTE_NO_APPEND_PARAMS */
    int32_t from_document;  /* 1 when the route came from a rule document, 0 when added */
    uint32_t reserved;      /* zero */
    sy_str parent;          /* the name of the route's parent ("parent" in a rule
                               document; docs/NAVIGATION.md), or absent */
} sy_route_info;

/**
 * The number of routes in the router: every route added and every route of the
 * current rule document.
 *
 * @param router A router, or NULL.
 * @return The count; 0 for NULL or a handle that is not a router.
 *
 * Ownership: nothing is allocated.
 * Lifetime:  the count holds until the router is next changed.
 * Thread safety: safe from any thread, also while other threads resolve on or change
 *            the same router; the count is of the table before or after a change.
 * Since: 0.1
 */
SY_API size_t sy_router_route_count(const sy_router *router);

/**
 * The i-th route of the router, in the order the routes were added (the routes of a
 * rule document in the document's order, where it was loaded).
 *
 *     for (size_t i = 0; i < sy_router_route_count(router); i++) {
 *         sy_route_info r;
 *         if (sy_router_route_at(&r, router, i, &err) == SY_OK) ... r.pattern ...
 *     }
 *
 * @param[out] out A route: pattern, target or redirect, name, priority, flags,
 *                 whether it came from a rule document, and its parent's name.
 *                 Zeroed on failure.
 * @param router   A router from sy_router_new().
 * @param i        0 <= i < sy_router_route_count(router).
 * @param err      Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if out or router is NULL or router is not a router;
 *         SY_ERR_INVALID_ARGUMENT if i is out of range (the message gives the count).
 *
 * Ownership: the strings of out are borrowed from the router; do not free them.
 * Lifetime:  they stay valid until the router is next changed (any add, remove or
 *            load, from any thread, successful or not) or freed, whichever comes
 *            first. Copy what you keep longer.
 * Thread safety: safe from any thread. A change on another thread ends the lifetime
 *            above, so a thread that reads the strings while another may change the
 *            router must hold a lock of its own around both. Each call sees the routes
 *            before or after a concurrent change; an index read before a change may be
 *            out of range after it.
 * Since: 0.1
 */
SY_API sy_status sy_router_route_at(sy_route_info *out, /* OUT: the route */
                                    const sy_router *router, size_t i,
                                    sy_error *err);

/* ------------------------------------------------------------------------------------
 * sy_match: a reusable result object
 * ---------------------------------------------------------------------------------- */

/** The result of a resolve. Opaque; create with sy_match_new(), free with sy_match_free(). */
typedef struct sy_match sy_match;

/**
 * Create an empty match object, to be filled by sy_router_resolve() and reused.
 * Before its first resolve it reads as a miss with an empty URL.
 *
 * @param[out] out Receives the new match; set to NULL on failure.
 * @param err      Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if out is NULL.
 *
 * Ownership: the caller owns *out and must release it with sy_match_free().
 * Lifetime:  the match lives until sy_match_free().
 * Thread safety: safe from any thread. The match itself is not thread-safe: use one
 *            per thread or lock externally.
 * Since: 0.1
 */
SY_API sy_status sy_match_new(sy_match **out, /* OUT: new match or NULL */
                              sy_error *err);

/**
 * Destroy a match. sy_match_free(NULL) is a no-op. A live sy_router passed here by
 * mistake is recognised and left alone (best effort, as SY_ERR_MISUSE elsewhere).
 *
 * @param match A match from sy_match_new(), or NULL.
 *
 * Ownership: releases the match and everything its slices point into, except the
 *            URL buffer, which the caller owns.
 * Lifetime:  match and every sy_str read from it are invalid after this call.
 * Thread safety: must not race with any other use of the same match.
 * Since: 0.1
 */
SY_API void sy_match_free(sy_match *match);

/**
 * Match a URL against a router, writing the result into match.
 *
 * @param[out] match Scratch object from sy_match_new(); overwritten.
 * @param router  A router from sy_router_new(). Not modified.
 * @param url     UTF-8 bytes of the URL or path; need not be NUL-terminated.
 * @param url_len Length of url in bytes, or SY_NUL (then url runs up to its NUL).
 * @param err     Optional. Cleared on entry; filled on failure.
 * @return SY_OK whether or not a route matched (see sy_match_found()); a miss builds
 *         no message;
 *         SY_ERR_MISUSE if match or router is NULL or not of its kind, or url is NULL
 *         with a non-zero length, or match is held by a dispatch still running (the
 *         match given to sy_router_dispatch(), or the one a handler is given, while
 *         the handler runs: it is left as it is);
 *         SY_ERR_INVALID_URL if url is not valid UTF-8, holds a control character or
 *         has no valid scheme or port, or if a browser would refuse it (position:
 *         the byte);
 *         SY_ERR_LIMIT if url is over max_url_length or max_segments (also when
 *         url_len is over SIZE_MAX / 2), or a redirect would build a URL over
 *         max_url_length or a chain of URLs over its byte bound (docs/SECURITY.md);
 *         SY_ERR_REDIRECT_UNSAFE if a redirect produced a URL that leaves the scheme or
 *         host its template wrote, the rule document's redirect_allowlist, or (for a
 *         relative template) the current host (the message names the route's pattern
 *         and the URL);
 *         SY_ERR_REDIRECT_LIMIT, SY_ERR_REDIRECT_LOOP for redirect chains (the
 *         message shows the chain).
 *         On any other failure match reads as before any resolve: a miss with an
 *         empty URL and no redirects.
 *
 * A web-scheme URL is read as the WHATWG URL Standard reads it: backslash as slash, any
 * number of slashes after the scheme, tab and newline removed, host percent-decoded and
 * lowercased, port 0-65535 without leading zeros and without the default; a URL a
 * browser reads differently is described in the form a browser reads it (sy_match_url),
 * and one a browser refuses is SY_ERR_INVALID_URL. A URL without a scheme reads a
 * backslash before its query as a slash. Custom schemes keep the RFC 3986 reading.
 *
 * Ownership: url is only read during the call: the match keeps a copy, in storage it
 *            reuses, so after warm-up a resolve allocates nothing.
 * Lifetime:  every sy_str read from match stays valid until the next
 *            sy_router_resolve() with the same match or sy_match_free(match), whichever
 *            comes first.
 * Thread safety: any number of threads may resolve on one router at once, each with
 *            its own match, also while another thread changes the router. The first
 *            resolve after a change builds the router's new table; for 5000 routes or
 *            more it builds on two threads, as sy_router_add_routes() says.
 * Since: 0.1
 */
SY_API sy_status sy_router_resolve(sy_match *match, /* OUT: overwritten */
                                   const sy_router *router,
                                   const char *url, size_t url_len,
                                   sy_error *err);

/* Accessors. They cannot fail: a NULL match gives 0 or an absent sy_str. Every sy_str
 * they return follows the Lifetime of sy_router_resolve(). On a miss only the URL and
 * the redirect chain are set; every other field is absent or 0.
 * Ownership (all): nothing is allocated; the caller frees nothing.
 * Thread safety (all): as the match: one thread at a time per match. */

/**
 * Whether the last resolve matched a route.
 *
 * @param match A match, or NULL.
 * @return 1 on a match, 0 on a miss, before any resolve, or for NULL.
 *
 * Ownership: nothing is allocated.
 * Lifetime:  not applicable.
 * Thread safety: one thread at a time per match.
 * Since: 0.1
 */
SY_API int sy_match_found(const sy_match *match);

/**
 * The URL of the last resolve: the input, or the last URL of a redirect chain, in the
 * form a browser reads it where that differs (see sy_router_resolve()).
 *
 * @param match A match, or NULL.
 * @return The URL (present, possibly empty, after any resolve); absent for NULL.
 *
 * Ownership: borrowed.
 * Lifetime:  as for sy_router_resolve().
 * Thread safety: one thread at a time per match.
 * Since: 0.1
 */
SY_API sy_str sy_match_url(const sy_match *match);

/**
 * The pattern of the winning route, as it was added.
 *
 * @param match A match, or NULL.
 * @return The pattern; absent on a miss or for NULL.
 *
 * Ownership: borrowed.
 * Lifetime:  as for sy_router_resolve().
 * Thread safety: one thread at a time per match.
 * Since: 0.1
 */
SY_API sy_str sy_match_pattern(const sy_match *match);

/**
 * The target of the winning route (for a redirect chain: of the route it ended on).
 *
 * @param match A match, or NULL.
 * @return The target; absent on a miss or for NULL.
 *
 * Ownership: borrowed.
 * Lifetime:  as for sy_router_resolve().
 * Thread safety: one thread at a time per match.
 * Since: 0.1
 */
SY_API sy_str sy_match_target(const sy_match *match);

/**
 * The name of the winning route.
 *
 * @param match A match, or NULL.
 * @return The name; absent when the route has none, on a miss, or for NULL.
 *
 * Ownership: borrowed.
 * Lifetime:  as for sy_router_resolve().
 * Thread safety: one thread at a time per match.
 * Since: 0.1
 */
SY_API sy_str sy_match_name(const sy_match *match);

/**
 * The fragment of the URL (after '#', as written, not decoded).
 *
 * @param match A match, or NULL.
 * @return The fragment (present and empty for a URL ending in '#'); absent when the
 *         URL has no '#', on a miss, or for NULL.
 *
 * Ownership: borrowed.
 * Lifetime:  as for sy_router_resolve().
 * Thread safety: one thread at a time per match.
 * Since: 0.1
 */
SY_API sy_str sy_match_fragment(const sy_match *match);

/**
 * The remainder: the decoded segments matched by a trailing '*', '*name' or
 * '<path:name>', joined by '/', without a leading '/'.
 *
 * @param match A match, or NULL.
 * @return The remainder (present and empty when it matched zero segments); absent
 *         when the pattern has no remainder form, on a miss, or for NULL.
 *
 * Ownership: borrowed.
 * Lifetime:  as for sy_router_resolve().
 * Thread safety: one thread at a time per match.
 * Since: 0.1
 */
SY_API sy_str sy_match_remainder(const sy_match *match);

/**
 * The number of path parameters captured, in pattern order.
 *
 * @param match A match, or NULL.
 * @return The count; 0 on a miss or for NULL.
 *
 * Ownership: nothing is allocated.
 * Lifetime:  not applicable.
 * Thread safety: one thread at a time per match.
 * Since: 0.1
 */
SY_API size_t sy_match_path_param_count(const sy_match *match);

/**
 * The i-th path parameter (pattern order) with its type and value.
 *
 * @param[out] out A parameter: name, text, type, int_value, float_value. Zeroed on
 *                 failure.
 * @param match    A match from sy_match_new().
 * @param i        0 <= i < sy_match_path_param_count(match).
 * @param err      Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if out or match is NULL or match is not a match;
 *         SY_ERR_INVALID_ARGUMENT if i is out of range.
 *
 * Ownership: out->name and out->text are borrowed.
 * Lifetime:  as for sy_router_resolve().
 * Thread safety: one thread at a time per match.
 * Since: 0.1
 */
SY_API sy_status sy_match_path_param_at(sy_param *out, /* OUT: the parameter */
                                        const sy_match *match, size_t i,
                                        sy_error *err);

/**
 * The number of query items, repeats included, in URL order.
 *
 * @param match A match, or NULL.
 * @return The count; 0 on a miss or for NULL.
 *
 * Ownership: nothing is allocated.
 * Lifetime:  not applicable.
 * Thread safety: one thread at a time per match.
 * Since: 0.1
 */
SY_API size_t sy_match_query_count(const sy_match *match);

/**
 * The i-th query item (URL order; a repeated name appears once per value).
 *
 * @param[out] name_out  The decoded name. Absent on failure.
 * @param[out] value_out The decoded value ("" for an item without '='). Absent on
 *                       failure.
 * @param match    A match from sy_match_new().
 * @param i        0 <= i < sy_match_query_count(match).
 * @param err      Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if name_out, value_out or match is NULL or match is not a
 *         match;
 *         SY_ERR_INVALID_ARGUMENT if i is out of range.
 *
 * Ownership: both slices are borrowed.
 * Lifetime:  as for sy_router_resolve().
 * Thread safety: one thread at a time per match.
 * Since: 0.1
 */
SY_API sy_status sy_match_query_at(sy_str *name_out,  /* OUT: item name */
                                   sy_str *value_out, /* OUT: item value */
                                   const sy_match *match, size_t i,
                                   sy_error *err);

/**
 * The number of merged parameters ("params"): each name once; path parameters win
 * over query items of the same name (unless SY_OPT_QUERY_OVER_PATH), a repeated query
 * name gives its last value, and route defaults fill names still missing.
 *
 * @param match A match, or NULL.
 * @return The count; 0 on a miss or for NULL.
 *
 * Ownership: nothing is allocated.
 * Lifetime:  not applicable.
 * Thread safety: one thread at a time per match.
 * Since: 0.1
 */
SY_API size_t sy_match_param_count(const sy_match *match);

/**
 * The i-th merged parameter: path parameters first, then query names, then defaults.
 *
 * @param[out] out A parameter. Zeroed on failure.
 * @param match    A match from sy_match_new().
 * @param i        0 <= i < sy_match_param_count(match).
 * @param err      Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if out or match is NULL or match is not a match;
 *         SY_ERR_INVALID_ARGUMENT if i is out of range.
 *
 * Ownership: out->name and out->text are borrowed.
 * Lifetime:  as for sy_router_resolve().
 * Thread safety: one thread at a time per match.
 * Since: 0.1
 */
SY_API sy_status sy_match_param_at(sy_param *out, /* OUT: the parameter */
                                   const sy_match *match, size_t i,
                                   sy_error *err);

/**
 * Look up a merged parameter by name, without walking the list.
 *
 * @param[out] out       The parameter when found; zeroed when not found or on failure.
 * @param[out] found_out Optional. 1 when found, 0 when not (a name not present is not
 *                       an error).
 * @param match    A match from sy_match_new().
 * @param name     UTF-8 name; need not be NUL-terminated.
 * @param name_len Length of name in bytes, or SY_NUL.
 * @param err      Optional. Cleared on entry; filled on failure.
 * @return SY_OK whether or not the name was found;
 *         SY_ERR_MISUSE if out or match is NULL, match is not a match, or name is NULL
 *         with a non-zero length;
 *         SY_ERR_INVALID_ARGUMENT if name_len is over SIZE_MAX / 2.
 *
 * Ownership: out->name and out->text are borrowed; nothing is kept from name.
 * Lifetime:  as for sy_router_resolve().
 * Thread safety: one thread at a time per match.
 * Since: 0.1
 */
SY_API sy_status sy_match_param(sy_param *out, /* OUT: the parameter */
                                int *found_out, /* OUT: 1 found, 0 not */
                                const sy_match *match,
                                const char *name, size_t name_len,
                                sy_error *err);

/**
 * An integer parameter by name: the merged parameter (as sy_match_param() finds it) when
 * it is an SY_VALUE_INT, or text that is a whole decimal number within int64_t ("42",
 * "-7", "+3", "007"; not "4.0", " 4", "4e2" or "0x10").
 *
 *     int64_t page = 1;  // the default: left as it is unless SY_OK
 *     sy_status st = sy_match_param_int(&page, match, "page", SY_NUL, NULL);
 *     // SY_OK, SY_ERR_NOT_FOUND (no such parameter) or SY_ERR_TYPE (not an integer)
 *
 * One rule in every language: a typed read takes a value of that type, or text that is
 * written as one, and nothing else (Swift's match.int("page") and Python's
 * match.int("page") answer the same for the same URL). A query item ?page=2 therefore
 * reads as 2; an SY_VALUE_FLOAT never reads as an integer.
 *
 * @param[out] out Receives the value on SY_OK; left unchanged otherwise, so a value set
 *                 before the call serves as a default.
 * @param match    A match from sy_match_new().
 * @param name     UTF-8 name; need not be NUL-terminated.
 * @param name_len Length of name in bytes, or SY_NUL.
 * @param err      Optional. Cleared on entry; filled on failure. With err NULL, the two
 *                 expected answers (SY_ERR_NOT_FOUND, SY_ERR_TYPE) build no message.
 * @return SY_OK when the parameter is there and reads as an integer;
 *         SY_ERR_NOT_FOUND when the match has no parameter of that name, or the last
 *         resolve matched no route;
 *         SY_ERR_TYPE when the parameter is there but does not read as an integer;
 *         SY_ERR_MISUSE if out or match is NULL, match is not a match, or name is NULL
 *         with a non-zero length or with SY_NUL;
 *         SY_ERR_INVALID_ARGUMENT if name_len is over SIZE_MAX / 2.
 *
 * Ownership: nothing is allocated for a typed value or a short text; nothing is kept
 *            from name.
 * Lifetime:  *out is a copy.
 * Thread safety: one thread at a time per match.
 * Since: 0.1
 */
SY_API sy_status sy_match_param_int(int64_t *out, /* OUT: the value */
                                    const sy_match *match,
                                    const char *name, size_t name_len,
                                    sy_error *err);

/**
 * A number parameter by name, as sy_match_param_int() finds it: an SY_VALUE_FLOAT, an
 * SY_VALUE_INT converted to double (exact up to 2^53 in magnitude, else the nearest
 * double), or text that is a finite decimal number written with digits, one sign, one
 * point and an exponent ("2.5", "-1e3"; not "nan", "inf", "0x10" or "").
 *
 * @param[out] out Receives the value on SY_OK; left unchanged otherwise.
 * @param match    A match from sy_match_new().
 * @param name     UTF-8 name; need not be NUL-terminated.
 * @param name_len Length of name in bytes, or SY_NUL.
 * @param err      Optional, as for sy_match_param_int().
 * @return SY_OK, SY_ERR_NOT_FOUND, SY_ERR_TYPE (the parameter does not read as a
 *         number), SY_ERR_MISUSE, SY_ERR_INVALID_ARGUMENT, as for sy_match_param_int().
 *
 * Ownership: as for sy_match_param_int().
 * Lifetime:  *out is a copy.
 * Thread safety: one thread at a time per match.
 * Since: 0.1
 */
SY_API sy_status sy_match_param_float(double *out, /* OUT: the value */
                                      const sy_match *match,
                                      const char *name, size_t name_len,
                                      sy_error *err);

/**
 * A yes-or-no parameter by name, as sy_match_param_int() finds it: the text "true" or
 * "1" reads as 1, "false" or "0" as 0 (exactly these, in lower case), and so do the
 * integers 1 and 0; anything else is SY_ERR_TYPE.
 *
 * @param[out] out Receives 1 or 0 on SY_OK; left unchanged otherwise.
 * @param match    A match from sy_match_new().
 * @param name     UTF-8 name; need not be NUL-terminated.
 * @param name_len Length of name in bytes, or SY_NUL.
 * @param err      Optional, as for sy_match_param_int().
 * @return SY_OK, SY_ERR_NOT_FOUND, SY_ERR_TYPE, SY_ERR_MISUSE, SY_ERR_INVALID_ARGUMENT,
 *         as for sy_match_param_int().
 *
 * Ownership: as for sy_match_param_int().
 * Lifetime:  *out is a copy.
 * Thread safety: one thread at a time per match.
 * Since: 0.1
 */
SY_API sy_status sy_match_param_bool(int *out, /* OUT: 1 or 0 */
                                     const sy_match *match,
                                     const char *name, size_t name_len,
                                     sy_error *err);

/**
 * The text of a parameter by name, whatever its type (for a typed path parameter, as
 * written in the URL after decoding: "007" for <int:id> = 7; for a default, the value
 * written in decimal). Every parameter has a text, so this never gives SY_ERR_TYPE.
 *
 * @param[out] out Receives the text (present, possibly empty) on SY_OK; left unchanged
 *                 otherwise.
 * @param match    A match from sy_match_new().
 * @param name     UTF-8 name; need not be NUL-terminated.
 * @param name_len Length of name in bytes, or SY_NUL.
 * @param err      Optional, as for sy_match_param_int().
 * @return SY_OK, SY_ERR_NOT_FOUND, SY_ERR_MISUSE, SY_ERR_INVALID_ARGUMENT, as for
 *         sy_match_param_int().
 *
 * Ownership: out is borrowed; nothing is kept from name.
 * Lifetime:  as for sy_router_resolve().
 * Thread safety: one thread at a time per match.
 * Since: 0.1
 */
SY_API sy_status sy_match_param_text(sy_str *out, /* OUT: the text */
                                     const sy_match *match,
                                     const char *name, size_t name_len,
                                     sy_error *err);

/**
 * Deprecated: sy_match_param_int() tells "not there" from "not an integer" and reports
 * bad arguments. This returns 1 exactly when sy_match_param_int() with a non-NULL out
 * would give SY_OK, 0 otherwise, and writes *out (out may be NULL) only on 1.
 *
 * @return 1 or 0, as above.
 *
 * Ownership: as for sy_match_param_int().
 * Lifetime:  as for sy_match_param_int().
 * Thread safety: one thread at a time per match.
 * Since: 0.1; deprecated, removed in the next major version
 */
SY_API SY_DEPRECATED("use sy_match_param_int, which returns a status")
int sy_match_int(const sy_match *match,
                 const char *name, size_t name_len,
                 int64_t *out /* OUT: the value */);

/**
 * Deprecated: use sy_match_param_float(). Returns 1 exactly when it would give SY_OK with
 * a non-NULL out, 0 otherwise; out may be NULL.
 *
 * @return 1 or 0, as above.
 *
 * Ownership: as for sy_match_param_float().
 * Lifetime:  as for sy_match_param_float().
 * Thread safety: one thread at a time per match.
 * Since: 0.1; deprecated, removed in the next major version
 */
SY_API SY_DEPRECATED("use sy_match_param_float, which returns a status")
int sy_match_float(const sy_match *match,
                   const char *name, size_t name_len,
                   double *out /* OUT: the value */);

/**
 * Deprecated: use sy_match_param_text(). Returns 1 exactly when it would give SY_OK with
 * a non-NULL out, 0 otherwise; out may be NULL.
 *
 * @return 1 or 0, as above.
 *
 * Ownership: as for sy_match_param_text().
 * Lifetime:  as for sy_match_param_text().
 * Thread safety: one thread at a time per match.
 * Since: 0.1; deprecated, removed in the next major version
 */
SY_API SY_DEPRECATED("use sy_match_param_text, which returns a status")
int sy_match_text(const sy_match *match,
                  const char *name, size_t name_len,
                  sy_str *out /* OUT: the text */);

/** Which parameter list sy_match_params_text() writes. */
typedef enum sy_param_list {
    SY_PARAMS_MERGED = 0, /* the merged map, as sy_match_param_at() lists it */
    SY_PARAMS_PATH = 1    /* the path parameters, as sy_match_path_param_at() lists them */
} sy_param_list;

/**
 * Every parameter of one list in a single call, typed, into the caller's array: the
 * cheap way to read a whole match (a route's parameters cost a few nanoseconds each,
 * against a call per parameter with sy_match_param_at()).
 *
 *     sy_param params[16];
 *     size_t n;
 *     if (sy_match_params(params, 16, &n, match, SY_PARAMS_PATH, &err) == SY_OK)
 *         ... params[0 .. n-1] ...
 *
 * @param[out] out       Receives the parameters in list order, each as
 *                       sy_match_path_param_at() or sy_match_param_at() gives it; may be
 *                       NULL when cap is 0.
 * @param cap            Number of elements of out.
 * @param[out] count_out Optional. The list's length, both on success and with
 *                       SY_ERR_BUFFER_TOO_SMALL (then cap must be at least *count_out).
 *                       0 on a miss.
 * @param match          A match from sy_match_new().
 * @param which          SY_PARAMS_MERGED or SY_PARAMS_PATH.
 * @param err            Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if match is NULL or not a match, or out is NULL with cap > 0;
 *         SY_ERR_INVALID_ARGUMENT if which is not an sy_param_list;
 *         SY_ERR_BUFFER_TOO_SMALL if cap < the list's length; then nothing is written.
 *
 * Ownership: out belongs to the caller; each name and text in it is borrowed.
 * Lifetime:  as for sy_router_resolve().
 * Thread safety: one thread at a time per match.
 * Since: 0.1
 */
SY_API sy_status sy_match_params(sy_param *out, /* OUT: the parameters */
                                 size_t cap,
                                 size_t *count_out, /* OUT: the list's length */
                                 const sy_match *match, int32_t which,
                                 sy_error *err);

/**
 * Every parameter of one list in a single call, as text: for bindings where each
 * foreign call costs more than the resolve (ctypes, FFI). C callers are better served
 * by sy_match_params(). The bytes written are
 *
 *   TYPES 0xFF NAME_0 0xFF TEXT_0 0xFF NAME_1 0xFF TEXT_1 ...
 *
 * TYPES is empty when every parameter is a string (SY_VALUE_STRING) and every name and
 * text is ASCII (so the whole text may be read as Latin-1); otherwise it has one ASCII
 * letter per parameter, in list order: 's' (SY_VALUE_STRING), 'i' (SY_VALUE_INT) or
 * 'f' (SY_VALUE_FLOAT). NAME_k and TEXT_k are the k-th parameter's name and text, as
 * in sy_param. An empty list writes nothing (length 0).
 * The byte 0xFF never occurs in UTF-8, and every name and text is valid UTF-8, so
 * splitting on 0xFF is exact. An int's text is its decimal digits (with any sign as
 * written); a float's text parses to its float_value by any correctly rounding parser.
 * Nothing is NUL-terminated. To learn the size first, pass buf = NULL and cap = 0.
 *
 * @param[out] buf     Receives the text; may be NULL when cap is 0.
 * @param cap          Size of buf in bytes.
 * @param[out] len_out Optional. The text's length in bytes, both on success and with
 *                     SY_ERR_BUFFER_TOO_SMALL (then cap must be at least *len_out).
 * @param match        A match from sy_match_new().
 * @param which        SY_PARAMS_MERGED or SY_PARAMS_PATH.
 * @param err          Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if match is NULL or not a match, or buf is NULL with cap > 0;
 *         SY_ERR_INVALID_ARGUMENT if which is not an sy_param_list;
 *         SY_ERR_BUFFER_TOO_SMALL if cap < length; then nothing is written.
 *
 * Ownership: buf belongs to the caller; the library keeps nothing.
 * Lifetime:  the text is a copy; it does not depend on the match or url.
 * Thread safety: one thread at a time per match.
 * Since: 0.1
 */
SY_API sy_status sy_match_params_text(char *buf, /* OUT: the text */
                                      size_t cap,
                                      size_t *len_out, /* OUT: the text's length */
                                      const sy_match *match, int32_t which,
                                      sy_error *err);

/**
 * sy_router_resolve() and the match's merged parameters (SY_PARAMS_MERGED) as text, in
 * one call: for bindings where each foreign call costs more than the resolve (Python's
 * ctypes makes the returned text a bytes object within the call). The text is the one
 * sy_match_params_text() writes, followed by a NUL; "" (an empty text) when the match
 * has no parameters. A NUL byte cannot end such a text early: when a name or text holds
 * one (a URL's %00), the text is the single byte 0xFE instead, and the list is read with
 * sy_match_params_text() or sy_match_params().
 *
 *     const char *text = sy_router_resolve_params_text(match, router, url, SY_NUL, &err);
 *     if (text == NULL) ... err says why ...
 *
 * @param match  A match from sy_match_new(), overwritten as by sy_router_resolve().
 * @param router The router.
 * @param url    The URL, as for sy_router_resolve().
 * @param url_len Its length in bytes, or SY_NUL.
 * @param err    Optional. Cleared on entry; filled on failure.
 * @return the text; NULL when the resolve failed, for every reason sy_router_resolve()
 *         gives (then the match reads as before any resolve).
 *
 * Ownership: the text belongs to the match.
 * Lifetime:  until the next resolve into the match or sy_match_free(); the rest of the
 *            match as for sy_router_resolve().
 * Thread safety: as sy_router_resolve(): one thread at a time per match.
 * Since: 0.1
 */
SY_API const char *sy_router_resolve_params_text(sy_match *match, /* OUT: overwritten */
                                                 const sy_router *router,
                                                 const char *url, size_t url_len,
                                                 sy_error *err);

/**
 * sy_router_resolve_params_text() for a NUL-terminated url, without an sy_error: the same
 * resolve and the same text from a call of three arguments, for bindings that pay for
 * every argument of a foreign call (Python's ctypes converts each one, which costs about
 * what the resolve does). A url that holds a NUL byte is read up to it: pass such a url
 * to sy_router_resolve_params_text() with its length instead. For the reason of a
 * failure, resolve again with sy_router_resolve() and an sy_error, to the same outcome:
 * a resolve changes nothing but its match.
 *
 *     const char *text = sy_router_resolve_params_cstr(match, router, "/repos/a/b");
 *
 * @param match  A match from sy_match_new(), overwritten as by sy_router_resolve().
 * @param router The router.
 * @param url    The URL, NUL-terminated.
 * @return the text, as sy_router_resolve_params_text() returns it; NULL when the resolve
 *         failed, for every reason sy_router_resolve() gives (then the match reads as
 *         before any resolve), or when match is NULL.
 *
 * Ownership: the text belongs to the match.
 * Lifetime:  until the next resolve into the match or sy_match_free(); the rest of the
 *            match as for sy_router_resolve().
 * Thread safety: as sy_router_resolve(): one thread at a time per match.
 * Since: 0.1
 */
SY_API const char *sy_router_resolve_params_cstr(sy_match *match, /* OUT: overwritten */
                                                 const sy_router *router,
                                                 const char *url);

/**
 * A match and the router to resolve into it with, for sy_resolver_params_cstr(): the
 * first two arguments of sy_router_resolve_params_cstr() in one, which the caller fills
 * once and passes to every resolve into that match. For bindings that pay for every
 * argument of a foreign call (Python's ctypes converts each one).
 */
typedef struct sy_resolver {
    sy_match *match;          /* a match from sy_match_new(), overwritten by each resolve */
    const sy_router *router;  /* the router to resolve with */
} sy_resolver;

/**
 * sy_router_resolve_params_cstr(resolver->match, resolver->router, url) from two
 * arguments: the same resolve, the same text, the same failures.
 *
 *     sy_resolver resolver = { match, router };
 *     const char *text = sy_resolver_params_cstr(&resolver, "/repos/a/b");
 *
 * @param resolver The match and the router; read during the call only.
 * @param url      The URL, NUL-terminated.
 * @return the text, as sy_router_resolve_params_text() returns it; NULL when the resolve
 *         failed, for every reason sy_router_resolve() gives (then the match reads as
 *         before any resolve), or when resolver or its match is NULL.
 *
 * Ownership: the text belongs to resolver->match; the resolver stays the caller's.
 * Lifetime:  the text until the next resolve into the match or sy_match_free(); the rest
 *            of the match as for sy_router_resolve(). The match and the router must stay
 *            alive during the call.
 * Thread safety: as sy_router_resolve(): one thread at a time per match. Any number of
 *            threads may read one sy_resolver at once.
 * Since: 0.1
 */
SY_API const char *sy_resolver_params_cstr(const sy_resolver *resolver, const char *url);

/**
 * The number of URLs in the redirect chain of the last resolve: 0 without redirects,
 * else the input URL, then each URL redirected to (the last is sy_match_url()).
 *
 * @param match A match, or NULL.
 * @return The count; 0 for NULL.
 *
 * Ownership: nothing is allocated.
 * Lifetime:  not applicable.
 * Thread safety: one thread at a time per match.
 * Since: 0.1
 */
SY_API size_t sy_match_redirect_count(const sy_match *match);

/**
 * The i-th URL of the redirect chain.
 *
 * @param match A match, or NULL.
 * @param i     0 <= i < sy_match_redirect_count(match).
 * @return The URL; absent when i is out of range or for NULL.
 *
 * Ownership: borrowed.
 * Lifetime:  as for sy_router_resolve().
 * Thread safety: one thread at a time per match.
 * Since: 0.1
 */
SY_API sy_str sy_match_redirect_at(const sy_match *match, size_t i);

/**
 * Write the match as canonical JSON (docs/JSON.md), NUL-terminated, into buf:
 *   {"matched": true, "url": "...", "pattern": "...", "target": "...", "name": null,
 *    "params": {...}, "path_params": {...}, "query": {"tab": ["a"]},
 *    "fragment": null, "remainder": null, "redirects": []}
 * To learn the size first, pass buf = NULL and cap = 0.
 *
 * @param[out] buf     Receives the JSON and a NUL; may be NULL when cap is 0.
 * @param cap          Size of buf in bytes, NUL included.
 * @param[out] len_out Optional. The JSON length in bytes, NUL not included, both on
 *                     success and with SY_ERR_BUFFER_TOO_SMALL (then cap must be at
 *                     least *len_out + 1).
 * @param match        A match from sy_match_new().
 * @param err          Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if match is NULL or not a match, or buf is NULL with cap > 0;
 *         SY_ERR_BUFFER_TOO_SMALL if cap < length + 1; then, when cap > 0, buf[0] is
 *         set to '\0' and nothing else is written.
 *
 * Ownership: buf belongs to the caller; the library keeps nothing.
 * Lifetime:  the text is a copy; it does not depend on the match or url.
 * Thread safety: one thread at a time per match.
 * Since: 0.1
 */
SY_API sy_status sy_match_to_json(char *buf, /* OUT: JSON + NUL */
                                  size_t cap,
                                  size_t *len_out, /* OUT: JSON length without NUL */
                                  const sy_match *match,
                                  sy_error *err);

/* ------------------------------------------------------------------------------------
 * Rule documents (SEMANTICS.md §5; docs/RULES.md). switchyard_jansson.h adds forms that
 * take and give jansson's json_t.
 * ---------------------------------------------------------------------------------- */

/**
 * Load a rule document: JSON text, either of the two shapes
 *   {"<pattern>": {"class": "Page"} | {"redirectUrl": "..."}, ...}
 *   {"version": 1, "redirect_allowlist": [...], "routes": [{"pattern": ..., ...}]}
 * checked strictly (unknown fields, wrong types and null, duplicate keys, a route with
 * both or neither of a target and a redirect, bad patterns and redirects, conflicts,
 * redirects outside the allowlist) and applied all or nothing. The routes of the
 * previous document are replaced; routes added one by one stay.
 *
 * @param router   A router from sy_router_new().
 * @param json     UTF-8 JSON text; need not be NUL-terminated.
 * @param json_len Length of json in bytes, or SY_NUL.
 * @param err      Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if router is NULL or not a router, or json is NULL with a
 *         non-zero length;
 *         SY_ERR_INVALID_ARGUMENT if json_len is over SIZE_MAX / 2;
 *         SY_ERR_RULE for any error in the document, including one over
 *         max_document_size or patterns whose optional groups expand past what the
 *         router's routes may hold (see sy_router_options): the message names the JSON path
 *         ("$.routes[3].pattern: unclosed '<' at 6", "$[\"/a/:id\"].class: must be a
 *         string, not null"); for invalid JSON it gives jansson's line, column and byte.
 *         A number a double or a 64-bit integer cannot hold (1e400, 1e-400) is refused
 *         with its path, line, column and byte. The budget of optional groups is checked
 *         on all the document's patterns before any route is compiled.
 *         position is the byte in the pattern or redirect for an error inside one, the
 *         byte in json for invalid JSON or for such a number (its first byte), else -1.
 *         document_position is the byte in json of every error of the document: for
 *         invalid JSON, the last byte jansson read (position - 1, the one its line and
 *         column name); otherwise where the value the JSON path names starts (a string's
 *         opening quote, an unknown field's key), or, inside a pattern or redirect, the
 *         offending byte itself, escapes before it counted. sy_text_place() gives its
 *         line and column. A json_t document (sy_router_load_rules_json) has no text:
 *         there it is -1.
 *         After any error the router is exactly as before.
 *
 * Ownership: json is only read during the call; the caller keeps its buffer.
 * Lifetime:  the document's routes live until the next load or until the router is freed.
 * Thread safety: safe from any thread, also while other threads resolve on or change
 *            the same router; each resolve sees the routes entirely before or entirely
 *            after the load, never a mix. Resolves never wait for a load: until the
 *            load's route table is built they use the previous one. A document of 5000
 *            routes or more compiles, and builds its table, on two threads, as
 *            sy_router_add_routes() says.
 * Since: 0.1
 */
SY_API sy_status sy_router_load_rules(sy_router *router,
                                      const char *json, size_t json_len,
                                      sy_error *err);

/**
 * The line and column of byte position of text, counted as rule documents' errors count
 * them (docs/ERRORS.md "Places in a document"): lines from 1, split at '\n'; columns from
 * 1, in characters (a multi-byte UTF-8 character is one column, a byte inside it is in
 * its column; a '\r' is one). For the file form, read the file and pass its bytes.
 *
 * @param text     UTF-8 text (a rule document); need not be NUL-terminated.
 * @param text_len Length of text in bytes, or SY_NUL.
 * @param position A byte offset in text (sy_error.document_position), from 0 to text_len.
 * @param line     Out: the line, from 1.
 * @param column   Out: the column, from 1.
 * @param err      Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if line or column is NULL, or text is NULL with a non-zero length;
 *         SY_ERR_INVALID_ARGUMENT if position is negative or past text_len, or text_len
 *         is over SIZE_MAX / 2.
 *
 * Ownership: text is only read during the call.
 * Lifetime:  nothing is kept; line and column are written before returning.
 * Thread safety: safe from any thread.
 * Since: 0.1
 */
SY_API sy_status sy_text_place(const char *text, size_t text_len, int32_t position,
                               int32_t *line, int32_t *column, sy_error *err);

/**
 * Load a rule document from a file, as sy_router_load_rules() does from text.
 *
 * @param router   A router from sy_router_new().
 * @param path     UTF-8 file path; need not be NUL-terminated (and must hold no NUL).
 * @param path_len Length of path in bytes, or SY_NUL.
 * @param err      Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if router is NULL or not a router, or path is NULL with a
 *         non-zero length;
 *         SY_ERR_INVALID_ARGUMENT if path_len is over SIZE_MAX / 2, path is not UTF-8,
 *         or path holds a NUL byte (position: that byte);
 *         SY_ERR_IO if the file cannot be opened or read (the message names the path
 *         and the system's reason);
 *         SY_ERR_RULE as sy_router_load_rules().
 *         After any error the router is exactly as before.
 *
 * Ownership: path is only read during the call; the file is closed before returning.
 * Lifetime:  as sy_router_load_rules().
 * Thread safety: as sy_router_load_rules().
 * Since: 0.1
 */
SY_API sy_status sy_router_load_rules_file(sy_router *router,
                                           const char *path, size_t path_len,
                                           sy_error *err);

/* End of the "Rule documents" section. */

/* ------------------------------------------------------------------------------------
 * Navigation (docs/NAVIGATION.md): URLs built from named routes, data of your own on a
 * route, handlers per target and dispatch (a URL offered to the handlers of the routes
 * that match it, best first, until one accepts), and the screen stack above a match.
 * ---------------------------------------------------------------------------------- */

/** Releases data given to the library (route data, handler data); called exactly once. */
typedef void (*sy_release_fn)(void *data);

/**
 * Build the URL of the route named name, its path parameters filled from params
 * (read as input, as sy_route.defaults: name, type and the value the type selects).
 * Each value is checked against its parameter's type ("abc" for <int:id> is refused)
 * and percent-encoded for its place; of a route's optional groups, the alternative
 * that takes the most of the given parameters is chosen; parameters the path does not
 * take go to the query, sorted by name (sy_router_build_url_flags() can refuse them
 * instead). A remainder (*rest, <path:rest>) takes a value
 * of segments joined by '/'. A name given more than once is a list: a list item of the
 * route's query contract (tag=<[string]:tags>) or a parameter that goes to the query
 * writes each value in the order given (?tag=a&tag=b). Resolving the URL gives back the
 * route and the values. To learn the size first, pass buf = NULL and cap = 0.
 *
 *     sy_param p[2] = {{{SY_STR("hotel")}, {SY_STR("12")}}, {{SY_STR("room")}, {SY_STR("a4")}}};
 *     char url[256];
 *     sy_router_build_url(url, sizeof url, NULL, router, "room", SY_NUL, p, 2, &err);
 *
 * @param[out] buf     Receives the URL and a NUL; may be NULL when cap is 0.
 * @param cap          Size of buf in bytes, NUL included.
 * @param[out] len_out Optional. The URL length in bytes, NUL not included, both on
 *                     success and with SY_ERR_BUFFER_TOO_SMALL (then cap must be at
 *                     least *len_out + 1); 0 after any other error.
 * @param router       A router from sy_router_new().
 * @param name         The route's name (UTF-8).
 * @param name_len     Length of name in bytes, or SY_NUL.
 * @param params       count parameters; may be NULL when count is 0.
 * @param count        Number of params.
 * @param err          Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if router is NULL or not a router, buf is NULL with cap > 0,
 *         or a pointer is NULL with a non-zero length or count;
 *         SY_ERR_INVALID_ARGUMENT if no route or several routes have the name, a
 *         parameter the route needs is missing, has the wrong type, is empty, is "." or
 *         "..", a path parameter or a scalar query item is given more than once, a
 *         parameter is malformed (as for sy_route.defaults),
 *         or the route has a wildcard host or an unnamed '*' (no URL can be built);
 *         the message names the route and the parameter;
 *         SY_ERR_BUFFER_TOO_SMALL if cap < length + 1; then, when cap > 0, buf[0] is
 *         set to '\0' and nothing else is written.
 *
 * Ownership: buf belongs to the caller; name and params are only read during the call.
 * Lifetime:  the text is a copy; it does not depend on the router.
 * Thread safety: safe from any thread, also while other threads resolve on or change
 *            the same router.
 * Since: 0.1
 */
SY_API sy_status sy_router_build_url(char *buf, /* OUT: URL + NUL */
                                     size_t cap,
                                     size_t *len_out, /* OUT: URL length without NUL */
                                     const sy_router *router,
                                     const char *name, size_t name_len,
                                     const sy_param *params, size_t count,
                                     sy_error *err);

/* sy_router_build_url_flags() flags. Unknown bits are rejected with
 * SY_ERR_INVALID_ARGUMENT. */
/** Refuse parameters the route's path does not take (SY_ERR_INVALID_ARGUMENT naming the
 *  first, by name) instead of putting them in the query; Swift's extra: .refuse. */
#define SY_BUILD_URL_REFUSE_EXTRA (1u << 0)
/** Write every query-contract item that has a default, given or not (page=1 too), instead
 *  of leaving out those equal to their default; Swift's includingDefaults: true. */
#define SY_BUILD_URL_WITH_DEFAULTS (1u << 1)
/** Every sy_router_build_url_flags() flag this version knows. */
#define SY_BUILD_URL_KNOWN_FLAGS 0x3u

/**
 * Build the URL of the route named name, as sy_router_build_url() does, with flags that
 * say what to do with parameters the path does not take: 0 puts them in the query,
 * sorted by name (what sy_router_build_url() does); SY_BUILD_URL_REFUSE_EXTRA refuses
 * them, so a misspelt parameter name is an error rather than a query item.
 * SY_BUILD_URL_WITH_DEFAULTS writes the query items that have a default even when they
 * are not given or equal it, for a link that must spell its whole state.
 *
 *     sy_param p[1] = {{{SY_STR("hotle")}, {SY_STR("12")}}};
 *     sy_router_build_url_flags(url, sizeof url, NULL, router, "hotel", SY_NUL, p, 1,
 *                               SY_BUILD_URL_REFUSE_EXTRA, &err);  // refused: "hotle"
 *
 * @param[out] buf     Receives the URL and a NUL; may be NULL when cap is 0.
 * @param cap          Size of buf in bytes, NUL included.
 * @param[out] len_out Optional. As for sy_router_build_url().
 * @param router       A router from sy_router_new().
 * @param name         The route's name (UTF-8).
 * @param name_len     Length of name in bytes, or SY_NUL.
 * @param params       count parameters; may be NULL when count is 0.
 * @param count        Number of params.
 * @param flags        0, or SY_BUILD_URL_REFUSE_EXTRA and SY_BUILD_URL_WITH_DEFAULTS or'd.
 * @param err          Optional. Cleared on entry; filled on failure.
 * @return the statuses of sy_router_build_url(); also
 *         SY_ERR_INVALID_ARGUMENT if flags has unknown bits, or, with
 *         SY_BUILD_URL_REFUSE_EXTRA, a parameter the path does not take is given (the
 *         message names it).
 *
 * Ownership: as sy_router_build_url().
 * Lifetime:  as sy_router_build_url().
 * Thread safety: as sy_router_build_url().
 * Since: 0.1
 */
SY_API sy_status sy_router_build_url_flags(char *buf, /* OUT: URL + NUL */
                                           size_t cap,
                                           size_t *len_out, /* OUT: URL length without NUL */
                                           const sy_router *router,
                                           const char *name, size_t name_len,
                                           const sy_param *params, size_t count,
                                           uint32_t flags,
                                           sy_error *err);

/**
 * Add a route to target, as sy_router_add() does, carrying data of your own (a screen
 * descriptor, a view model factory), read back from a match with sy_match_data().
 *
 * @param router      A router from sy_router_new().
 * @param pattern     UTF-8 pattern (SEMANTICS.md §2); need not be NUL-terminated.
 * @param pattern_len Length of pattern in bytes, or SY_NUL.
 * @param target      UTF-8 target; need not be NUL-terminated.
 * @param target_len  Length of target in bytes, or SY_NUL.
 * @param data        Any pointer, or NULL; the library never reads it.
 * @param release     Optional. Called with data exactly once, when the library no
 *                    longer holds it; NULL when data needs no release.
 * @param err         Optional. Cleared on entry; filled on failure.
 * @return SY_OK; the errors of sy_router_add(). After an error the router is exactly
 *         as before and release has been called with data.
 *
 * Ownership: the library owns data from the call on (also when the call fails) and
 *            hands it to release. pattern and target are copied.
 * Lifetime:  data is released once the route is removed or the router freed and no
 *            match still holds it: a match holds the routes it was last resolved
 *            against until it is next resolved or freed. On the call's failure it is
 *            released before the call returns. release may run on any thread that
 *            removes the route, frees the router, or resolves or frees a match.
 * Thread safety: as sy_router_add().
 * Since: 0.1
 */
SY_API sy_status sy_router_add_data(sy_router *router,
                                    const char *pattern, size_t pattern_len,
                                    const char *target, size_t target_len,
                                    void *data, sy_release_fn release,
                                    sy_error *err);

/**
 * Add a route, as sy_router_add_route() does (a target or a redirect, a name, defaults,
 * a priority), carrying data of your own, read back from a match with sy_match_data().
 *
 * @param router  A router from sy_router_new().
 * @param route   The route, filled as for sy_router_add_route().
 * @param data    Any pointer, or NULL; the library never reads it.
 * @param release Optional. Called with data exactly once, when the library no longer
 *                holds it; NULL when data needs no release.
 * @param err     Optional. Cleared on entry; filled on failure.
 * @return SY_OK; the errors of sy_router_add_route(). After an error the router is
 *         exactly as before and release has been called with data.
 *
 * Ownership: as sy_router_add_data(); nothing is kept from route.
 * Lifetime:  as sy_router_add_data().
 * Thread safety: as sy_router_add().
 * Since: 0.1
 */
SY_API sy_status sy_router_add_route_data(sy_router *router,
                                          const sy_route *route,
                                          void *data, sy_release_fn release,
                                          sy_error *err);

/**
 * The data of the route a match describes (sy_router_add_data(),
 * sy_router_add_route_data()).
 *
 * @param match A match, or NULL.
 * @return The data; NULL for a miss, a route added without data, or NULL.
 *
 * Ownership: the data stays the library's; do not release it.
 * Lifetime:  until the match is next resolved or freed.
 * Thread safety: one thread at a time per match.
 * Since: 0.1
 */
SY_API void *sy_match_data(const sy_match *match);

/** What a parse function (sy_type_parse_fn) returns: the text is a value of the type. */
#define SY_TYPE_ACCEPT 1
/** What a parse function returns: the text is not a value of the type (the next
 *  candidate route is tried). */
#define SY_TYPE_DECLINE 0

/**
 * A parameter type's parse function (sy_router_register_type()): whether text, one
 * decoded path segment (len bytes, not NUL-terminated, never empty), is a value of the
 * type. Return SY_TYPE_ACCEPT or SY_TYPE_DECLINE; any other value is a failure of the
 * function, and the resolve that called it fails with SY_ERR_INVALID_ARGUMENT (the
 * message names the type, the segment and the value returned). It is called on any
 * thread that resolves, at once from several threads, and only where a route with the
 * type is a candidate for the segment; it must not call this library's functions on the
 * same router (a resolve holds no lock, but re-entering a resolve's table is not supported).
 */
typedef int (*sy_type_parse_fn)(const char *text, size_t len, void *user_data);

/**
 * A parameter type's format function (sy_router_register_type()): the canonical text of
 * text (len bytes, never empty), a value given to sy_router_build_url() for a parameter
 * of the type, e.g. "2026-01-05" for "2026-1-5". Write the text's first cap bytes to buf
 * (no NUL), set *len_out to its whole length in bytes and return SY_TYPE_ACCEPT; when
 * *len_out is over cap the function is called again with a buffer of that size (at most
 * 65536 bytes). Return SY_TYPE_DECLINE when text is not a value of the type: the build
 * fails with SY_ERR_INVALID_ARGUMENT naming the parameter. Any other value is a failure
 * of the function, and so is a text its parse function declines: the build fails with
 * SY_ERR_INVALID_ARGUMENT naming the type. Called only by URL building, on the thread
 * that builds, at once from several threads; it must not call this library's functions
 * on the same router.
 */
typedef int (*sy_type_format_fn)(const char *text, size_t len,
                                 char *buf, size_t cap, /* OUT: the text, no NUL */
                                 size_t *len_out,       /* OUT: its whole length */
                                 void *user_data);

/**
 * Register a parameter type of your own: patterns may then write <name:param>, a path
 * segment that parse accepts. It ranks as the typed parameters do (after literals and
 * the built-in types, before :name). The match gives the segment's decoded text, as for
 * <string:>; sy_router_build_url() checks a value with parse, so a URL is built only
 * for values of the type, and writes the text format gives for it (the value's
 * canonical text), or the value as given when format is NULL.
 *
 * @param router    A router from sy_router_new(), with no routes yet.
 * @param name      The type's name: a letter or '_', then letters, digits or '_'; at
 *                  most 64 bytes; not a built-in type (string, int, float, uuid, path,
 *                  re, one) nor a name registered before.
 * @param name_len  Length of name in bytes, or SY_NUL.
 * @param parse     The parse function; not NULL.
 * @param format    Optional. The format function; NULL writes a value as given.
 * @param user_data Any pointer, or NULL; passed to parse and format, never read by the
 *                  library.
 * @param release   Optional. Called with user_data exactly once, when the library no
 *                  longer holds it; NULL when user_data needs no release.
 * @param err       Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if router is NULL or not a router, or parse or name is NULL;
 *         SY_ERR_INVALID_ARGUMENT if the name is invalid, built in or taken, or the
 *         router already has routes (register types first);
 *         SY_ERR_LIMIT if the router has 64 types and word sets, or the name is over
 *         64 bytes. On failure nothing is registered and release has been called.
 *
 * Ownership: the library owns user_data from the call on (also when the call fails)
 *            and hands it to release. name is copied.
 * Lifetime:  the type lives as long as the router and every match that holds a table
 *            using it; then release runs, on the thread that frees the last of them.
 * Thread safety: as sy_router_add(); parse runs on resolving threads (see sy_type_parse_fn),
 *            format on building threads (see sy_type_format_fn).
 * Since: 0.1
 */
SY_API sy_status sy_router_register_type(sy_router *router,
                                         const char *name, size_t name_len,
                                         sy_type_parse_fn parse, sy_type_format_fn format,
                                         void *user_data,
                                         sy_release_fn release,
                                         sy_error *err);

/**
 * Register a word set: patterns may then write <name:param>, a path segment equal to one
 * of words (compared byte for byte after percent-decoding, case-sensitive), ranked as
 * the typed parameters are. A pattern may also list its words in place:
 * <one(reviews,photos):tab>.
 *
 * @param router     A router from sy_router_new(), with no routes yet.
 * @param name       The set's name, as for sy_router_register_type().
 * @param name_len   Length of name in bytes, or SY_NUL.
 * @param words      The words: 1 to 256, each 1 to 255 bytes of UTF-8 without '/'.
 * @param word_count How many words.
 * @param err        Optional. Cleared on entry; filled on failure.
 * @return SY_OK; the errors of sy_router_register_type(), and
 *         SY_ERR_INVALID_ARGUMENT for an empty list, an empty word, a word with '/' or
 *         not UTF-8; SY_ERR_LIMIT for more than 256 words or a word over 255 bytes.
 *
 * Ownership: the words are copied.
 * Lifetime:  as the router.
 * Thread safety: as sy_router_add().
 * Since: 0.1
 */
SY_API sy_status sy_router_register_words(sy_router *router,
                                          const char *name, size_t name_len,
                                          const sy_str *words, size_t word_count,
                                          sy_error *err);

/** What a handler returns: it took the URL, dispatch ends. */
#define SY_HANDLED 1
/** What a handler returns: not for this handler, dispatch tries the next candidate. */
#define SY_DECLINED 0

/**
 * A handler (sy_router_handle()). match describes one candidate of the URL, with its
 * own parameters; it is borrowed for the call only (read it, do not free it;
 * resolving or dispatching into it is refused with SY_ERR_MISUSE). handler_data is what sy_router_handle() was given, context what
 * sy_router_dispatch() was given. Return SY_HANDLED, SY_DECLINED, or a negative value
 * of your own to fail: dispatch then stops with SY_ERR_HANDLER. A handler may call any
 * function of this library, on this router too (add routes, dispatch another URL):
 * no lock of the router is held while it runs.
 */
typedef int (*sy_handler_fn)(const sy_match *match, void *handler_data, void *context);

/**
 * Register fn as the handler of every route whose target is target, replacing the
 * handler registered before for it (which is then released); fn = NULL removes it.
 *
 * @param router       A router from sy_router_new().
 * @param target       UTF-8 target; need not be NUL-terminated.
 * @param target_len   Length of target in bytes, or SY_NUL.
 * @param fn           The handler, or NULL to remove the target's handler.
 * @param handler_data Passed to every call of fn; the library never reads it.
 * @param release      Optional. Called with handler_data exactly once, when the
 *                     handler is replaced or removed, or the router freed.
 * @param err          Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if router is NULL or not a router, or target is NULL with a
 *         non-zero length or with SY_NUL;
 *         SY_ERR_INVALID_ARGUMENT if target_len is over SIZE_MAX / 2 or target is not
 *         UTF-8. After an error nothing is registered and release has been called with
 *         handler_data.
 *
 * Ownership: the library owns handler_data from the call on (also when the call fails
 *            or fn is NULL) and hands it to release.
 * Lifetime:  handler_data is released when the handler is replaced or removed or the
 *            router freed; a dispatch running the handler at that moment keeps it until
 *            the handler returns.
 * Thread safety: safe from any thread, also while other threads dispatch on the same
 *            router (a dispatch uses the handler registered when it reaches the
 *            candidate).
 * Since: 0.1
 */
SY_API sy_status sy_router_handle(sy_router *router,
                                  const char *target, size_t target_len,
                                  sy_handler_fn fn, void *handler_data,
                                  sy_release_fn release,
                                  sy_error *err);

/**
 * Dispatch url: resolve it into match, then offer its candidates (every route that
 * matches it, best first: the first is what sy_router_resolve() gives, redirects
 * followed) to the handlers registered for their targets, until one returns
 * SY_HANDLED. A candidate without a handler is passed over, a handler that returns
 * SY_DECLINED passes on to the next candidate, and a handler that fails (a negative
 * value, or any value other than SY_HANDLED and SY_DECLINED) stops the dispatch: no
 * later handler is called.
 *
 *     int handled;
 *     if (sy_router_dispatch(match, router, url, SY_NUL, &app, &handled, &err) == SY_OK
 *         && !handled) ... no screen took the link ...
 *
 * @param match           A match from sy_match_new(): on SY_OK it describes the
 *                        route whose handler accepted (its own parameters), or, when
 *                        none did, what sy_router_resolve() gives for url.
 * @param router          A router from sy_router_new().
 * @param url             UTF-8 URL; need not be NUL-terminated.
 * @param url_len         Length of url in bytes, or SY_NUL.
 * @param context         Passed unchanged to every handler called; never read.
 * @param[out] handled_out Optional. 1 when a handler accepted, else 0.
 * @param err             Optional. Cleared on entry; filled on failure.
 * @return SY_OK (also when no handler accepted);
 *         the errors of sy_router_resolve() for url (no handler is then called);
 *         SY_ERR_MISUSE if match or router is NULL or not of its kind, or match is
 *         held by a dispatch still running (a handler that dispatches gives the
 *         inner dispatch an sy_match of its own): match is then left as it is, and
 *         while handlers run, sy_router_resolve(), sy_router_candidates() and
 *         sy_match_next_candidate() refuse it the same way;
 *         SY_ERR_LIMIT if dispatches nest more than 32 deep on the calling thread (a
 *         handler that dispatches a link whose handler dispatches another...);
 *         SY_ERR_HANDLER if a handler failed: the message names the route's target
 *         and pattern and the value the handler returned.
 *         After another error match reads as before any resolve; *handled_out is 0.
 *
 * Ownership: url is only read during the call; match keeps a copy of what it needs.
 * Lifetime:  as sy_router_resolve(): what match gives stays valid until it is next
 *            resolved or dispatched, or freed.
 * Thread safety: safe from any thread, also while other threads resolve on, dispatch
 *            on or change the same router; one thread at a time per match. Handlers
 *            run on the calling thread. A change a handler makes is seen by the
 *            candidates worked out after it.
 * Since: 0.1
 */
SY_API sy_status sy_router_dispatch(sy_match *match,
                                    sy_router *router,
                                    const char *url, size_t url_len,
                                    void *context,
                                    int *handled_out, /* OUT: 1 if a handler accepted */
                                    sy_error *err);

/* Requirements and resume tokens: a route may list named requirements ("requires" in a
 * rule document); the app registers a check per name. A dispatch that reaches a candidate
 * whose requirement does not hold ends pending, with a resume token that
 * sy_router_resume() dispatches later (docs/NAVIGATION.md, docs/SECURITY.md). */

/** The longest resume token, in bytes (its NUL not included). */
#define SY_RESUME_TOKEN_MAX 4096
/** The longest requirement name, in bytes (its NUL not included). */
#define SY_REQUIREMENT_NAME_MAX 64
/** A `now` for sy_router_dispatch_pending() and sy_router_resume(): read the system clock. */
#define SY_NOW_CLOCK INT64_MIN

/**
 * A requirement's check (sy_router_require()): whether the requirement holds for the
 * context sy_router_dispatch_pending() or sy_router_resume() was given. Return 1 when it
 * holds, 0 when it does not, or a negative value of your own to fail: the dispatch then
 * stops with SY_ERR_HANDLER. Runs on the dispatching thread, with no lock of the router held.
 */
typedef int (*sy_requirement_fn)(void *check_data, void *context);

/**
 * What sy_router_dispatch_pending() and sy_router_resume() did, in memory of the
 * caller's (about 4 KiB; nothing in it is allocated by the library).
 */
typedef struct sy_pending {
    int handled;        /* 1 when a handler accepted: the link's, or its else route's */
    int pending;        /* 1 when the link waits for a requirement */
    size_t requirement_len;
    char requirement[SY_REQUIREMENT_NAME_MAX + 1]; /* the unmet requirement, NUL-terminated */
    size_t token_len;
    char token[SY_RESUME_TOKEN_MAX + 1];           /* the resume token (base64url), NUL-terminated */
} sy_pending;

/**
 * Add a route, as sy_router_add_route_data() does, with the requirements it has: the
 * route added in code gets what "requires" and "else" give a route of a rule document.
 * requires[i] names a requirement (checked in this order at dispatch, see
 * sy_router_require()); else_routes[i], when given and not empty, names the route a link
 * waiting for requires[i] is sent to.
 *
 *     sy_str requires[] = {{"signed-in", SY_NUL}};
 *     sy_str else_routes[] = {{"login", SY_NUL}};
 *     sy_router_add_route_requiring(router, &route, NULL, NULL, requires, 1, else_routes, &err);
 *
 * @param router      A router from sy_router_new().
 * @param route       The route, filled as for sy_router_add_route().
 * @param data        Any pointer, or NULL, as for sy_router_add_route_data().
 * @param release     Optional, as for sy_router_add_route_data().
 * @param requires    count requirement names (UTF-8, lengths or SY_NUL); NULL when count is 0.
 * @param count       How many requirements: at most 8.
 * @param else_routes Optional. NULL, or count route names parallel to requires; an
 *                    empty entry ({NULL, 0} or length 0) gives that requirement none.
 * @param err         Optional. Cleared on entry; filled on failure.
 * @return SY_OK; the errors of sy_router_add_route(), and
 *         SY_ERR_MISUSE if requires is NULL with a non-zero count, or else_routes is
 *         given without requires;
 *         SY_ERR_INVALID_ARGUMENT if a name is absent, not UTF-8, empty, not made of ASCII
 *         letters, digits, '-', '_' and '.', or listed twice (the message names it);
 *         SY_ERR_LIMIT if count is over 8 or a name over SY_REQUIREMENT_NAME_MAX bytes.
 *         After an error the router is exactly as before and release has been called
 *         with data.
 *
 * Ownership: as sy_router_add_route_data(); nothing is kept from route, requires or
 *            else_routes.
 * Lifetime:  as sy_router_add_route_data().
 * Thread safety: as sy_router_add().
 * Since: 0.1
 */
SY_API sy_status sy_router_add_route_requiring(sy_router *router,
                                               const sy_route *route,
                                               void *data, sy_release_fn release,
                                               const sy_str *requires, size_t count,
                                               const sy_str *else_routes,
                                               sy_error *err);

/**
 * Register fn as the check of the requirement name, replacing the check registered
 * before for it (which is then released); fn = NULL removes it. A route that requires a
 * name with no check does not dispatch: sy_router_dispatch_pending() fails with
 * SY_ERR_INVALID_ARGUMENT naming the route and the requirement.
 *
 * @param router     A router from sy_router_new().
 * @param name       UTF-8 requirement name; need not be NUL-terminated.
 * @param name_len   Length of name in bytes, or SY_NUL.
 * @param fn         The check, or NULL to remove the name's check.
 * @param check_data Passed to every call of fn; the library never reads it.
 * @param release    Optional. Called with check_data exactly once, when the check is
 *                   replaced or removed, or the router freed.
 * @param err        Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if router is NULL or not a router, or name is NULL;
 *         SY_ERR_INVALID_ARGUMENT if name is not UTF-8. After an error nothing is
 *         registered and release has been called with check_data.
 *
 * Ownership: the library owns check_data from the call on (also when the call fails or
 *            fn is NULL) and hands it to release.
 * Lifetime:  check_data is released when the check is replaced or removed or the router
 *            freed; a dispatch running the check at that moment keeps it until it returns.
 * Thread safety: safe from any thread, also while other threads dispatch on the router.
 * Since: 0.1
 */
SY_API sy_status sy_router_require(sy_router *router,
                                   const char *name, size_t name_len,
                                   sy_requirement_fn fn, void *check_data,
                                   sy_release_fn release,
                                   sy_error *err);

/**
 * Set the key of the router's resume tokens and the oldest token sy_router_resume()
 * accepts. With a key of the app's (16 random bytes it keeps, e.g. in the keychain), a
 * token survives an app restart: a new router with the same key and the same routes
 * resumes it. Without one (key NULL, and before any call), the router has a random key
 * and its tokens are refused by every other router (SY_ERR_TOKEN_OTHER_KEY).
 *
 * @param router  A router from sy_router_new().
 * @param key     16 bytes, or NULL for a new random key.
 * @param max_age Seconds, 1 to 10 years (0: one day).
 * @param err     Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if router is NULL or not a router;
 *         SY_ERR_INVALID_ARGUMENT if max_age is negative or over 10 years.
 *
 * Ownership: key is copied.
 * Lifetime:  the setting lasts until the next call or the router is freed.
 * Thread safety: safe from any thread; a dispatch or resume running meanwhile uses the
 *            key it read first.
 * Since: 0.1
 */
SY_API sy_status sy_router_set_resume_key(sy_router *router,
                                          const uint8_t *key,
                                          int64_t max_age,
                                          sy_error *err);

/**
 * sy_router_dispatch(), with requirements: a candidate whose route requires names
 * ("requires") is offered to its handler only when each check holds for context; at the
 * first that does not, the dispatch ends pending: out->pending is 1, out->requirement
 * names the requirement and out->token holds the resume token (issued at now). When the
 * requirement names an else route, that route is dispatched with the token as its one
 * parameter (login?resume=TOKEN) and out->handled says whether its handler accepted.
 * sy_router_dispatch() treats a pending link as one no handler accepted.
 *
 *     sy_pending p;
 *     if (sy_router_dispatch_pending(match, router, url, SY_NUL, &app, SY_NOW_CLOCK, &p, &err) == SY_OK
 *         && p.pending)
 *         store(p.token, p.token_len);    ... resume it once the user signed in ...
 *
 * @param match   As sy_router_dispatch(); when pending, it describes the else route's
 *                match if its handler accepted, else it reads as before any resolve.
 * @param router  A router from sy_router_new().
 * @param url     UTF-8 URL; need not be NUL-terminated.
 * @param url_len Length of url in bytes, or SY_NUL.
 * @param context Passed unchanged to every check and handler called; never read.
 * @param now     Seconds since 1970 for the token's issue time, or SY_NOW_CLOCK.
 * @param out     What happened; zeroed on entry.
 * @param err     Optional. Cleared on entry; filled on failure.
 * @return SY_OK (also when pending, or when no handler accepted);
 *         the errors of sy_router_dispatch();
 *         SY_ERR_MISUSE if out is NULL;
 *         SY_ERR_INVALID_ARGUMENT if a route requires a name with no check, or its
 *         else route is not a route of the table that takes the token;
 *         SY_ERR_LIMIT if the link waits but is over 2048 bytes (a token carries it);
 *         SY_ERR_HANDLER if a check returned a negative value.
 *
 * Ownership: url is only read during the call; out is the caller's.
 * Lifetime:  as sy_router_dispatch().
 * Thread safety: as sy_router_dispatch(); checks run on the calling thread.
 * Since: 0.1
 */
SY_API sy_status sy_router_dispatch_pending(sy_match *match,
                                            sy_router *router,
                                            const char *url, size_t url_len,
                                            void *context,
                                            int64_t now,
                                            sy_pending *out, /* OUT: handled, pending, requirement, token */
                                            sy_error *err);

/**
 * Dispatch the link a resume token holds, as sy_router_dispatch_pending() of its URL
 * with context would (same candidates, handlers and stack), once the token is checked:
 * its encoding, its key, its integrity tag, its age against now and, when the routes
 * changed since it was made, that its route still takes its URL. A requirement that
 * still does not hold makes out->pending 1 again, with a new token.
 *
 * @param match     As sy_router_dispatch().
 * @param router    A router from sy_router_new().
 * @param token     The token's text; need not be NUL-terminated.
 * @param token_len Length of token in bytes, or SY_NUL.
 * @param context   Passed unchanged to every check and handler called; never read.
 * @param now       Seconds since 1970, or SY_NOW_CLOCK.
 * @param out       What happened; zeroed on entry.
 * @param err       Optional. Cleared on entry; filled on failure.
 * @return SY_OK (also when pending again);
 *         SY_ERR_TOKEN_MALFORMED if token is not a token (bad characters, cut short,
 *         over SY_RESUME_TOKEN_MAX bytes);
 *         SY_ERR_TOKEN_TAMPERED if its tag does not match its content;
 *         SY_ERR_TOKEN_OTHER_KEY if another key made it;
 *         SY_ERR_TOKEN_EXPIRED if it is older than the maximum age, or issued after now;
 *         SY_ERR_ROUTE_GONE if the routes changed and no route takes its URL now;
 *         SY_ERR_ROUTE_CHANGED if the routes changed and its URL opens another route;
 *         the errors of sy_router_dispatch_pending().
 *
 * Ownership: token is only read during the call; out is the caller's.
 * Lifetime:  as sy_router_dispatch().
 * Thread safety: as sy_router_dispatch().
 * Since: 0.1
 */
SY_API sy_status sy_router_resume(sy_match *match,
                                  sy_router *router,
                                  const char *token, size_t token_len,
                                  void *context,
                                  int64_t now,
                                  sy_pending *out, /* OUT: handled, pending, requirement, token */
                                  sy_error *err);

/**
 * One screen of a match's stack (sy_match_stack_at()).
 */
typedef struct sy_stack_entry {
    sy_str name;     /* the route's name; absent only for an unnamed matched route */
    sy_str pattern;  /* the route's pattern */
    sy_str url;      /* the route's URL built from the match's parameters, or absent
                        when none can be built (a wildcard host, an unnamed '*') */
} sy_stack_entry;

/**
 * The number of routes in the match's screen stack: the matched route and the parents
 * above it (a route's parent is named by "parent" in a rule document). 0 for a miss.
 *
 * @param match A match, or NULL.
 * @return The count; 0 for NULL or a miss.
 *
 * Ownership: nothing is returned to free.
 * Lifetime:  the stack is worked out once per resolve and holds until the match is
 *            next resolved or freed (a parent removed since ends the stack there).
 * Thread safety: one thread at a time per match.
 * Since: 0.1
 */
SY_API size_t sy_match_stack_count(const sy_match *match);

/**
 * The i-th screen of the match's stack, root first: entry count - 1 is the matched
 * route.
 *
 * @param[out] out A screen: name, pattern and URL. Zeroed on failure.
 * @param match    A match from sy_match_new().
 * @param i        0 <= i < sy_match_stack_count(match).
 * @param err      Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if out or match is NULL or match is not a match;
 *         SY_ERR_INVALID_ARGUMENT if i is out of range (the message gives the count).
 *
 * Ownership: the strings of out are borrowed from the match; do not free them.
 * Lifetime:  they stay valid until the match is next resolved or dispatched, or freed.
 * Thread safety: one thread at a time per match.
 * Since: 0.1
 */
SY_API sy_status sy_match_stack_at(sy_stack_entry *out, /* OUT: the screen */
                                   const sy_match *match, size_t i,
                                   sy_error *err);

/* Entry-aware stacks: how the app was opened (an entry kind) and the screens it has open
 * decide the operations that open a match's stack. A route declares its tab and, per entry
 * kind, whether its stack replaces, extends or merges with the open one ("stack" in a rule
 * document; docs/NAVIGATION.md, docs/SEMANTICS.md section 13). */

/** The entry kinds the library knows; any other 1-64 byte name of ASCII letters, digits,
 * '-', '_' and '.' (not "tab" or "default") is an entry kind of the app's own. */
#define SY_ENTRY_COLD "cold"                 /* the app was launched by the link */
#define SY_ENTRY_WARM "warm"                 /* the app was brought forward by the link */
#define SY_ENTRY_NOTIFICATION "notification" /* the user tapped a notification */
#define SY_ENTRY_LINK "link"                 /* a link followed inside the running app */
/** The most screens open_json may hold, every tab together, and the most tabs. */
#define SY_OPEN_SCREENS_MAX 512
#define SY_OPEN_TABS_MAX 32

/**
 * The operations that open the match's stack (its screens, root first, each with the
 * parameters its route takes; the matched screen with all of the match's parameters)
 * for the entry kind, from the screens open, under the matched route's stack policy:
 *
 *     [{"select_tab": "home"}, {"pop_to": 1}, {"push": "hotel", "params": {"hotel": 12}}]
 *
 * applied in order: select_tab shows a tab (the operations after it apply to its stack),
 * pop_to pops until that many screens remain (0: back to the tab's root), push opens a
 * screen (route name, or pattern for an unnamed route, and typed parameters). Call it on
 * the match sy_router_dispatch_pending() or sy_router_resume() filled: a link that waits
 * without an else route leaves no match, and gives []. open_json is
 *
 *     [{"route": "hotels"}, {"route": "hotel", "params": {"hotel": 12}}]        (no tabs)
 *     {"tab": "home", "tabs": {"home": [...], "account": []}}                    (tabs)
 *
 * @param[out] buf     Receives the operations (JSON) and a NUL; may be NULL when cap is 0.
 * @param cap          Size of buf in bytes, NUL included.
 * @param[out] len_out Optional. The JSON's length without the NUL, both on success and
 *                     with SY_ERR_BUFFER_TOO_SMALL.
 * @param match        A match from sy_match_new(); a miss gives [].
 * @param entry        UTF-8 entry kind: SY_ENTRY_COLD, ... or a name of the app's own.
 * @param entry_len    Length of entry in bytes, or SY_NUL.
 * @param open_json    UTF-8 JSON of the open screens, or NULL for none open.
 * @param open_len     Length of open_json in bytes, or SY_NUL.
 * @param err          Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if match is NULL or not a match, buf is NULL with cap > 0, or
 *         entry is NULL;
 *         SY_ERR_INVALID_ARGUMENT if entry is not an entry kind name, open_json is not
 *         JSON or not of that shape (an unknown member, a current tab that is not one of
 *         the tabs, a bad tab name: the message names the JSON path, line and column, and
 *         err->position the byte), or the route's tab is not one of the open tabs;
 *         SY_ERR_LIMIT past SY_OPEN_SCREENS_MAX screens or SY_OPEN_TABS_MAX tabs;
 *         SY_ERR_BUFFER_TOO_SMALL if cap cannot hold the JSON and its NUL.
 *
 * Ownership: buf belongs to the caller; nothing is kept from entry or open_json.
 * Lifetime:  the text is a copy.
 * Thread safety: one thread at a time per match.
 * Since: 0.1
 */
SY_API sy_status sy_match_stack_operations(char *buf, /* OUT: JSON + NUL */
                                           size_t cap,
                                           size_t *len_out, /* OUT: JSON length without NUL */
                                           const sy_match *match,
                                           const char *entry, size_t entry_len,
                                           const char *open_json, size_t open_len,
                                           sy_error *err);

/**
 * Add a route, as sy_router_add_route_requiring() does, with a stack policy: the route
 * added in code gets what "stack" gives a route of a rule document, the tab it belongs to
 * and its mode per entry kind (docs/NAVIGATION.md):
 *
 *     sy_router_add_route_stack(router, &route, NULL, NULL, NULL, 0, NULL,
 *                               "{\"tab\": \"account\", \"cold\": \"replace\", \"default\": \"merge\"}",
 *                               SY_NUL, &err);
 *
 * @param router      A router from sy_router_new().
 * @param route       The route, filled as for sy_router_add_route().
 * @param data        Any pointer, or NULL, as for sy_router_add_route_data().
 * @param release     Optional, as for sy_router_add_route_data().
 * @param requires    As for sy_router_add_route_requiring(); NULL when count is 0.
 * @param count       How many requirements: at most 8.
 * @param else_routes Optional, as for sy_router_add_route_requiring().
 * @param stack_json  UTF-8 JSON: an object of "tab", "default" and entry kinds to
 *                    "replace", "extend" or "merge", or one of those words as a JSON
 *                    string; NULL for none (replace, no tab).
 * @param stack_len   Length of stack_json in bytes, or SY_NUL.
 * @param err         Optional. Cleared on entry; filled on failure.
 * @return SY_OK; the errors of sy_router_add_route_requiring(), and
 *         SY_ERR_INVALID_ARGUMENT if stack_json is not JSON or not of that shape (an
 *         unknown mode word, a malformed tab or entry kind name: the message names its
 *         JSON path). After an error the router is exactly as before and release has
 *         been called with data.
 *
 * Ownership: as sy_router_add_route_data(); nothing is kept from route, requires,
 *            else_routes or stack_json.
 * Lifetime:  as sy_router_add_route_data().
 * Thread safety: as sy_router_add().
 * Since: 0.1
 */
SY_API sy_status sy_router_add_route_stack(sy_router *router,
                                           const sy_route *route,
                                           void *data, sy_release_fn release,
                                           const sy_str *requires, size_t count,
                                           const sy_str *else_routes,
                                           const char *stack_json, size_t stack_len,
                                           sy_error *err);

/**
 * Start going through the candidates of url: every route that matches it, best first,
 * each with its own parameters. match receives the first, exactly what
 * sy_router_resolve() gives for url (redirects followed); sy_match_next_candidate()
 * moves it to the next. The others are the other routes that match url on their own, in
 * the order the router prefers them (sy_router_explain() gives the reasons), each once; a
 * redirect route among them is not followed. At most sy_router_options.max_candidates
 * (default 16) are given, the first included.
 *
 *     for (st = sy_router_candidates(match, router, url, SY_NUL, &err);
 *          st == SY_OK && sy_match_found(match);
 *          st = sy_match_next_candidate(match, &err)) {
 *         ... sy_match_target(match), sy_match_int(match, "id", SY_NUL, &id) ...
 *     }
 *
 * Cost: this call is one resolve. The first sy_match_next_candidate() tries every route
 * on the URL alone (as sy_router_explain() does: the URL is read once, then each route
 * walks it), and each candidate is one resolve: fine for a link or a notification, not
 * for a hot loop. Reading only the first costs nothing more than the resolve.
 *
 * @param match   A match from sy_match_new(): on SY_OK the first candidate, or a miss
 *                (sy_match_found() 0) when no route matches url.
 * @param router  A router from sy_router_new().
 * @param url     UTF-8 URL; need not be NUL-terminated.
 * @param url_len Length of url in bytes, or SY_NUL.
 * @param err     Optional. Cleared on entry; filled on failure.
 * @return SY_OK (also for a URL that matches nothing);
 *         the errors of sy_router_resolve() for url;
 *         SY_ERR_MISUSE if match or router is NULL or not of its kind, or url is NULL
 *         with a non-zero length, or match is held by a dispatch still running (it
 *         is left as it is);
 *         SY_ERR_INVALID_ARGUMENT if url_len is over SIZE_MAX / 2.
 *         After another error match reads as before any resolve and has no candidates.
 *
 * Ownership: url is only read during the call; match keeps a copy.
 * Lifetime:  what match gives stays valid until it is next moved, resolved or
 *            dispatched, or freed. The candidates still to come are worked out from the
 *            routes as they are when sy_match_next_candidate() first needs them.
 * Thread safety: safe from any thread, also while other threads resolve on or change
 *            the same router; one thread at a time per match.
 * Since: 0.1
 */
SY_API sy_status sy_router_candidates(sy_match *match,
                                      const sy_router *router,
                                      const char *url, size_t url_len,
                                      sy_error *err);

/**
 * Move match to the next candidate of the URL given to sy_router_candidates(). When
 * there is none (all were given, or max_candidates were), match reads as before any
 * resolve (sy_match_found() 0) and the candidates are over.
 *
 * @param match A match that sy_router_candidates() started.
 * @param err   Optional. Cleared on entry; filled on failure.
 * @return SY_OK (also when there is no next candidate);
 *         SY_ERR_MISUSE if match is NULL or not a match, or has no candidates to go on
 *         with: sy_router_candidates() was not called on it, its candidates are over,
 *         or it was resolved or dispatched since; or match is held by a dispatch still
 *         running (it is left as it is).
 *
 * Ownership: nothing is returned to free.
 * Lifetime:  as sy_router_candidates().
 * Thread safety: one thread at a time per match; other threads may change the router.
 * Since: 0.1
 */
SY_API sy_status sy_match_next_candidate(sy_match *match, sy_error *err);

/**
 * Explain a resolve of url, as JSON text: every route alternative that matches the URL
 * on its own, best first, and for each one that lost, the part that decided it
 * (SEMANTICS.md §3). The first hop only: a redirect's next URL is a URL of its own.
 * Introspection, not for a hot loop: it tries every route on the URL.
 *
 *     {"url": "myapp://user/42", "candidates": [
 *       {"rank": 1, "route": 1, "pattern": "myapp://user/<int:id>",
 *        "alternative": "myapp://user/<int:id>", "priority": 0,
 *        "destination": {"target": "UserProfile"}, "name": "user", "parent": null,
 *        "path_params": {"id": 42}, "remainder": null, "wins": true,
 *        "decided_by": null, "reason": null},
 *       {"rank": 2, "route": 0, "pattern": "myapp://user/:name", ...,
 *        "wins": false, "decided_by": "segment 2",
 *        "reason": "..."}]}
 *
 * "route" is the route's index for sy_router_route_at() (as the routes were when the
 * explanation was made); "decided_by" is "priority", "scheme", "host", "segment N",
 * "end at segment N", "literal count" or "registration order" (null for the winner). A
 * URL that matches nothing gives an empty "candidates". To learn the size first, pass
 * buf = NULL and cap = 0.
 *
 * @param[out] buf     Receives the JSON and a NUL; may be NULL when cap is 0.
 * @param cap          Size of buf in bytes, NUL included.
 * @param[out] len_out Optional. The JSON length in bytes, NUL not included, both on
 *                     success and with SY_ERR_BUFFER_TOO_SMALL; 0 after any other error.
 * @param router       A router from sy_router_new().
 * @param url          UTF-8 URL; need not be NUL-terminated.
 * @param url_len      Length of url in bytes, or SY_NUL.
 * @param err          Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         the errors of sy_router_resolve() for a URL that cannot be read
 *         (SY_ERR_INVALID_URL, SY_ERR_LIMIT); a redirect error of a later hop is not one;
 *         SY_ERR_MISUSE if router is NULL or not a router, buf is NULL with cap > 0, or
 *         url is NULL with a non-zero length;
 *         SY_ERR_INVALID_ARGUMENT if url_len is over SIZE_MAX / 2;
 *         SY_ERR_BUFFER_TOO_SMALL if cap < length + 1; then, when cap > 0, buf[0] is
 *         set to '\0' and nothing else is written.
 *
 * Ownership: buf belongs to the caller; url is only read during the call.
 * Lifetime:  the text is a copy; it does not depend on the router. Two calls (size,
 *            then text) may see different routes if another thread changes the router
 *            in between: check for SY_ERR_BUFFER_TOO_SMALL again.
 * Thread safety: safe from any thread, also while other threads resolve on or change
 *            the same router.
 * Since: 0.1
 */
SY_API sy_status sy_router_explain(char *buf, /* OUT: JSON + NUL */
                                   size_t cap,
                                   size_t *len_out, /* OUT: JSON length without NUL */
                                   const sy_router *router,
                                   const char *url, size_t url_len,
                                   sy_error *err);

/* End of the "Navigation" section. */

/* ------------------------------------------------------------------------------------
 * App links: Universal Links and Android App Links (docs/APP-LINKS.md). Which app opens
 * an https URL, offline: by a host's apple-app-site-association (AASA) file, and by an
 * Android app's intent filters with the site's assetlinks.json; and the two sites' files
 * generated from a router's https routes. Errors in a document are SY_ERR_RULE with the
 * JSON path in the message ("$.applinks.details[0].components[2][\"/\"]: must be a
 * string, not an integer"); what the system ignores is reported as findings instead.
 * Text answers are JSON, NUL-terminated, written into a caller buffer as
 * sy_match_to_json() writes (pass buf = NULL and cap = 0 to learn the size).
 * ---------------------------------------------------------------------------------- */

/** A compiled AASA file. Opaque; create with sy_links_aasa_new(), destroy with
 *  sy_links_aasa_free(). Immutable once made. */
typedef struct sy_links_aasa sy_links_aasa;

/** sy_links_decision.verdict: what the file decided for one app. */
typedef enum sy_links_verdict {
    SY_LINKS_MATCH = 1, /* a rule matched: the app may open the URL */
    SY_LINKS_BLOCK = 2  /* an "exclude" rule (or a legacy "NOT " path) matched: it does not */
} sy_links_verdict;

/**
 * One app's decision, as sy_links_aasa_decide() writes it. Decisions come in the order
 * they were made (file order): the app that opens the URL is the first SY_LINKS_MATCH
 * that is installed.
 */
typedef struct sy_links_decision {
    sy_str app_id;        /* borrowed from the sy_links_aasa */
    int32_t verdict;      /* an sy_links_verdict */
    int32_t detail_index; /* index in applinks.details (file order for the object form) */
    int32_t rule_index;   /* index in that entry's components (or legacy paths) */
    int32_t reserved;     /* zero */
} sy_links_decision;

/* sy_links_aasa_new() flags. Unknown bits are rejected with SY_ERR_INVALID_ARGUMENT. */
#define SY_LINKS_ALLOW_HTTP (1u << 0) /* evaluate http URLs too (Apple opens https only) */
/** Every sy_links_aasa_new() flag this version knows. */
#define SY_LINKS_AASA_KNOWN_FLAGS 0x01u

/** Apple's limit, the size over which an AASA file is refused by default: 128 KiB (iOS
 *  ignores a larger file). */
#define SY_LINKS_AASA_SIZE_LIMIT 131072u

/**
 * Read and compile an apple-app-site-association file.
 *
 * @param[out] out    Receives the compiled file; set to NULL on failure.
 * @param json        UTF-8 JSON text of the file; need not be NUL-terminated.
 * @param json_len    Length of json in bytes, or SY_NUL.
 * @param flags       SY_LINKS_* bits, or 0.
 * @param size_limit  Files larger than this many bytes are refused; 0 means
 *                    SY_LINKS_AASA_SIZE_LIMIT (Apple's 128 KiB). A validator may raise it to
 *                    read a file iOS ignores (it then gets a finding saying so); files over
 *                    16 MiB are refused whatever it says.
 * @param err         Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if out is NULL, or json is NULL with a non-zero length or SY_NUL;
 *         SY_ERR_INVALID_ARGUMENT if flags has unknown bits, or json_len (other than
 *         SY_NUL) or size_limit is over SIZE_MAX / 2;
 *         SY_ERR_LIMIT for a file over size_limit (the message names Apple's 128 KiB
 *         limit) or over 16 MiB, before any of it is parsed;
 *         SY_ERR_RULE for invalid JSON (jansson's line, column and byte; position is the
 *         byte) or a value of the wrong type where matching depends on it (the message
 *         names the JSON path).
 *
 * Cost: reading and compiling are linear in the file's size, and the compiled file keeps
 *       memory proportional to it (docs/SECURITY.md, "Limits").
 *
 * Ownership: the caller owns *out and must release it with sy_links_aasa_free(); json is
 *            only read during the call.
 * Lifetime:  the compiled file lives until sy_links_aasa_free().
 * Thread safety: safe from any thread. The compiled file is immutable: any number of
 *            threads may use it at once.
 * Since: 0.1
 */
SY_API sy_status sy_links_aasa_new(sy_links_aasa **out, /* OUT: new compiled file or NULL */
                                   const char *json, size_t json_len,
                                   uint32_t flags, size_t size_limit,
                                   sy_error *err);

/**
 * Destroy a compiled AASA file. sy_links_aasa_free(NULL) is a no-op; a handle of another
 * kind is recognised and left alone (best effort).
 *
 * @param aasa A compiled file from sy_links_aasa_new(), or NULL.
 *
 * Ownership: releases the compiled file.
 * Lifetime:  aasa and every app_id read from it are invalid after this call.
 * Thread safety: must not race with any other use of the same file.
 * Since: 0.1
 */
SY_API void sy_links_aasa_free(sy_links_aasa *aasa);

/**
 * The findings of a compiled file as a JSON array, in file order:
 *   [{"severity": "warning", "path": "$.applinks.details[0].components[1].casesensitive",
 *     "message": "unknown key (ignored; ...)"}, ...]
 * severity "error" marks a value that silently changes what the file means (a "?"
 * dictionary that iOS ignores whole); "warning" everything else (unknown keys, rules that
 * are never reached, a file over Apple's size limit that a raised size_limit let in).
 *
 * @param[out] buf     Receives the JSON and a NUL; may be NULL when cap is 0.
 * @param cap          Size of buf in bytes, NUL included.
 * @param[out] len_out Optional. The JSON length without the NUL, both on success and with
 *                     SY_ERR_BUFFER_TOO_SMALL.
 * @param aasa         A compiled file.
 * @param err          Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if aasa is NULL or not a compiled file, or buf is NULL with cap > 0;
 *         SY_ERR_BUFFER_TOO_SMALL if cap < length + 1; then, when cap > 0, buf[0] is set
 *         to '\0' and nothing else is written.
 *
 * Ownership: buf belongs to the caller; the library keeps nothing.
 * Lifetime:  the text is a copy.
 * Thread safety: safe from any thread.
 * Since: 0.1
 */
SY_API sy_status sy_links_aasa_findings(char *buf, /* OUT: JSON + NUL */
                                        size_t cap,
                                        size_t *len_out, /* OUT: JSON length without NUL */
                                        const sy_links_aasa *aasa,
                                        sy_error *err);

/**
 * Which apps the file lets open an https URL, as iOS decides: the ordered decisions.
 * A URL on a host other than host, or not https (or http with SY_LINKS_ALLOW_HTTP), gets
 * no decision (*count_out is 0), and so does a URL no rule matches.
 *
 * @param[out] out       Receives the decisions; may be NULL when cap is 0.
 * @param cap            Number of elements out can hold.
 * @param[out] count_out Optional. The number of decisions, both on success and with
 *                       SY_ERR_BUFFER_TOO_SMALL.
 * @param aasa           A compiled file.
 * @param host           UTF-8 host that serves the file (compared ignoring case).
 * @param host_len       Length of host in bytes, or SY_NUL.
 * @param url            UTF-8 URL, as written; need not be NUL-terminated.
 * @param url_len        Length of url in bytes, or SY_NUL.
 * @param err            Optional. Cleared on entry; filled on failure.
 * @return SY_OK, also when no app is decided;
 *         SY_ERR_MISUSE if aasa is NULL or not a compiled file, out is NULL with cap > 0,
 *         or host or url is NULL with a non-zero length or SY_NUL;
 *         SY_ERR_INVALID_ARGUMENT if host is not UTF-8 or a length other than SY_NUL is
 *         over SIZE_MAX / 2;
 *         SY_ERR_INVALID_URL if url is not valid UTF-8, holds a control character, has no
 *         scheme or a bad port (position: the byte);
 *         SY_ERR_LIMIT if url is over 32 KiB, or if deciding it against the file's
 *         patterns would cost more than 2,000,000 steps (about 10 ms; docs/APP-LINKS.md,
 *         "Limits");
 *         SY_ERR_BUFFER_TOO_SMALL if cap is less than the number of decisions; then
 *         nothing is written.
 *
 * Ownership: out belongs to the caller; each app_id is borrowed from aasa.
 * Lifetime:  app_id stays valid until sy_links_aasa_free(aasa).
 * Thread safety: any number of threads may decide on one compiled file at once.
 * Since: 0.1
 */
SY_API sy_status sy_links_aasa_decide(sy_links_decision *out, /* OUT: the decisions */
                                      size_t cap,
                                      size_t *count_out, /* OUT: number of decisions */
                                      const sy_links_aasa *aasa,
                                      const char *host, size_t host_len,
                                      const char *url, size_t url_len,
                                      sy_error *err);

/** The kind of an Android <data> pattern (sy_links_android_match()). */
typedef enum sy_links_android_kind {
    SY_LINKS_ANDROID_LITERAL = 0,       /* android:path: the whole path is equal */
    SY_LINKS_ANDROID_PREFIX = 1,        /* android:pathPrefix: a plain string prefix */
    SY_LINKS_ANDROID_SIMPLE_GLOB = 2,   /* android:pathPattern */
    SY_LINKS_ANDROID_ADVANCED_GLOB = 3, /* android:pathAdvancedPattern (API 31) */
    SY_LINKS_ANDROID_SUFFIX = 4,        /* android:pathSuffix (API 31) */
    SY_LINKS_ANDROID_HOST = 5           /* android:host: equal, or "*" then a suffix; any case */
} sy_links_android_kind;

/* sy_links_android_match() flags. Unknown bits are rejected with SY_ERR_INVALID_ARGUMENT. */
#define SY_LINKS_LEGACY_SIMPLE_GLOB (1u << 0) /* an escaped '.' is a wildcard, as in framework
                                                 sources up to Android 15 (CTS: literal) */
/** Every sy_links_android_match() flag this version knows. */
#define SY_LINKS_ANDROID_KNOWN_FLAGS 0x01u

/**
 * Match one Android <data> pattern as AOSP's PatternMatcher (or, for a host,
 * IntentFilter's AuthorityEntry) does. Text is compared in UTF-16 units, as Java does.
 *
 * @param[out] matched_out 1 when text matches, 0 when not.
 * @param kind        An sy_links_android_kind.
 * @param flags       SY_LINKS_LEGACY_SIMPLE_GLOB, or 0.
 * @param pattern     UTF-8 pattern as PatternMatcher receives it (after the manifest's
 *                    own backslash unescaping).
 * @param pattern_len Length of pattern in bytes, or SY_NUL.
 * @param text        UTF-8 decoded path (or host, for SY_LINKS_ANDROID_HOST).
 * @param text_len    Length of text in bytes, or SY_NUL.
 * @param err         Optional. Cleared on entry; filled on failure.
 * @return SY_OK whether or not it matched;
 *         SY_ERR_MISUSE if matched_out is NULL, or pattern or text is NULL with a
 *         non-zero length or SY_NUL;
 *         SY_ERR_INVALID_ARGUMENT if kind or flags are unknown, a length other than
 *         SY_NUL is over SIZE_MAX / 2, or a text is not UTF-8;
 *         SY_ERR_INVALID_PATTERN if an advanced glob is one Android rejects (an empty or
 *         unterminated set, a modifier without a token, two modifiers, a bad range, a
 *         trailing backslash, too large); position is the byte in pattern.
 *
 * Ownership: nothing is kept from pattern or text.
 * Lifetime:  not applicable.
 * Thread safety: safe from any thread.
 * Since: 0.1
 */
SY_API sy_status sy_links_android_match(int *matched_out, /* OUT: 1 matched, 0 not */
                                        int32_t kind, uint32_t flags,
                                        const char *pattern, size_t pattern_len,
                                        const char *text, size_t text_len,
                                        sy_error *err);

/**
 * Evaluate Android 15's dynamic rules (a "dynamic_app_link_components" array) for a path
 * with its query and fragment ("/shoes?in_app=true"): the first rule that matches decides;
 * when none matches, the URL is excluded. Rules Android drops (any malformed or empty
 * field) leave the manifest alone to decide: the answer is then "open".
 *
 * @param[out] open_out   1 for open, 0 for excluded.
 * @param rules_json      UTF-8 JSON text of the array.
 * @param rules_len       Length of rules_json in bytes, or SY_NUL.
 * @param path_and_query  UTF-8 path, with its query and fragment if any.
 * @param path_len        Length of path_and_query in bytes, or SY_NUL.
 * @param err             Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if open_out is NULL, or a text is NULL with a non-zero length or
 *         SY_NUL;
 *         SY_ERR_INVALID_ARGUMENT if a length other than SY_NUL is over SIZE_MAX / 2 or
 *         path_and_query is not UTF-8;
 *         SY_ERR_LIMIT if rules_json is over 1 MiB (Android reads no more of the
 *         assetlinks.json that holds the rules), or if the rules would cost more than
 *         2,000,000 steps on this path (as sy_links_aasa_decide());
 *         SY_ERR_RULE if rules_json is not JSON.
 *
 * Ownership: nothing is kept from the arguments.
 * Lifetime:  not applicable.
 * Thread safety: safe from any thread.
 * Since: 0.1
 */
SY_API sy_status sy_links_android_dynamic(int *open_out, /* OUT: 1 open, 0 excluded */
                                          const char *rules_json, size_t rules_len,
                                          const char *path_and_query, size_t path_len,
                                          sy_error *err);

/**
 * Would an Android app open a URL as a verified App Link? The app is described in JSON
 * (docs/APP-LINKS.md: its package, certificate fingerprints and intent filters, one
 * object per <data> element); the answer is JSON:
 *   {"opens": true, "filter_index": 0, "verified": true, "dynamic": null,
 *    "reasons": ["filters[0] takes the URL", ...], "findings": [...]}
 *
 * @param[out] buf       Receives the JSON and a NUL; may be NULL when cap is 0.
 * @param cap            Size of buf in bytes, NUL included.
 * @param[out] len_out   Optional. The JSON length without the NUL, both on success and
 *                       with SY_ERR_BUFFER_TOO_SMALL.
 * @param app_json       UTF-8 JSON description of the app.
 * @param app_len        Length of app_json in bytes, or SY_NUL.
 * @param assetlinks_json UTF-8 assetlinks.json of the URL's host, or NULL (with length 0)
 *                       to leave verification unchecked ("verified": null).
 * @param assetlinks_len Length of assetlinks_json in bytes, or SY_NUL.
 * @param url            UTF-8 URL, as written.
 * @param url_len        Length of url in bytes, or SY_NUL.
 * @param err            Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if buf is NULL with cap > 0, or a text is NULL with a non-zero
 *         length or SY_NUL;
 *         SY_ERR_INVALID_ARGUMENT if a length other than SY_NUL is over SIZE_MAX / 2;
 *         SY_ERR_RULE for an invalid app description or assetlinks.json (the message
 *         names the JSON path);
 *         SY_ERR_LIMIT for an assetlinks.json over 1 MiB or an app whose autoVerify
 *         hosts pass 1 MiB as Android counts them (Android's verifier's limits; the
 *         message names them), when the intent filters or dynamic rules would cost more
 *         than 2,000,000 steps on url, and as sy_links_aasa_decide() for url;
 *         SY_ERR_INVALID_URL as sy_links_aasa_decide() for url;
 *         SY_ERR_BUFFER_TOO_SMALL as sy_links_aasa_findings().
 *
 * Ownership: buf belongs to the caller; nothing is kept from the other arguments.
 * Lifetime:  the text is a copy.
 * Thread safety: safe from any thread.
 * Since: 0.1
 */
SY_API sy_status sy_links_android_evaluate(char *buf, /* OUT: JSON + NUL */
                                           size_t cap,
                                           size_t *len_out, /* OUT: JSON length without NUL */
                                           const char *app_json, size_t app_len,
                                           const char *assetlinks_json, size_t assetlinks_len,
                                           const char *url, size_t url_len,
                                           sy_error *err);

/**
 * Generate the AASA components and the Android intent filters for a router's https
 * routes that reach one domain. The request is JSON:
 *   {"domain": "www.example.com", "app_ids": ["ABCDE12345.com.example.app"],
 *    "package": "com.example.app", "sha256_cert_fingerprints": ["14:6D:..."],
 *    "names": ["user"], "targets": ["UserProfile"]}
 * (only domain is required; names and targets choose a subset of the routes). The answer
 * is JSON: {"domain", "aasa": {the file}, "android": {the app description},
 * "assetlinks": [...] or null, "manifest_xml": "<intent-filter ...>", "rules": [{"route",
 * "name", "component", "aasa", "android_filter", "android", "widened": [{"platform",
 * "kind", "message"}]}], "skipped": [{"route", "reason"}], "notes": [...]}. A route that
 * a pattern cannot express exactly is widened, and "widened" says which URLs the system
 * then opens that the router does not match.
 *
 * @param[out] buf     Receives the JSON and a NUL; may be NULL when cap is 0.
 * @param cap          Size of buf in bytes, NUL included.
 * @param[out] len_out Optional. The JSON length without the NUL, both on success and with
 *                     SY_ERR_BUFFER_TOO_SMALL (a second call may differ if another thread
 *                     changes the router in between).
 * @param router       A router from sy_router_new(). Not modified.
 * @param request_json UTF-8 JSON request.
 * @param request_len  Length of request_json in bytes, or SY_NUL.
 * @param err          Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if router is NULL or not a router, buf is NULL with cap > 0, or
 *         request_json is NULL with a non-zero length or SY_NUL;
 *         SY_ERR_INVALID_ARGUMENT if request_len (other than SY_NUL) is over SIZE_MAX / 2,
 *         for a request that is not JSON or not of that shape
 *         (the message names the JSON path), an empty or malformed domain, no app ID and
 *         no package, or a router whose options do not read https hosts;
 *         SY_ERR_BUFFER_TOO_SMALL as sy_links_aasa_findings().
 *
 * Ownership: buf belongs to the caller; nothing is kept from request_json.
 * Lifetime:  the text is a copy.
 * Thread safety: safe from any thread, also while other threads resolve on or change
 *            the router; the routes are read once, entirely before or after a change.
 * Since: 0.1
 */
SY_API sy_status sy_links_generate(char *buf, /* OUT: JSON + NUL */
                                   size_t cap,
                                   size_t *len_out, /* OUT: JSON length without NUL */
                                   const sy_router *router,
                                   const char *request_json, size_t request_len,
                                   sy_error *err);

/**
 * Cross-check a router with an AASA file for one app: the https routes reaching host whose
 * links the file does not let through (they open Safari), and the file's rules for the app
 * that open URLs no route handles. Both are found by example URLs, evaluated for real on
 * both sides. The answer is JSON:
 *   {"host", "app_id", "routes_not_opened": [{"route", "name", "urls": [{"url",
 *    "verdict": "block" | "none", "detail_index", "rule_index"}]}],
 *    "rules_not_handled": [{"detail_index", "rule_index", "rule", "urls": [...]}]}
 *
 * @param[out] buf     Receives the JSON and a NUL; may be NULL when cap is 0.
 * @param cap          Size of buf in bytes, NUL included.
 * @param[out] len_out Optional. The JSON length without the NUL, both on success and with
 *                     SY_ERR_BUFFER_TOO_SMALL.
 * @param router       A router from sy_router_new(). Not modified.
 * @param aasa         The compiled file that host serves.
 * @param host         UTF-8 host name.
 * @param host_len     Length of host in bytes, or SY_NUL.
 * @param app_id       UTF-8 app ID ("ABCDE12345.com.example.app").
 * @param app_id_len   Length of app_id in bytes, or SY_NUL.
 * @param err          Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if router or aasa is NULL or not of its kind, buf is NULL with
 *         cap > 0, or host or app_id is NULL with a non-zero length or SY_NUL;
 *         SY_ERR_INVALID_ARGUMENT if a text is not UTF-8, a length other than SY_NUL is
 *         over SIZE_MAX / 2,
 *         host is empty or malformed, or the router's options do not read https hosts;
 *         SY_ERR_BUFFER_TOO_SMALL as sy_links_aasa_findings().
 *
 * Ownership: buf belongs to the caller; nothing is kept from the other arguments.
 * Lifetime:  the text is a copy.
 * Thread safety: as sy_links_generate().
 * Since: 0.1
 */
SY_API sy_status sy_links_cross_check(char *buf, /* OUT: JSON + NUL */
                                      size_t cap,
                                      size_t *len_out, /* OUT: JSON length without NUL */
                                      const sy_router *router,
                                      const sy_links_aasa *aasa,
                                      const char *host, size_t host_len,
                                      const char *app_id, size_t app_id_len,
                                      sy_error *err);

/* End of the "App links" section. */

/* ---------------------------------------------------------------- Route fixtures */

/**
 * The counts of a fixture run (sy_router_run_fixtures()).
 */
typedef struct sy_fixture_result {
    size_t cases;            /* the cases of the document */
    size_t passed;           /* the cases that gave what they expect */
    size_t failed;           /* the cases that ran and did not */
    size_t fixture_errors;   /* the cases not run: they name a route the router lacks */
    size_t uncovered_routes; /* the routes no case reached */
} sy_fixture_result;

/**
 * Run route fixtures against a router: every case's URL is resolved and compared with what
 * the case expects (route name, pattern, target, typed parameters, screen stack, redirect,
 * or a refusal), field by field. The document is JSON (docs/TESTING-ROUTES.md): an array of
 * cases, or {"cases": [...], "base", "description"}. A case that fails is not an error:
 * the counts say how many, and the report in buf lists them:
 *   {"cases", "passed", "failed", "fixture_errors", "failures": [{"index", "url",
 *    "description", "line", "column", "kind": "mismatch" | "fixture-error", "message",
 *    "differences": [{"field", "expected", "got"}]}], "uncovered_routes": [{"name", "pattern"}]}
 *
 * @param[out] result  Receives the counts; zero on entry. Filled on SY_OK and with
 *                     SY_ERR_BUFFER_TOO_SMALL.
 * @param[out] buf     Receives the report (JSON) and a NUL; may be NULL when cap is 0.
 * @param cap          Size of buf in bytes, NUL included.
 * @param[out] len_out Optional. The report's length without the NUL, both on success and
 *                     with SY_ERR_BUFFER_TOO_SMALL (a second call runs the cases again, and
 *                     may differ if another thread changes the router in between).
 * @param router       A router from sy_router_new(). Not modified.
 * @param fixtures_json UTF-8 JSON fixture document.
 * @param fixtures_len Length of fixtures_json in bytes, or SY_NUL.
 * @param err          Optional. Cleared on entry; filled on failure.
 * @return SY_OK (also when cases fail: read result);
 *         SY_ERR_MISUSE if result or router is NULL or router is not a router, buf is NULL
 *         with cap > 0, or fixtures_json is NULL with a non-zero length or SY_NUL;
 *         SY_ERR_INVALID_ARGUMENT if fixtures_len (other than SY_NUL) is over SIZE_MAX / 2,
 *         or for a document that is not JSON or not of that shape (an unknown key, a wrong
 *         type, a case with nothing to check): the message names the JSON path, line and
 *         column, and err->position the byte;
 *         SY_ERR_LIMIT if the document is over the router's max_document_size;
 *         SY_ERR_BUFFER_TOO_SMALL if cap cannot hold the report and its NUL (*len_out says
 *         how much it needs).
 *
 * Ownership: result and buf belong to the caller; nothing is kept from fixtures_json.
 * Lifetime:  the report is a copy.
 * Thread safety: safe from any thread, also while other threads resolve on or change
 *            the router; each case sees the routes entirely before or after a change.
 * Since: 0.1
 */
SY_API sy_status sy_router_run_fixtures(sy_fixture_result *result, /* OUT: the counts */
                                        char *buf,                 /* OUT: report JSON + NUL */
                                        size_t cap,
                                        size_t *len_out,           /* OUT: report length without NUL */
                                        const sy_router *router,
                                        const char *fixtures_json, size_t fixtures_len,
                                        sy_error *err);

/* End of the "Route fixtures" section. */

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* SWITCHYARD_H */
