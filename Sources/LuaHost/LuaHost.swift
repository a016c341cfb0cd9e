// Placeholder so the target builds until the Lua host lands.
enum LuaHostPlaceholder {}
