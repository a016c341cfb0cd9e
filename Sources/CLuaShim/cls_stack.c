/* Lua's C-stack guard (200 nested C calls) needs more native stack than some
 * threads have: measure what is left and, if too little, run on a fresh thread. */
#define _GNU_SOURCE
#include "cls_internal.h"
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

static __thread uintptr_t cls_stack_low;
static __thread uintptr_t cls_stack_high;
static __thread int cls_stack_known;

/* The main thread's stack: from the top of its mapping down by the stack limit, as the
 * kernel lets it grow. The top: the kernel copies the executable's name (AT_EXECFN) to the
 * very top of the new stack, so the page end after it is the mapping's end.
 * pthread_getattr_np answers the same by reading /proc/self/maps line by line (~120,000
 * instructions, 3 % of a cold start). Only for a finite limit of at most 256 MiB;
 * otherwise 0 and the general path. */
static int cls_main_stack(uintptr_t *low, uintptr_t *high) {
    struct rlimit limit;
    const char *name = (const char *)getauxval(AT_EXECFN);
    if (name == NULL || syscall(SYS_gettid) != getpid()) return 0;
    if (getrlimit(RLIMIT_STACK, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur > (256u << 20))
        return 0;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t end = ((uintptr_t)name + strlen(name) + 1 + page - 1) & ~(page - 1);
    if (end < limit.rlim_cur) return 0;
    /* One page short of the limit, as glibc reports it (the guard gap the kernel keeps). */
    *high = end;
    *low = end - (uintptr_t)limit.rlim_cur + page;
    return 1;
}

static size_t cls_headroom(void) {
    if (!cls_stack_known) {
        pthread_attr_t attr;
        cls_stack_known = 1;
        if (cls_main_stack(&cls_stack_low, &cls_stack_high)) {
            /* known */
        } else if (pthread_getattr_np(pthread_self(), &attr) == 0) {
            void *addr = NULL;
            size_t size = 0;
            if (pthread_attr_getstack(&attr, &addr, &size) == 0) {
                cls_stack_low = (uintptr_t)addr;
                cls_stack_high = (uintptr_t)addr + size;
            }
            pthread_attr_destroy(&attr);
        }
    }
    /* The frame address, not a local's: sanitizers may move locals off the stack. */
    uintptr_t sp = (uintptr_t)__builtin_frame_address(0);
    if (sp <= cls_stack_low || sp > cls_stack_high) return 0;
    return sp - cls_stack_low;
}

typedef struct cls_job {
    void (*body)(void *);
    void *argument;
    cls_guard *guard;
} cls_job;

/* The fresh thread works under the guard of the thread that started it. */
static void *cls_job_main(void *p) {
    cls_job *job = p;
    cls_guard_install(job->guard);
    job->body(job->argument);
    return NULL;
}

int cls_run_with_stack(void (*body)(void *), void *argument, size_t headroom, size_t stack_size) {
    if (cls_headroom() >= headroom) {
        body(argument);
        return 0;
    }
    pthread_attr_t attr;
    int rc = pthread_attr_init(&attr);
    if (rc != 0) return rc;
    rc = pthread_attr_setstacksize(&attr, stack_size);
    cls_job job = {body, argument, cls_guard_current()};
    pthread_t thread;
    if (rc == 0) rc = pthread_create(&thread, &attr, cls_job_main, &job);
    pthread_attr_destroy(&attr);
    if (rc != 0) return rc;
    return pthread_join(thread, NULL);
}

size_t cls_stack_headroom(void) { return cls_headroom(); }
