/* The compile cache: a policy's text compiled once, its bytecode kept on disk beside the text
 * it came from, so the next process undumps it (~20 us) instead of parsing it (~150 us warm,
 * ~300 us in a cold process, where the parser's code is paged in too).
 *
 * Why it can be trusted:
 * - An entry holds the chunk's name, its whole text and the bytecode; it is used only when the
 *   name and every byte of the text equal the chunk being loaded (compared, not hashed), and a
 *   checksum over the entry matches. A changed policy is compiled again; nothing is stale.
 * - Only text that compiled is cached, so every syntax error comes from the parser as before.
 *   The dump keeps debug information (chunk name, lines, local and upvalue names), so error
 *   messages, tracing and coverage are the same byte for byte.
 * - Loading bytecode is unsafe in Lua (the loader trusts it), which is why policies may not
 *   be binary chunks. The cache's entries are written by this code alone: the directory and
 *   each entry must be owned by the effective user and writable by no one else (as ssh
 *   checks its keys), or the cache is not read. Whoever can write there is already that user.
 * - Entries are written to a new file and renamed into place: a reader sees a whole entry or
 *   none. Any failure (no directory, full disk, a signal) falls back to compiling the text.
 * - At most CLS_CACHE_ENTRIES entries: a store past that removes the oldest ones.
 */
#include "cls_internal.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define CLS_CACHE_MAGIC "cplc\x01\x00\x00\x00"
#define CLS_CACHE_MAX_SOURCE ((size_t)4 << 20)
#define CLS_CACHE_ENTRIES 256
#define CLS_CACHE_KEEP 192
#define CLS_CACHE_SUFFIX ".luac"

typedef struct cls_cache_header {
    char magic[8];
    char release[24];      /* LUA_RELEASE of the Lua that dumped it: its bytecode format */
    uint64_t name_length, source_length, code_length;
    uint64_t checksum;     /* over name, source and code */
} cls_cache_header;

/* Eight bytes at a time, for corruption (not an adversary: the text is compared whole). */
static uint64_t cls_cache_checksum(uint64_t hash, const unsigned char *bytes, size_t length) {
    size_t i = 0;
    for (; i + 8 <= length; i += 8) {
        uint64_t word;
        memcpy(&word, bytes + i, 8);
        hash = (hash ^ word) * 0x9E3779B97F4A7C15ULL;
        hash ^= hash >> 29;
    }
    return cls_fnv1a64(hash, bytes + i, length - i);
}

static uint64_t cls_cache_sum(const char *name, size_t nlen, const char *source, size_t slen, const char *code,
                              size_t clen) {
    uint64_t h = CLS_FNV1A64_BASIS ^ (uint64_t)nlen ^ ((uint64_t)slen << 21) ^ ((uint64_t)clen << 42);
    h = cls_cache_checksum(h, (const unsigned char *)name, nlen);
    h = cls_cache_checksum(h, (const unsigned char *)source, slen);
    return cls_cache_checksum(h, (const unsigned char *)code, clen);
}

/* An entry's file name: the chunk name's FNV-1a hash in hex, so one entry per policy path. */
static void cls_cache_file_name(char out[32], const char *name) {
    uint64_t hash = cls_fnv1a64(CLS_FNV1A64_BASIS, name, strlen(name));
    snprintf(out, 32, "%016llx" CLS_CACHE_SUFFIX, (unsigned long long)hash);
}

/* Owned by the effective user and writable by no one else. */
static int cls_cache_trusted(const struct stat *st) {
    return st->st_uid == geteuid() && (st->st_mode & (S_IWGRP | S_IWOTH)) == 0;
}

static int cls_cache_open_dir(const char *dir) {
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return -1;
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISDIR(st.st_mode) || !cls_cache_trusted(&st)) {
        close(fd);
        return -1;
    }
    return fd;
}

/* All `length` bytes read into `into`, or (`into` NULL) written from `from`, through
 * interruptions and short counts; 0 when the file fails or ends first. */
static int cls_cache_transfer(int fd, char *into, const char *from, size_t length) {
    size_t done = 0;
    while (done < length) {
        ssize_t moved = into != NULL ? read(fd, into + done, length - done) : write(fd, from + done, length - done);
        if (moved < 0 && errno == EINTR) continue;
        if (moved <= 0) return 0;
        done += (size_t)moved;
    }
    return 1;
}

