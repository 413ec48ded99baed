/* Why this shim exists: SwiftPM's system-library target needs a header to hand to the
 * module map; jansson.h is found through pkg-config (jansson.pc), so this file only
 * includes it. Nothing is declared here. */
#ifndef SWITCHYARD_CJANSSON_SHIM_H
#define SWITCHYARD_CJANSSON_SHIM_H
#include <jansson.h>
#endif
