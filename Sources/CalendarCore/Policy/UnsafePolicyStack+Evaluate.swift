/// The batch evaluation at the heart of every long report, written against raw storage.
///
/// Why pointers: `eval` over centuries runs this for every day. Filling the outcomes with empty
/// ones and then merging into them, and iterating each policy's answers, copied each outcome and
/// answer through its value witness (retaining and releasing every text it held) only to look at
/// whether it denied or decorated: ~750 instructions a day. Here each outcome is initialised in
/// its slot and each answer is read where it lies.
extension PolicyStack {
    /// `evaluate(_:context:)` appending to `outcomes` in place: a long span's outcomes are
    /// written once, not built per batch and copied (each copy retains every text it holds).
    public func evaluate(_ days: [Day], context: PolicyContext, appendingTo outcomes: inout [Outcome]) throws {
        guard !days.isEmpty else { return }
        var failure: (any Error)?
        let run = [Outcome](unsafeUninitializedCapacity: days.count) { slots, initialized in
            do {
                try evaluate(days, context: context, initializing: slots.baseAddress!)
                initialized = days.count
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        // A report asks one batch per run of days: the run becomes the result, not a copy of it.
        if outcomes.isEmpty { outcomes = run } else { outcomes.append(contentsOf: run) }
    }

    /// `evaluate(_:context:)` into `slots`, `days.count` uninitialised outcomes the caller
    /// owns: on return every one is initialised (the caller moves them out or deinitialises
    /// them); on a throw none is. A report moves each outcome into its record instead of
    /// copying it out of an array (each copy retained every text, each destroy released it).
    public func evaluate(_ days: [Day], context: PolicyContext, initializing slots: UnsafeMutablePointer<Outcome>) throws {
        // Each slot starts as the empty outcome, copied as bytes (it holds no reference).
        initializeAsBytes(slots, count: days.count, of: Outcome())
        var open = [DayQuestions](repeating: .all, count: days.count)
        var limit = days.count
        var failure: (any Error)?
        for (policyIndex, policy) in policies.enumerated() where limit > 0 {
            // The policy's answers and which day each is for: a sparse policy's refused and
            // decorated days (`indices`), or every day in order (`indices` nil). One merge loop.
            let (answers, indices, answered, error): ([DayAnswers], [Int]?, Int, (any Error)?)
            var shared: SparseDayAnswers?
            let whole = limit == days.count
            if policy.answersSparsely {
                let batch = whole ? policy.sparseAnswers(open, for: days, context: context)
                    : policy.sparseAnswers(Array(open[..<limit]), for: Array(days[..<limit]), context: context)
                (answers, indices, answered, error) = (batch.answers, batch.indices, batch.answered, batch.failure)
                if !batch.sharedDays.isEmpty { shared = batch }
            } else {
                let batch = whole ? policy.answers(open, for: days, context: context)
                    : policy.answers(Array(open[..<limit]), for: Array(days[..<limit]), context: context)
                (answers, indices, answered, error) = (batch.answers, nil, batch.answers.count, batch.failure)
            }
            let merged = Swift.min(answered, limit)
            answers.withUnsafeBufferPointer { answers in
                open.withUnsafeMutableBufferPointer { open in
                    for k in answers.indices {
                        let index = indices?[k] ?? k
                        guard index < merged else { continue }
                        merge(answers.baseAddress! + k, from: policy, at: policyIndex, into: &slots[index],
                              open: &open[index])
                    }
                }
            }
            if let shared {
                shared.shared.withUnsafeBufferPointer { answers in
                    open.withUnsafeMutableBufferPointer { open in
                        for (k, index) in shared.sharedDays.enumerated() where index < merged {
                            merge(answers.baseAddress! + Int(shared.sharedAnswer[k]), from: policy, at: policyIndex,
                                  into: &slots[index], open: &open[index])
                        }
                    }
                }
            }
            if let error, answered < limit {
                limit = answered
                failure = error
            }
        }
        if let failure {
            slots.deinitialize(count: days.count)
            throw failure
        }
    }

    /// `merge` of an answer held by value (one day asked alone).
    func merge(_ answers: DayAnswers, from policy: any DayPolicy, at index: Int, into outcome: inout Outcome,
               open: inout DayQuestions) {
        withUnsafePointer(to: answers) { merge($0, from: policy, at: index, into: &outcome, open: &open) }
    }

    /// Only a denial or a decoration is copied out of `answers` (most days have neither).
    @inline(__always)
    private func merge(_ answers: UnsafePointer<DayAnswers>, from policy: any DayPolicy, at index: Int,
                       into outcome: inout Outcome, open: inout DayQuestions) {
        if open.canSelect, case .denied = answers.pointee.select {
            outcome.select = Decision(verdict: answers.pointee.select, policy: policy.name, policyIndex: index)
            open.canSelect = false
        }
        if open.canDeselect, case .denied = answers.pointee.deselect {
            outcome.deselect = Decision(verdict: answers.pointee.deselect, policy: policy.name, policyIndex: index)
            open.canDeselect = false
        }
        if open.decoration, case .some(let decoration) = answers.pointee.decoration {
            outcome.decoration = decoration
            outcome.decorationPolicy = policy.name
            outcome.decorationPolicyIndex = index
            open.decoration = false
        }
    }
}