static int cls_cache_read_all(int fd, char *buffer, size_t length) {
    return cls_cache_transfer(fd, buffer, NULL, length);
}

static int cls_cache_write_all(int fd, const char *buffer, size_t length) {
    return cls_cache_transfer(fd, NULL, buffer, length);
}

static void cls_cache_release_string(char *out, const char *release) {
    memset(out, 0, 24);
    strncpy(out, release, 23);
}

int cls_cache_load(lua_State *L, const char *source, size_t length, const char *name) {
    cls_host *h = cls_host_of(L);
    if (h->cache_dir == NULL || length > CLS_CACHE_MAX_SOURCE) return 0;
    int dir = cls_cache_open_dir(h->cache_dir);
    if (dir < 0) return 0;
    char file[32];
    cls_cache_file_name(file, name);
    size_t nlen = strlen(name);
    size_t expected = sizeof(cls_cache_header) + nlen + length;
    struct stat st;
    /* A FIFO or a device planted as an entry is passed over, never opened for reading. */
    int fd = cls_open_regular(dir, file, expected + 2 * CLS_CACHE_MAX_SOURCE + 4096, &st);
    close(dir);
    if (fd < 0) return 0;
    int loaded = 0;
    char *entry = NULL;
    if (!cls_cache_trusted(&st) || (size_t)st.st_size <= expected ||
        (size_t)st.st_size > expected + 2 * CLS_CACHE_MAX_SOURCE + 4096)
        goto done;
    entry = malloc((size_t)st.st_size);
    if (entry == NULL || !cls_cache_read_all(fd, entry, (size_t)st.st_size)) goto done;
    cls_cache_header header;
    memcpy(&header, entry, sizeof header);
    char release[24];
    cls_cache_release_string(release, LUA_RELEASE);
    if (memcmp(header.magic, CLS_CACHE_MAGIC, 8) != 0 || memcmp(header.release, release, 24) != 0 ||
        header.name_length != nlen || header.source_length != length ||
        header.code_length != (uint64_t)st.st_size - expected)
        goto done;
    const char *stored_name = entry + sizeof header;
    const char *stored_source = stored_name + nlen;
    const char *code = stored_source + length;
    size_t clen = (size_t)header.code_length;
    if (memcmp(stored_name, name, nlen) != 0 || memcmp(stored_source, source, length) != 0 ||
        clen == 0 || code[0] != LUA_SIGNATURE[0] ||
        header.checksum != cls_cache_sum(stored_name, nlen, stored_source, length, code, clen))
        goto done;
    /* The name argument is not used for a binary chunk: the dump carries it. */
    if (luaL_loadbufferx(L, code, clen, name, "b") == LUA_OK) loaded = 1;
    else lua_pop(L, 1); /* a dump this Lua cannot read: compile the text instead */
done:
    free(entry);
    close(fd);
    return loaded;
}

typedef struct cls_cache_dump {
    char *bytes;
    size_t length, capacity;
    int failed;
} cls_cache_dump;

static int cls_cache_writer(lua_State *L, const void *p, size_t size, void *ud) {
    (void)L;
    cls_cache_dump *d = ud;
    if (d->length + size > d->capacity) {
        size_t capacity = d->capacity ? d->capacity : 8192;
        while (capacity < d->length + size) capacity *= 2;
        if (capacity > 2 * CLS_CACHE_MAX_SOURCE + 4096) { d->failed = 1; return 1; }
        char *bytes = realloc(d->bytes, capacity);
        if (bytes == NULL) { d->failed = 1; return 1; }
        d->bytes = bytes;
        d->capacity = capacity;
    }
    memcpy(d->bytes + d->length, p, size);
    d->length += size;
    return 0;
}

/* `dir` and its missing parents, each made private (0700) when it is made here. */
static int cls_cache_make_dirs(const char *dir) {
    size_t n = strlen(dir);
    if (n == 0 || n >= 4096) return 0;
    char path[4096];
    memcpy(path, dir, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (path[i] != '/' && path[i] != '\0') continue;
        char saved = path[i];
        path[i] = '\0';
        if (mkdir(path, 0700) != 0 && errno != EEXIST) return 0;
        path[i] = saved;
    }
    return 1;
}

