import CalendarCore
import LuaHost
@testable import PolicyEngine
import Testing

/// The bytecode form of `cal` ships its less-used parts (Easter, date windows, other calendars,
/// hours) as sections loaded the first time a policy reads one of their fields. A policy must
/// not be able to tell: the same fields, values, messages and tracebacks as the text form,
/// which loads whole.
@Suite struct CalLazySectionsTests {
    enum Form: Sendable { case bytecode, text }

    private func state(_ form: Form) throws -> PolicyLuaState {
        let state = try PolicyLuaState()
        let loaded = try state.loadPrelude(CalPrelude.source, bytecode: form == .bytecode ? CalPrelude.bytecode : nil,
                                           name: CalPrelude.chunkName)
        #expect(loaded == (form == .bytecode ? .bytecode : .text))
        return state
    }

    private func run(_ form: Form, _ source: String, call name: String = "probe") throws -> (String, PolicyLuaState) {
        let lua = try state(form)
        _ = try lua.loadPolicy(Array(source.utf8), path: "p.lua")
        return (try lua.callGlobal(name, argument: ""), lua)
    }

    @Test func theBuildShipsSectionsAndLoadsNoneUpFront() throws {
        #expect(CalPrelude.lazySectionCount >= 4)
        let lua = try state(.bytecode)
        #expect(lua.preludeSections == (CalPrelude.lazySectionCount, 0))
        // The text form has no sections: it is the whole library.
        #expect(try state(.text).preludeSections == (0, 0))
    }

    @Test func aPolicyReadingOnlyTheCoreLoadsNoSection() throws {
        let (answer, lua) = try run(.bytecode, """
        function probe() return cal.addDays('2026-12-31', 1) .. tostring(cal.nope) .. tostring(cal[1]) end
        """)
        #expect(answer == "2027-01-01nilnil")
        #expect(lua.preludeSections.loaded == 0)
    }

    @Test func readingAFieldLoadsItsSectionOnlyOnce() throws {
        let (answer, lua) = try run(.bytecode, """
        function probe()
            local first = cal.easter
            local again = cal.easter
            return tostring(first == again) .. ' ' .. first(2027) .. ' ' .. cal.easterDayNumber(2027) - cal.easterDayNumber(2026)
        end
        """)
        #expect(answer == "true 2027-03-28 357")
        #expect(lua.preludeSections.loaded == 1)
    }

    @Test func everySectionAnswersAsTheTextDoes() throws {
        let probe = """
        function probe()
            local w = cal.windows({ { from = '2026-12-20', to = '2027-01-02', reason = 'freeze' } })
            local closed = cal.closed('15:00', '24:00', 'late')
            local q, from, to = cal.quarter('2026-11-05')
            return table.concat({ cal.easter(2026), cal.easter(2026, 'orthodox'), w('2026-12-25'), tostring(w('2027-01-03')),
                closed.from, closed.to, q, from, to, type(cal.fromCalendar),
                cal.substitute({ { date = '2026-12-26', name = 'Boxing Day' } })[2].date }, ' ')
        end
        """
        let (fromBytecode, lua) = try run(.bytecode, probe)
        let (fromText, _) = try run(.text, probe)
        #expect(fromBytecode == fromText)
        #expect(fromBytecode == "2026-04-05 2026-04-12 freeze nil 900 1440 4 2026-10-01 2026-12-31 function 2026-12-28")
        #expect(lua.preludeSections == (CalPrelude.lazySectionCount, CalPrelude.lazySectionCount))
    }

