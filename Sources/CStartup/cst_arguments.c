/*
 * The program's arguments, taken where glibc hands them over, so the Swift runtime need not
 * search for them. Swift's static runtime (libswiftCore.a, CommandLine.cpp.o) finds them with a
 * static initializer that reads /proc/self/maps line by line with sscanf to locate the stack,
 * then walks back from `environ`: on every start, ~50 K instructions and the kernel writing out
 * the process's whole memory map (~2 % of a one-month `eval`). glibc calls each `.init_array`
 * function with (argc, argv, envp), in static and dynamic executables alike.
 *
 * This file defines the two functions that archive member exports. Linked as an object of the
 * executable (before any archive), it satisfies the stdlib's references, so the static link
 * never takes the member and its initializer does not run; in a dynamic build the executable's
 * definitions take the place of libswiftCore.so's. `CommandLine.arguments` then reads what was
 * captured here, and an override works as the runtime's does. Should a toolchain's member come
 * to export anything else the stdlib needs, the static link stops with "duplicate symbol" naming
 * this file: delete the file then (the release build's start-up check runs in `make test`).
 */
#include "CStartup.h"
#include <stddef.h>

static int captured_argc;
static char **captured_argv;
static int override_argc;
static char **override_argv;
static char *empty_argv[] = {NULL};

static void capture_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    captured_argc = argc;
    captured_argv = argv;
}

__attribute__((used, section(".init_array"))) static void (*const capture_entry)(int, char **, char **) =
    capture_arguments;

char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
    if (override_argv != NULL) {
        *outArgLen = override_argc;
        return override_argv;
    }
    if (captured_argv == NULL) {
        *outArgLen = 0;
        return empty_argv;
    }
    *outArgLen = captured_argc;
    return captured_argv;
}

void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
    override_argv = argv;
    override_argc = argc;
}

int cst_captured_argument_count(void) { return captured_argv == NULL ? -1 : captured_argc; }
