import CalendarCore
import Foundation
import Testing
@testable import PolicyEngine

/// The budgeted pattern functions must answer exactly like Lua's own: the same
/// script runs in a policy and in the stock `lua5.4` interpreter, and must agree.
@Suite struct PatternMatcherOracleTests {
    static let script = #"""
    local cases = {
      {"find", "hello world", "o w"}, {"find", "hello world", "l+"}, {"find", "hello", "l", 1, true},
      {"find", "a.b", ".", 1, true}, {"find", "hello", "xyz"}, {"find", "hello", "", 10},
      {"find", "hello", "l", -2}, {"find", "hello", "^h"}, {"find", "hello", "^e"},
      {"find", "  key = value ", "(%w+)%s*=%s*(%w+)"}, {"find", "THE (quick) fox", "%((%a+)%)"},
      {"match", "2026-01-05", "^(%d+)-(%d+)-(%d+)$"}, {"match", "hello", "()ll()"},
      {"match", "f(a(b)c)d", "%b()"}, {"match", "THE (quick) fox", "%f[%a]%a+"},
      {"match", "abcabc", "(abc)%1"}, {"match", "x = 'a' 'b'", "(['\"])(.-)%1"},
      {"match", "aaab", "a-b"}, {"match", "aaab", "a*"}, {"match", "aaab", "a?a?b"},
      {"match", "[x]", "[%[]x[]]"}, {"match", "a-b", "[a-c%-]+"}, {"match", "hi!", "[^%a]"},
      {"match", "\0a\0", "%z?a"}, {"match", "tab\there", "%s"}, {"match", "Ab1_", "%W"},
      {"match", "hello", "(h)(e)(l)(l)(o)"}, {"match", "hello", ".-$"}, {"match", "", ".*"},
      {"match", "abc", "%"}, {"match", "abc", "[a"}, {"match", "abc", "(()"}, {"match", "abc", "%1"},
      {"match", "abc", "%bx"}, {"match", "abc", "%f"}, {"match", "x$y", "x$y"},
      {"gsub", "hello world", "o", "0"}, {"gsub", "hello world", "(%w+)", "<%1>"},
      {"gsub", "hello world", "%w+", "%0 %0", 1}, {"gsub", "abc", "", "-"},
      {"gsub", "hello", "l", {l = "L"}}, {"gsub", "hello", ".", function(c) return c == "e" and "E" end},
      {"gsub", "abc", "%w", "%2"}, {"gsub", "abc", "b", "%"}, {"gsub", "a,b,,c", "[^,]*", "x"},
      {"gsub", "$1.50", "%$(%d)", "%%%1"}, {"gsub", "hello", "()", "%1"}, {"gsub", "x", "x", 5},
      {"gmatch", "one two  three", "%a+"}, {"gmatch", "k=v, a=b", "(%w+)=(%w+)"}, {"gmatch", "abc", ""},
      {"gmatch", "hello", "l*"}, {"gmatch", "a1b2", "%d", 3},
    }
    local out = {}
    for i, c in ipairs(cases) do
      local fn, args = c[1], table.pack(table.unpack(c, 2))
      local r
      if fn == "gmatch" then
        r = table.pack(pcall(function()
          local acc = {}
          for a, b in string.gmatch(table.unpack(args, 1, args.n)) do acc[#acc + 1] = tostring(a) .. "/" .. tostring(b) end
          return table.concat(acc, ",")
        end))
      else
        r = table.pack(pcall(string[fn], table.unpack(args, 1, args.n)))
      end
      for j = 1, r.n do r[j] = tostring(r[j]) end
      out[#out + 1] = i .. ":" .. table.concat(r, "|", 1, r.n)
    end
    return table.concat(out, "\n")
    """#

    @Test func budgetedPatternsAgreeWithStockLua() throws {
        let fixture = PolicyFixture()
        let scriptPath = fixture.write("io.write((function()\n" + Self.script + "\nend)())", name: "oracle.lua")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/lua5.4")
        process.arguments = [scriptPath]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let expected = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0)
        #expect(expected.split(separator: "\n").count > 50)

        let policy = try fixture.load("""
            local expected = [==[\(expected)]==]
            local function run()
            \(Self.script)
            end
            function canSelect()
              local got = run()
              if got == expected then return true end
              local g, e = {}, {}
              for line in got:gmatch("[^\\n]+") do g[#g + 1] = line end
              for line in expected:gmatch("[^\\n]+") do e[#e + 1] = line end
              for i = 1, math.max(#g, #e) do
                if g[i] ~= e[i] then return false, "got " .. tostring(g[i]) .. " expected " .. tostring(e[i]) end
              end
              return false, "differs"
            end
            """)
        let verdict = try policy.canSelect(.at("2026-01-01"), context: PolicyContext())
        #expect(verdict == .allowed, "\(verdict)")
    }
}
