/* Memory: the capped allocator of every state, and the pool that caps the states of
 * one run together. */
#include "cls_internal.h"
#include <stdatomic.h>
#include <stdlib.h>

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

/* Refuses growth past the state's cap or the run's pool; Lua turns a NULL into a memory
 * error (after a full collection and one more try). */
void *cls_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    cls_host *h = (cls_host *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        h->used -= old;
        if (h->pool != NULL) cls_pool_trim(h);
        return NULL;
    }
    if (nsize > old) {
        if (nsize - old > h->limit || h->used + (nsize - old) > h->limit) return NULL;
        if (h->pool != NULL && h->used + (nsize - old) > h->reserved && !cls_pool_reserve(h, h->used + (nsize - old)))
            return NULL;
    }
    void *p = realloc(ptr, nsize);
    if (p == NULL) return NULL;
    h->used = h->used - old + nsize;
    return p;
}

size_t cls_memory_used(lua_State *L) { return cls_host_of(L)->used; }

size_t cls_memory_limit(lua_State *L) { return cls_host_of(L)->limit; }
