// Debian's liblua5.4 headers, as one module. Macros Swift cannot import are
// re-declared as functions in CLuaShim.
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
