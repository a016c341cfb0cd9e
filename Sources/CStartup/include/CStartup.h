#ifndef CSTARTUP_H
#define CSTARTUP_H
/*
 * What each executable takes from the process at start (cst_arguments.c): the arguments glibc
 * passes to `.init_array` functions, served to the Swift runtime in place of its own search.
 */

/* How many arguments were captured at start, or -1 when none were (the capture never ran). */
int cst_captured_argument_count(void);

#endif
