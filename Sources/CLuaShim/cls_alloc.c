/* Memory: the capped allocator of every state, and the pool that caps the states of
 * one run together. */
#include "cls_internal.h"
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

struct cls_pool {
    _Atomic size_t used;
    size_t limit;
    _Atomic int references;
};

cls_pool *cls_pool_new(size_t limit) {
    cls_pool *pool = calloc(1, sizeof *pool);
    if (pool == NULL) return NULL;
    pool->limit = limit;
    atomic_store(&pool->references, 1);
    return pool;
}

void cls_pool_retain(cls_pool *pool) { atomic_fetch_add(&pool->references, 1); }

void cls_pool_release(cls_pool *pool) {
    if (pool != NULL && atomic_fetch_sub(&pool->references, 1) == 1) free(pool);
}

size_t cls_pool_used(const cls_pool *pool) { return atomic_load_explicit(&pool->used, memory_order_relaxed); }
size_t cls_pool_limit(const cls_pool *pool) { return pool->limit; }

/* Takes whole chunks from the pool until `needed` bytes are covered; 0 when it refuses. */
static int cls_pool_reserve(cls_host *h, size_t needed) {
    size_t want = (needed - h->reserved + CLS_POOL_CHUNK - 1) / CLS_POOL_CHUNK * CLS_POOL_CHUNK;
    size_t before = atomic_fetch_add_explicit(&h->pool->used, want, memory_order_relaxed);
    if (before + want > h->pool->limit) {
        atomic_fetch_sub_explicit(&h->pool->used, want, memory_order_relaxed);
        h->pool_refused = 1;
        return 0;
    }
    h->reserved += want;
    return 1;
}

/* Gives back whole chunks beyond one spare, so a state that shrank leaves room to others. */
static void cls_pool_trim(cls_host *h) {
    if (h->reserved - h->used <= 2 * CLS_POOL_CHUNK) return;
    size_t keep = (h->used + CLS_POOL_CHUNK - 1) / CLS_POOL_CHUNK * CLS_POOL_CHUNK + CLS_POOL_CHUNK;
    atomic_fetch_sub_explicit(&h->pool->used, h->reserved - keep, memory_order_relaxed);
    h->reserved = keep;
}

void cls_pool_leave(cls_host *h) {
    if (h->pool == NULL) return;
    atomic_fetch_sub_explicit(&h->pool->used, h->reserved, memory_order_relaxed);
    cls_pool_release(h->pool);
}

/*
 * The arena. A state's first thousands of blocks (the state itself, the prelude's functions and
 * strings, the policy's) are small and live as long as the state; from glibc each cost ~220
 * instructions of a fresh process's malloc (a one-month eval made ~1,960 of them, 12 % of its
 * start). Here a small block is the next bytes of a chunk, and freeing one is nothing: its bytes
 * come back with the chunk when the state closes. The chunks are few and capped
 * (CLS_ARENA_CHUNKS), so a state that keeps allocating and freeing (a long-running server's)
 * soon allocates from malloc as before, and what the arena wastes is bounded. The state's
 * accounting (used, the pool) is the same whichever serves a block.
 */
static inline int cls_arena_owns(const cls_host *h, const void *ptr) {
    for (int i = 0; i < h->arena_count; i++) {
        if ((const char *)ptr >= h->arena_chunks[i] && (const char *)ptr < h->arena_chunks[i] + CLS_ARENA_CHUNK) return 1;
    }
    return 0;
}

/* Off in sanitizer builds, where every block must be malloc's own:
 * - AddressSanitizer sees a use of a freed Lua string (a pointer into it kept past its anchor)
 *   only when the string's block was malloc's; an arena block freed is still readable.
 * - ThreadSanitizer holds an asynchronous signal until the thread enters a call it intercepts
 *   (malloc among them); the run patrol stops runaway Lua with a signal (cls_guard.c), and a loop
 *   whose allocations all came from the arena made no such call, so the stop never arrived. */
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define CLS_ARENA_OFF 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define CLS_ARENA_OFF 1
#endif

/* `n` bytes (n <= CLS_ARENA_SMALL), 16-byte aligned as malloc's, or NULL when the arena is spent
 * (or off). */
static void *cls_arena_take(cls_host *h, size_t n) {
#ifdef CLS_ARENA_OFF
    (void)h, (void)n;
    return NULL;
#else
    n = (n + 15) & ~(size_t)15;
    if ((size_t)(h->arena_end - h->arena_cursor) < n) {
        if (h->arena_count == CLS_ARENA_CHUNKS) return NULL;
        char *chunk = malloc(CLS_ARENA_CHUNK);
        if (chunk == NULL) return NULL;
        h->arena_chunks[h->arena_count++] = chunk;
        h->arena_cursor = chunk;
        h->arena_end = chunk + CLS_ARENA_CHUNK;
    }
    void *p = h->arena_cursor;
    h->arena_cursor += n;
    return p;
#endif
}

void cls_arena_release(cls_host *h) {
    for (int i = 0; i < h->arena_count; i++) free(h->arena_chunks[i]);
    h->arena_count = 0;
    h->arena_cursor = h->arena_end = NULL;
}

/* A block of `nsize` bytes in place of `ptr` (`old` bytes, NULL when new): from the arena when
 * small, else from malloc; an arena block is never handed to free or realloc. */
static void *cls_block(cls_host *h, void *ptr, size_t old, size_t nsize) {
    if (ptr == NULL) {
        void *p = nsize <= CLS_ARENA_SMALL ? cls_arena_take(h, nsize) : NULL;
        return p != NULL ? p : malloc(nsize);
    }
    if (!cls_arena_owns(h, ptr)) return realloc(ptr, nsize);
    if (nsize <= old) return ptr; /* shrinking in place: never fails, as Lua requires */
    void *p = nsize <= CLS_ARENA_SMALL ? cls_arena_take(h, nsize) : NULL;
    if (p == NULL) p = malloc(nsize);
    if (p != NULL) memcpy(p, ptr, old);
    return p;
}

/* Refuses growth past the state's cap or the run's pool; Lua turns a NULL into a memory
 * error (after a full collection and one more try). */
void *cls_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    cls_host *h = (cls_host *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        if (ptr != NULL && !cls_arena_owns(h, ptr)) free(ptr);
        h->used -= old;
        if (h->pool != NULL) cls_pool_trim(h);
        return NULL;
    }
    if (nsize > old) {
        if (nsize - old > h->limit || h->used + (nsize - old) > h->limit) return NULL;
        if (h->pool != NULL && h->used + (nsize - old) > h->reserved && !cls_pool_reserve(h, h->used + (nsize - old)))
            return NULL;
    }
    void *p = cls_block(h, ptr, old, nsize);
    if (p == NULL) return NULL;
    h->used = h->used - old + nsize;
    return p;
}

size_t cls_memory_used(lua_State *L) { return cls_host_of(L)->used; }

size_t cls_memory_limit(lua_State *L) { return cls_host_of(L)->limit; }
