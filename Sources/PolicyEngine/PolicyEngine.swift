import CalendarCore
import LuaHost
enum PolicyEnginePlaceholder {}
