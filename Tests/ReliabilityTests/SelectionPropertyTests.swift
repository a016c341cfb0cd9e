import CalendarCore
import Testing

/// Random tap sequences, replayed through `SelectionController` and the plain model side by side.
@Suite struct SelectionPropertyTests {
    static let start = Day(dayNumber: 20_400)  // 2025-11-07; the window spans two month ends

    struct Scenario {
        var controller: SelectionController
        var model: SelectionModel
        var taps: [Day]
    }

    static func scenario(seed: UInt64, mode: SelectionMode) -> Scenario {
        var rng = SeededGenerator(seed: seed)
        let window = (0..<70).map { start.adding(days: $0) }
        let noSelect = Set(window.filter { _ in Int.random(in: 0..<100, using: &rng) < 12 })
        let noDeselect = Set(window.filter { _ in Int.random(in: 0..<100, using: &rng) < 8 })
        // Split the denials over two stacked policies: the stack must act as their union.
        let half = window.count / 2
        let first = SetPolicy(name: "a", noSelect: noSelect.filter { $0.dayNumber < start.dayNumber + half },
                              noDeselect: noDeselect.filter { $0.dayNumber % 2 == 0 })
        let second = SetPolicy(name: "b", noSelect: noSelect.filter { $0.dayNumber >= start.dayNumber + half },
                               noDeselect: noDeselect.filter { $0.dayNumber % 2 != 0 })
        var limits = SelectionLimits()
        if Bool.random(using: &rng) { limits.maxCount = Int.random(in: 1...6, using: &rng) }
        if Bool.random(using: &rng) { limits.minLength = Int.random(in: 1...4, using: &rng) }
        if Bool.random(using: &rng) { limits.maxLength = Int.random(in: 3...15, using: &rng) }
        let firstWeekday = Int.random(in: 1...7, using: &rng)
        let controller = SelectionController(mode: mode, stack: PolicyStack([first, second]), limits: limits,
                                             firstWeekday: firstWeekday)
        let model = SelectionModel(mode: mode, noSelect: noSelect, noDeselect: noDeselect, limits: limits,
                                   firstWeekday: firstWeekday)
        // Taps cluster on a few days so re-taps, toggles and denied days all come up often.
        let hot = (0..<8).map { _ in window[Int.random(in: 0..<window.count, using: &rng)] }
        let taps = (0..<40).map { _ in
            Bool.random(using: &rng) ? hot[Int.random(in: 0..<hot.count, using: &rng)]
                                     : window[Int.random(in: 0..<window.count, using: &rng)]
        }
        return Scenario(controller: controller, model: model, taps: taps)
    }

    @Test(arguments: SelectionMode.allCases)
    func controllerAgreesWithPlainModelOnRandomTaps(mode: SelectionMode) throws {
        var accepted = 0, rejected = 0
        for seed in UInt64(1)...150 {
            let salt = UInt64(SelectionMode.allCases.firstIndex(of: mode) ?? 0)
            var s = Self.scenario(seed: seed &* 7919 &+ salt, mode: mode)
            for (index, day) in s.taps.enumerated() {
                let before = s.controller.selection
                let result = try s.controller.tap(day)
                let expected = s.model.tap(day)
                let context = "seed \(seed), tap \(index) on \(day.iso)"
                #expect(result.accepted == expected, "\(context): accepted \(result.accepted), model says \(expected)")
                #expect(Set(s.controller.selection) == s.model.selected, "\(context): selection differs from the model")
                #expect(s.controller.pending == s.model.pending, "\(context): pending endpoint differs")
                #expect(result.selection == s.controller.selection, "\(context): result and state disagree")
                if !result.accepted {
                    #expect(s.controller.selection == before, "\(context): a rejected tap changed the selection")
                    #expect(result.reason != nil, "\(context): a rejected tap gave no reason")
                }
                if result.accepted != expected || Set(s.controller.selection) != s.model.selected { return }
                if result.accepted { accepted += 1 } else { rejected += 1 }
            }
        }
        // The generator must exercise both outcomes, or the comparison proves little.
        #expect(accepted > 100 && rejected > 100, "accepted \(accepted), rejected \(rejected)")
    }

    @Test(arguments: SelectionMode.allCases)
    func selectionStaysSortedUniqueAndFreeOfDeniedDays(mode: SelectionMode) throws {
        for seed in UInt64(1000)...1100 {
            var s = Self.scenario(seed: seed, mode: mode)
            for day in s.taps {
                let result = try s.controller.tap(day)
                let selection = s.controller.selection
                #expect(selection == Array(Set(selection)).sorted(), "seed \(seed): not ascending and unique")
                for selected in selection where s.model.noSelect.contains(selected) {
                    Issue.record("seed \(seed): denied day \(selected.iso) is selected after tapping \(day.iso)")
                }
                if let limit = s.model.limits.maxCount, mode == .multiple {
                    #expect(selection.count <= limit, "seed \(seed): more than \(limit) days selected")
                }
                if !result.accepted { continue }
                if mode == .range, s.controller.pending == nil, let first = selection.first, let last = selection.last {
                    #expect(first.distance(to: last) + 1 == selection.count, "seed \(seed): range has a gap")
                }
            }
        }
    }

    @Test(arguments: SelectionMode.allCases)
    func dayThatMayNotBeDeselectedIsNeverLost(mode: SelectionMode) throws {
        for seed in UInt64(2000)...2100 {
            var s = Self.scenario(seed: seed, mode: mode)
            var pinned: Set<Day> = []
            for day in s.taps {
                _ = try s.controller.tap(day)
                let now = Set(s.controller.selection)
                #expect(pinned.isSubset(of: now), "seed \(seed): a day that may not be deselected was dropped")
                pinned.formUnion(now.intersection(s.model.noDeselect))
            }
        }
    }
}
