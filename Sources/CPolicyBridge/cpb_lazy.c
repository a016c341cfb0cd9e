/*
 * cal's lazy sections: parts of the prelude compiled apart at build time
 * (PreludeCompiler/lazy_sections.c) and loaded the first time a policy reads one of the cal
 * fields they define. A one-month command used to undump and run the whole prelude (~0.55 M
 * instructions); most policies call a handful of its functions.
 *
 * The bundle the build ships is the core's dump, then the sections, then the sections'
 * length (4 bytes, little-endian) and "cplz". Each section: its field names (each NUL-ended,
 * then an empty one), its dump's length (4 bytes) and its dump. While the core runs, each
 * section's marker line hands over a function returning the core's locals the section uses
 * (native.section). Loading a section runs its dump with those values; its
 * `function cal.f` lines then fill the library table, so every later read finds the field
 * without coming here. Lookups of fields that exist never reach this code: the library's
 * metatable is consulted only on a miss.
 */
#include "cpb_internal.h"

/* Slots of the lazy record (a table in the metatable's __index upvalue). */
enum { CPB_LAZY_BLOB = 1, CPB_LAZY_EXPORTERS = 2, CPB_LAZY_CHUNK = 3 };

/* Registry key of the state's lazy record (for cpb_prelude_sections). */
static const char cpb_lazy_key = 0;

static unsigned long cpb_u32(const unsigned char *p) {
    return (unsigned long)p[0] | (unsigned long)p[1] << 8 | (unsigned long)p[2] << 16 | (unsigned long)p[3] << 24;
}

size_t cpb_lazy_split(const char *bundle, size_t length, const char **sections, size_t *sections_length) {
    *sections = NULL;
    *sections_length = 0;
    if (length < 8 || memcmp(bundle + length - 4, "cplz", 4) != 0) return length;
    unsigned long n = cpb_u32((const unsigned char *)bundle + length - 8);
    if (n > length - 8) return length;
    *sections = bundle + length - 8 - n;
    *sections_length = n;
    return length - 8 - n;
}

/* The section records of `blob`: calls `each` with the section's number (1-based), its names
 * and dump; stops at the first malformed record. Returns how many were read. */
typedef int (*cpb_section_fn)(lua_State *L, int k, const char *names, const char *dump, size_t dump_length,
                              void *ud);

static int cpb_each_section(lua_State *L, const char *blob, size_t length, cpb_section_fn each, void *ud) {
    size_t at = 0;
    int k = 0;
    while (at < length) {
        const char *names = blob + at;
        while (at < length && blob[at] != 0) at += strlen(blob + at) + 1; /* names, NUL-ended */
        if (at >= length) return k;
        at++; /* the empty name */
        if (length - at < 4) return k;
        unsigned long n = cpb_u32((const unsigned char *)blob + at);
        at += 4;
        if (n > length - at) return k;
        k++;
        if (each(L, k, names, blob + at, n, ud)) return k;
        at += n;
    }
    return k;
}

/* The section that defines a field: the name asked for, the section's number (0: none). */
typedef struct cpb_owner { const char *name; size_t name_length; int k; } cpb_owner;

static int cpb_names_field(lua_State *L, int k, const char *names, const char *dump, size_t dump_length, void *ud) {
    (void)L;
    (void)dump;
    (void)dump_length;
    cpb_owner *f = ud;
    for (const char *name = names; *name != 0; name += strlen(name) + 1)
        if (strlen(name) == f->name_length && memcmp(name, f->name, f->name_length) == 0) {
            f->k = k;
            return 1;
        }
    return 0;
}

/* Section k's dump. */
typedef struct cpb_found { int k; const char *dump; size_t length; } cpb_found;

static int cpb_find(lua_State *L, int k, const char *names, const char *dump, size_t dump_length, void *ud) {
    (void)L;
    (void)names;
    cpb_found *f = ud;
    if (k != f->k) return 0;
    f->dump = dump;
    f->length = dump_length;
    return 1;
}

