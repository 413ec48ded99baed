/*
 * switchyard_jansson.h: optional json_t in and out, for hosts that already use jansson.
 *
 * switchyard.h is jansson-free: there, a rule document crosses the ABI as UTF-8 bytes
 * (sy_router_load_rules) and a match as JSON text (sy_match_to_json). A host that keeps
 * its configuration as jansson values can use these two functions instead and skip the
 * text round trip.
 *
 * JANSSON LINKAGE
 *   libswitchyard links the system libjansson dynamically (libjansson.so.4, jansson
 *   2.14 here) and does not carry a copy of it, so the host and the library share one
 *   jansson: a json_t made by the host can be read by the library, and a json_t the
 *   library returns is released by the host with json_decref(). Do not pass json_t
 *   values between the library and a jansson linked statically into the host or loaded
 *   under another name: two jansson copies must never see each other's values.
 *   Build with: cc app.c $(pkg-config --cflags --libs switchyard jansson)
 *
 * REFERENCES (jansson's own words: new, borrowed)
 *   sy_router_load_rules_json() borrows the document: it only reads it during the call
 *   and keeps nothing; the host keeps its reference. sy_match_to_json_t() returns a new
 *   reference the host owns.
 *
 * Everything else (status codes, sy_error, threads) follows switchyard.h.
 */
#ifndef SWITCHYARD_JANSSON_H
#define SWITCHYARD_JANSSON_H

#include <jansson.h>

#include "switchyard.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Load a rule document from a jansson value, as sy_router_load_rules() does from text:
 * either shape of the document, checked strictly, applied all or nothing. The routes
 * of the previous document are replaced; routes added one by one stay.
 *
 * @param router A router from sy_router_new().
 * @param doc    The document: a JSON object, read only (never modified, no reference
 *               taken or released).
 * @param err    Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if router or doc is NULL, or router is not a router;
 *         SY_ERR_RULE if the document is invalid: the message names the JSON path
 *         ("$.routes[3].pattern: unclosed '<' at 6"); for an error inside a pattern or
 *         a redirect, position is the byte in that string, else -1.
 *         After any error the router is exactly as before.
 *
 * Ownership: borrowed: the caller keeps its reference to doc and nothing of it is kept.
 * Lifetime:  doc need only be valid during the call.
 * Thread safety: safe while other threads resolve on the same router (they see the old
 *            or the new routes, never a mix). doc must not be changed by another
 *            thread during the call (jansson values are not thread-safe to change).
 * Since: 0.1
 */
SY_API sy_status sy_router_load_rules_json(sy_router *router,
                                           const json_t *doc,
                                           sy_error *err);

/**
 * The match as a new jansson object of the canonical shape (the same members, in the
 * same order, as sy_match_to_json()):
 *   {"matched": true, "url": "...", "pattern": "...", "target": "...", "name": null,
 *    "params": {...}, "path_params": {...}, "query": {"tab": ["a"]},
 *    "fragment": null, "remainder": null, "redirects": []}
 * <int:> values and integer defaults are JSON integers, <float:> values and real
 * defaults JSON reals.
 *
 * @param[out] out Receives a new reference; set to NULL on failure.
 * @param match    A match from sy_match_new() (before any resolve: a miss with url "").
 * @param err      Optional. Cleared on entry; filled on failure.
 * @return SY_OK;
 *         SY_ERR_MISUSE if out or match is NULL or match is not a match;
 *         SY_ERR_INTERNAL if jansson could not build the value (out of memory).
 *
 * Ownership: new reference: the caller owns *out and releases it with json_decref().
 * Lifetime:  the value is a copy; it does not depend on the match, the url or the router.
 * Thread safety: one thread at a time per match.
 * Since: 0.1
 */
SY_API sy_status sy_match_to_json_t(json_t **out, /* OUT: new reference or NULL */
                                    const sy_match *match,
                                    sy_error *err);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* SWITCHYARD_JANSSON_H */