    /// A section whose loading the call's budget cut short is not loaded: the next call loads
    /// it whole. (Marked loaded before it ran, it would have left its fields missing for good.)
    /// The spin before the read moves where the budget runs out across the load, one loop at a
    /// time, so some of these calls stop inside it.
    @Test func aSectionCutShortByTheBudgetLoadsWholeOnTheNextRead() throws {
        let source = """
        function probe(spins)
            for _ = 1, tonumber(spins) do end
            reached = true
            return type(cal.windows)
        end
        function again() return type(cal.windows) .. ' ' .. type(cal.quarter) end
        function wasReached() return tostring(reached) end
        """
        var stoppedAfterTheSpin = 0
        for spins in 900..<1_000 {
            let lua = try PolicyLuaState(options: LuaStateOptions(instructionBudget: 1_000, budgetMode: .strict))
            try lua.loadPrelude(CalPrelude.source, bytecode: CalPrelude.bytecode, name: CalPrelude.chunkName)
            _ = try lua.loadPolicy(Array(source.utf8), path: "p.lua")
            if let error = luaFailure({ _ = try lua.callGlobal("probe", argument: String(spins)) }) {
                #expect(error.kind == .budget)
                if try lua.callGlobal("wasReached", argument: "") == "true" { stoppedAfterTheSpin += 1 }
            }
            #expect(try lua.callGlobal("again", argument: "") == "function function", "spins \(spins)")
        }
        #expect(stoppedAfterTheSpin > 0)
    }

    @Test func pairsListsTheSameFieldsFromEitherForm() throws {
        let probe = """
        function probe()
            local names = {}
            for name, value in pairs(cal) do names[#names + 1] = name .. ':' .. type(value) end
            table.sort(names)
            return table.concat(names, ',')
        end
        """
        let (fromBytecode, lua) = try run(.bytecode, probe)
        let (fromText, _) = try run(.text, probe)
        #expect(fromBytecode == fromText)
        #expect(fromBytecode.contains("windows:function") && fromBytecode.contains("openOnly:function"))
        #expect(lua.preludeSections == (CalPrelude.lazySectionCount, CalPrelude.lazySectionCount))
    }

    /// A field a section defines that the build did not see as its own would be missing
    /// until something else loaded the section: each field, read first in a fresh state.
    @Test func everyFieldReadsTheSameFirstInAFreshState() throws {
        let (listed, _) = try run(.text, """
        function probe()
            local names = {}
            for name in pairs(cal) do names[#names + 1] = name end
            table.sort(names)
            return table.concat(names, ',')
        end
        """)
        let names = listed.split(separator: ",").map(String.init)
        #expect(names.count > 40)
        let reader = "function probe(name) return type(cal[name]) end"
        for name in names {
            let text = try state(.text), bytecode = try state(.bytecode)
            _ = try text.loadPolicy(Array(reader.utf8), path: "p.lua")
            _ = try bytecode.loadPolicy(Array(reader.utf8), path: "p.lua")
            let expected = try text.callGlobal("probe", argument: name)
            #expect(try bytecode.callGlobal("probe", argument: name) == expected, "cal.\(name)")
            #expect(expected != "nil")
        }
    }

    @Test(arguments: [Form.bytecode, Form.text])
    func pairsNeverHandsOutAWritableCal(_ form: Form) throws {
        let (answer, _) = try run(form, """
        function probe()
            local _, state = pairs(cal)
            local ok, why = pcall(function() state.addDays = nil end)
            return tostring(state == cal) .. ' ' .. tostring(ok) .. ' ' .. tostring(why):gsub('^.-: ', '') .. ' ' .. type(cal.addDays)
        end
        """)
        #expect(answer == "true false 'cal' is read-only function")
    }

    @Test func errorsInsideASectionReadTheSameFromEitherFormAndEveryCall() throws {
        func failures(_ form: Form) throws -> [LuaError] {
            let lua = try state(form)
            _ = try lua.loadPolicy(Array("\nfunction probe() local closed = cal.closed('25:00') return closed end".utf8), path: "p.lua")
            return [luaFailure { _ = try lua.callGlobal("probe", argument: "") },
                    luaFailure { _ = try lua.callGlobal("probe", argument: "") }].compactMap { $0 }
        }
        let fromBytecode = try failures(.bytecode)
        let fromText = try failures(.text)
        #expect(fromBytecode.count == 2)
        #expect(fromBytecode == fromText)
        #expect(fromBytecode.first == fromBytecode.last)
        let first = try #require(fromBytecode.first)
        #expect(first.message.contains("cal.closed"))
        #expect(first.line == 2, "\(first)")
        #expect(first.traceback?.contains("\n\tcal:") == true)
    }
}
