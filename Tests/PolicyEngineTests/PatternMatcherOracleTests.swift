import CalendarCore
import Foundation
import LuaHost
import Testing
@testable import PolicyEngine

/// The budgeted pattern functions must answer exactly like Lua's own: the same
/// script runs in a policy and in the stock `lua5.4` interpreter, and must agree.
/// Skipped, with the reason shown, where lua5.4 is missing under a plain `swift test` (which
/// needs only the build dependencies); under `make test` (CALPOLICY_REQUIRE_ORACLES=1, after
/// scripts/setup.sh test installed the interpreter) a missing lua5.4 is a failure, never a skip.
@Suite struct PatternMatcherOracleTests {
    static let stockLua = "/usr/bin/lua5.4"
    static let hasStockLua = FileManager.default.isExecutableFile(atPath: stockLua)
    /// Set by scripts/test-all.sh: the oracle must run.
    static let oracleRequired = ProcessInfo.processInfo.environment["CALPOLICY_REQUIRE_ORACLES"] == "1"
    static let runs = hasStockLua || oracleRequired

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

    @Test(.enabled(if: runs, "needs lua5.4 (/usr/bin/lua5.4), installed by make setup-test"))
    func budgetedPatternsAgreeWithStockLua() throws {
        let fixture = PolicyFixture()
        guard let expected = try Self.stockAnswers(Self.script, fixture: fixture, name: "oracle.lua") else {
            Issue.record("lua5.4 is not installed: run scripts/setup.sh test")
            return
        }
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

    /// Generated cases: random patterns built from every piece of the pattern language
    /// (position captures, back-references %0..%9 including to position and unclosed
    /// captures, %b, %f, anchors, the four quantifiers, classes, sets with ranges and
    /// escapes, malformed endings) over short subjects, through find, match, gmatch and
    /// gsub with init arguments from -100 to past the end, gsub's n, replacement strings,
    /// tables and functions. The generator is a fixed-seed LCG in the script itself, so
    /// both interpreters see the same cases; `CALPOLICY_PATTERN_ORACLE_CASES` sets how
    /// many per seed (default 3,000).
    static let generator = #"""
    local cases = tonumber(CASES) or 3000
    local seed = SEED or 1
    local function rnd(n)
      seed = (seed * 1103515245 + 12345) % 2147483648
      return (seed // 65536) % n + 1
    end
    local function pick(t) return t[rnd(#t)] end

    local subjectChars = {"a", "a", "b", "b", "c", "x", "(", ")", "[", "]", "%", "-", ".", " ", "1", "2", "\0", "^", "$"}
    local singles = {"a", "b", "c", "x", ".", "%a", "%d", "%s", "%w", "%l", "%u", "%p", "%c", "%g", "%x", "%z",
      "%A", "%D", "%S", "%W", "%%", "%(", "%)", "%.", "%-", "%]", "%[", "%^", "%$", "[ab]", "[^a]", "[a-c]",
      "[%a-]", "[]]", "[^]]", "[a-]", "[-a]", "[%]]", "[%%]", "[b-a]", "[.]", "[^%s%d]", "[%w_]", "[a%-c]",
      "-", "]", "^", "$", " ", "1", "\0"}
    local specials = {"%b()", "%bab", "%bxx", "%b)(", "%f[%a]", "%f[a]", "%f[^a]", "%f[%z]", "%f[%w]", "(", ")",
      "()", "()", "(", ")", "%0", "%1", "%1", "%2", "%3", "%9", "$"}
    local broken = {"%", "[a", "[", "[^", "%b", "%ba", "%f", "%fa", "(()", "%g(", "[%", "[a%"}
    local quantifiers = {"*", "+", "-", "?"}

    local function pattern()
      local parts = {}
      if rnd(5) == 1 then parts[#parts + 1] = "^" end
      for _ = 1, rnd(5) do
        local r = rnd(10)
        if r <= 6 then
          local s = pick(singles)
          parts[#parts + 1] = s
          if rnd(2) == 1 then parts[#parts + 1] = pick(quantifiers) end
        else
          parts[#parts + 1] = pick(specials)
        end
      end
      if rnd(6) == 1 then parts[#parts + 1] = "$" end
      if rnd(25) == 1 then parts[#parts + 1] = pick(broken) end
      return table.concat(parts)
    end

    local function subject()
      local t = {}
      for i = 1, rnd(9) - 1 do t[i] = pick(subjectChars) end
      return table.concat(t)
    end

    local inits = {nil, 0, 1, 2, 3, -1, -2, -3, -100, 100}
    local function init(s)
      local r = rnd(14)
      if r == 11 then return #s end
      if r == 12 then return #s + 1 end
      if r == 13 then return #s + 2 end
      if r == 14 then return -#s end
      return inits[r]
    end
    local replacements = {"%0", "%1", "%2", "%9", "%%", "<%1>", "[%0|%1]", "x", "", "%", "%a", "%1%2%3", "%%1", "a%%"}
    local ns = {nil, 0, 1, 2, -1, 100}
    local tbl = {a = "A", b = false, ["ab"] = "AB", [1] = "one", [2] = 2, x = "X"}
    local function fn(...)
      local n = select("#", ...)
      local out = {}
      for i = 1, n do out[i] = tostring((select(i, ...))) end
      if n > 0 and (...) == "b" then return nil end
      if n > 0 and (...) == "c" then return false end
      if n > 0 and (...) == "x" then return 7 end
      return "{" .. table.concat(out, ",") .. "}"
    end

    local function show(ok, ...)
      local n = select("#", ...)
      local out = {ok and "ok" or "err"}
      for i = 1, n do
        local v = select(i, ...)
        -- the chunk's name differs between the two runs, its line does not
        if not ok and type(v) == "string" then v = v:gsub("^[^\n]-%.lua:(%d+): ", "chunk:%1: ") end
        out[#out + 1] = type(v) == "string" and ("%q"):format(v) or tostring(v)
      end
      return table.concat(out, " ")
    end

    local function gm(s, p, i)
      local acc, n = {}, 0
      for a, b, c in string.gmatch(s, p, i) do
        n = n + 1
        acc[#acc + 1] = tostring(a) .. "/" .. tostring(b) .. "/" .. tostring(c)
        if n >= 40 then break end
      end
      return table.concat(acc, ",")
    end

    local searches = {"find", "find-plain", "match", "gmatch"}
    local out = {}
    for k = 1, cases do
      local s, p = subject(), pattern()
      local what = rnd(8)
      local desc, res
      CURRENT = ("case %d (kind %d) %q %q"):format(k, what, s, p)
      if what <= 4 then
        local i = init(s)
        desc = ("%s %q %q %s"):format(searches[what], s, p, tostring(i))
        if what == 1 then res = show(pcall(string.find, s, p, i))
        elseif what == 2 then res = show(pcall(string.find, s, p, i, true))
        elseif what == 3 then res = show(pcall(string.match, s, p, i))
        else res = show(pcall(gm, s, p, i)) end
      else
        -- 5 and 6: a replacement string, 7: the table, 8: the function
        local r = what <= 6 and pick(replacements) or (what == 7 and tbl or fn)
        local n = ns[rnd(6)]
        if what <= 6 then desc = ("gsub %q %q %q %s"):format(s, p, r, tostring(n))
        else desc = ("%s %q %q %s"):format(what == 7 and "gsub-table" or "gsub-function", s, p, tostring(n)) end
        res = show(pcall(string.gsub, s, p, r, n))
      end
      CURRENT = desc -- set after the case: read when a case ended the whole run
      out[#out + 1] = (desc .. " => " .. res):gsub("\n", "\\n")
    end

    -- Limits: nesting depth, capture count, long subjects.
    local fixed = {
      {string.rep("a", 300), string.rep("a?", 250)}, {string.rep("a", 10), string.rep("(a)", 33)},
      {string.rep("a", 10), string.rep("()", 32)}, {string.rep("ab", 50), "(a)(b)(a)(b)(a)(b)(a)(b)(a)(b)%9"},
      {string.rep("(", 30) .. string.rep(")", 30), "%b()"}, {"THE (quick) fox", "%f[%a]%a+%f[%A]"},
    }
    for _, f in ipairs(fixed) do
      out[#out + 1] = ("fixed %d %q => %s"):format(#f[1], f[2], show(pcall(string.find, f[1], f[2])))
      out[#out + 1] = ("fixed-gsub %d %q => %s"):format(#f[1], f[2], show(pcall(string.gsub, f[1], f[2], "%0")))
    end
    return table.concat(out, "\n")
    """#

    /// What `script` (a function body returning a string) writes under the stock
    /// interpreter, which must exit 0; nil where lua5.4 is missing.
    private static func stockAnswers(_ script: String, fixture: PolicyFixture, name: String) throws -> String? {
        guard hasStockLua else { return nil }
        let path = fixture.write("io.write((function()\n" + script + "\nend)())", name: name)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.stockLua)
        process.arguments = [path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }

    @Test(.enabled(if: runs, "needs lua5.4 (/usr/bin/lua5.4), installed by make setup-test"),
          arguments: [1, 20_260_101, 987_654_321])
    func generatedPatternsAgreeWithStockLua(seed: Int) throws {
        let count = ProcessInfo.processInfo.environment["CALPOLICY_PATTERN_ORACLE_CASES"].flatMap(Int.init) ?? 3000
        let script = "local CASES, SEED = \(count), \(seed)\n" + Self.generator
        let fixture = PolicyFixture()
        guard let expected = try Self.stockAnswers(script, fixture: fixture, name: "oracle-\(seed).lua") else {
            Issue.record("lua5.4 is not installed: run scripts/setup.sh test")
            return
        }
        let lua = try PolicyLuaState(options: LuaStateOptions(instructionBudget: 2_000_000_000))
        _ = try lua.loadPolicy(Array("""
            function oracle()
            \(script)
            end
            function current() return tostring(CURRENT) end
            """.utf8), path: "oracle.lua")
        let got: String
        do {
            got = try lua.callGlobal("oracle", argument: "")
        } catch {
            // Errors are caught case by case; only the budget ends the run. Name the case.
            Issue.record("\(error.message) in \((try? lua.callGlobal("current", argument: "")) ?? "?")")
            return
        }
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let have = got.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(want.count == have.count)
        #expect(want.count >= count)
        var shown = 0
        for (w, h) in zip(want, have) where w != h {
            shown += 1
            if shown <= 25 { Issue.record("lua5.4: \(w)\nshim:   \(h)") }
        }
        #expect(shown == 0, "\(shown) of \(want.count) cases differ")
    }
}