typedef struct cls_cache_file {
    char name[32];
    long long mtime;
} cls_cache_file;

static int cls_cache_older(const void *a, const void *b) {
    long long x = ((const cls_cache_file *)a)->mtime, y = ((const cls_cache_file *)b)->mtime;
    return x < y ? -1 : x > y;
}

static int cls_cache_entry_name(const char *name) {
    size_t len = strlen(name);
    return len == 16 + strlen(CLS_CACHE_SUFFIX) && strcmp(name + 16, CLS_CACHE_SUFFIX) == 0;
}

/* Past CLS_CACHE_ENTRIES entries, the oldest go until CLS_CACHE_KEEP remain. */
static void cls_cache_trim(int dir) {
    int fd = dup(dir);
    if (fd < 0) return;
    DIR *d = fdopendir(fd);
    if (d == NULL) { close(fd); return; }
    cls_cache_file *files = NULL;
    size_t count = 0, capacity = 0;
    struct dirent *e;
    /* Counted first: a store into a cache under the limit costs one pass of names, no stat. */
    size_t entries = 0;
    while ((e = readdir(d)) != NULL) entries += cls_cache_entry_name(e->d_name);
    if (entries <= CLS_CACHE_ENTRIES) { closedir(d); return; }
    rewinddir(d);
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (!cls_cache_entry_name(e->d_name)) continue;
        struct stat st;
        if (fstatat(dir, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) continue;
        if (count == capacity) {
            capacity = capacity ? capacity * 2 : 512;
            cls_cache_file *grown = realloc(files, capacity * sizeof *files);
            if (grown == NULL) break;
            files = grown;
        }
        memcpy(files[count].name, e->d_name, len + 1);
        files[count].mtime = (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
        count++;
    }
    closedir(d);
    if (count > CLS_CACHE_ENTRIES) {
        qsort(files, count, sizeof *files, cls_cache_older);
        for (size_t i = 0; i < count - CLS_CACHE_KEEP; i++) unlinkat(dir, files[i].name, 0);
    }
    free(files);
}

void cls_cache_store(lua_State *L, const char *source, size_t length, const char *name) {
    cls_host *h = cls_host_of(L);
    if (h->cache_dir == NULL || length > CLS_CACHE_MAX_SOURCE) return;
    cls_cache_dump d = {0};
    /* Unstripped: the debug information is what error messages and tracing read. */
    if (lua_dump(L, cls_cache_writer, &d, 0) != 0 || d.failed || d.length == 0) {
        free(d.bytes);
        return;
    }
    size_t nlen = strlen(name);
    cls_cache_header header;
    memset(&header, 0, sizeof header);
    memcpy(header.magic, CLS_CACHE_MAGIC, 8);
    cls_cache_release_string(header.release, LUA_RELEASE);
    header.name_length = nlen;
    header.source_length = length;
    header.code_length = d.length;
    header.checksum = cls_cache_sum(name, nlen, source, length, d.bytes, d.length);
    int dir = cls_cache_open_dir(h->cache_dir);
    if (dir < 0 && cls_cache_make_dirs(h->cache_dir)) dir = cls_cache_open_dir(h->cache_dir);
    if (dir < 0) { free(d.bytes); return; }
    char file[32], temporary[96];
    cls_cache_file_name(file, name);
    static unsigned counter;
    snprintf(temporary, sizeof temporary, ".%s.%ld.%u.tmp", file, (long)getpid(),
             __atomic_add_fetch(&counter, 1, __ATOMIC_RELAXED));
    int fd = openat(dir, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd >= 0) {
        int ok = cls_cache_write_all(fd, (const char *)&header, sizeof header) &&
                 cls_cache_write_all(fd, name, nlen) && cls_cache_write_all(fd, source, length) &&
                 cls_cache_write_all(fd, d.bytes, d.length);
        ok = close(fd) == 0 && ok;
        if (!ok || renameat(dir, temporary, dir, file) != 0) unlinkat(dir, temporary, 0);
        else cls_cache_trim(dir);
    }
    close(dir);
    free(d.bytes);
}
