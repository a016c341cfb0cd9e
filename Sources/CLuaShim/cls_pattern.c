/* Bounds Lua's pattern matcher (placeholder until the guarded matcher lands). */
#include "cls_internal.h"

int cls_open_patterns(lua_State *L) {
    (void)L;
    return 0;
}