/* Loads section k unless it is loaded; `lazy` is the lazy record's index. */
static void cpb_lazy_load(lua_State *L, int lazy, lua_Integer k) {
    int top = lua_gettop(L);
    lua_rawgeti(L, lazy, CPB_LAZY_EXPORTERS);
    int exporters = lua_gettop(L);
    if (lua_rawgeti(L, exporters, k) != LUA_TFUNCTION) {
        lua_settop(L, top);
        return;
    }
    int exporter = lua_gettop(L);
    size_t blob_length;
    lua_rawgeti(L, lazy, CPB_LAZY_BLOB);
    const char *blob = lua_tolstring(L, -1, &blob_length);
    lua_rawgeti(L, lazy, CPB_LAZY_CHUNK);
    const char *chunk = lua_tostring(L, -1);
    cpb_found found = {(int)k, NULL, 0};
    if (blob != NULL) cpb_each_section(L, blob, blob_length, cpb_find, &found);
    if (found.dump == NULL || chunk == NULL)
        luaL_error(L, "cal: part %d of the library is missing from this build", (int)k);
    if (luaL_loadbufferx(L, found.dump, found.length, chunk, "b") != LUA_OK) lua_error(L);
    int section = lua_gettop(L);
    /* Marked as loading while it runs: a read of one of its own fields then finds the field
     * or nil, never a second load. If it fails (memory, the call's budget), it is marked not
     * loaded again and the error goes on, so a later read, say after a policy's pcall caught
     * the error, tries again instead of finding the section's fields missing for good. */
    lua_pushboolean(L, 1);
    lua_rawseti(L, exporters, k);
    lua_pushvalue(L, exporter);
    int status = lua_pcall(L, 0, LUA_MULTRET, 0);
    if (status == LUA_OK) status = lua_pcall(L, lua_gettop(L) - section, 0, 0);
    if (status != LUA_OK) {
        lua_pushvalue(L, exporter);
        lua_rawseti(L, exporters, k);
        lua_error(L);
    }
    lua_pushboolean(L, 0);
    lua_rawseti(L, exporters, k);
    lua_settop(L, top);
}

/* __index of the library table: a field of a section not loaded yet loads it. Reached only
 * on a miss, so the section's names are read from the blob here rather than kept in a table
 * every start would build. */
static int cpb_lazy_index(lua_State *L) {
    if (lua_type(L, 2) != LUA_TSTRING) return 0;
    int lazy = lua_upvalueindex(1);
    size_t blob_length;
    lua_rawgeti(L, lazy, CPB_LAZY_BLOB);
    const char *blob = lua_tolstring(L, -1, &blob_length);
    cpb_owner owner = {NULL, 0, 0};
    owner.name = lua_tolstring(L, 2, &owner.name_length);
    if (blob == NULL || cpb_each_section(L, blob, blob_length, cpb_names_field, &owner) == 0 || owner.k == 0)
        return 0;
    cpb_lazy_load(L, lazy, owner.k);
    lua_pushvalue(L, 2);
    lua_rawget(L, 1);
    return 1;
}

/* native.section(k, exporter), called from each section's marker line in the core. */
static int cpb_lazy_exporter(lua_State *L) {
    lua_Integer k = luaL_checkinteger(L, 1);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_rawgeti(L, lua_upvalueindex(1), CPB_LAZY_EXPORTERS);
    lua_pushvalue(L, 2);
    lua_rawseti(L, -2, k);
    return 0;
}

void cpb_lazy_prepare(lua_State *L, int native, const char *sections, size_t length, const char *chunk) {
    lua_createtable(L, 3, 0);
    int lazy = lua_gettop(L);
    lua_pushlstring(L, sections, length);
    lua_rawseti(L, lazy, CPB_LAZY_BLOB);
    lua_createtable(L, 8, 0);
    lua_rawseti(L, lazy, CPB_LAZY_EXPORTERS);
    lua_pushstring(L, chunk);
    lua_rawseti(L, lazy, CPB_LAZY_CHUNK);
    lua_pushvalue(L, lazy);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &cpb_lazy_key);
    lua_pushvalue(L, lazy);
    lua_pushcclosure(L, cpb_lazy_exporter, 1);
    lua_setfield(L, native, "section");
}

void cpb_lazy_install(lua_State *L, int lazy, int library) {
    lua_createtable(L, 0, 2);
    lua_pushvalue(L, lazy);
    lua_pushcclosure(L, cpb_lazy_index, 1);
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, library);
}

void cpb_lazy_load_all(lua_State *L, int lazy) {
    lua_rawgeti(L, lazy, CPB_LAZY_EXPORTERS);
    lua_Integer count = (lua_Integer)lua_rawlen(L, -1);
    lua_pop(L, 1);
    for (lua_Integer k = 1; k <= count; k++) cpb_lazy_load(L, lazy, k);
}

int cpb_prelude_sections(lua_State *L, int *loaded) {
    *loaded = 0;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &cpb_lazy_key) != LUA_TTABLE) {
        lua_pop(L, 1);
        return 0;
    }
    lua_rawgeti(L, -1, CPB_LAZY_EXPORTERS);
    lua_Integer count = (lua_Integer)lua_rawlen(L, -1);
    for (lua_Integer k = 1; k <= count; k++) {
        *loaded += lua_rawgeti(L, -1, k) == LUA_TBOOLEAN && !lua_toboolean(L, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 2);
    return (int)count;
}
