/* glibc's getrandom(2) (sys/random.h), which Swift's Glibc module leaves out; part of libc, so
 * nothing to link. Seen by the Swift module Crypto alone (a new signing key's seed). */
#include <sys/random.h>
