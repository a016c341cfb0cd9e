/* The one FNV-1a of the C floors (the Swift floors' one is Rendering's ICSIdentifier; a test
 * holds the two equal). Fast and not an adversary's hash: it names cache entries and notices a
 * changed file, and whatever it picks is compared in full or re-read, never trusted alone. */
#include "cls_extension.h"

uint64_t cls_fnv1a64(uint64_t hash, const void *bytes, size_t length) {
    const unsigned char *p = bytes;
    for (size_t i = 0; i < length; i++) hash = (hash ^ p[i]) * CLS_FNV1A64_PRIME;
    return hash;
}
