import Testing
@testable import CalendarCore

/// Scope as data: a key the question names outside the scope excludes it, a key it does not
/// give never does (a forgotten context never opens a scoped freeze); `exclude` needs every key.
@Suite struct DecisionScopeTests {
    static func context(_ pairs: [(String, String)]) throws -> DecisionContext {
        var context = DecisionContext()
        for (key, value) in pairs { try context.set(key, value) }
        return context
    }

    let production = DecisionScope(include: ["environment": ["production", "prod-*"]], exclude: ["service": ["status-page"]])

    @Test func aMissingKeyNeverExcludes() throws {
        #expect(production.outside(DecisionContext()) == nil)
        #expect(production.outside(try Self.context([("service", "api")])) == nil)
        #expect(production.outside(try Self.context([("labels.team", "ops")])) == nil)
    }

    @Test func aNamedValueOutsideTheScopeExcludes() throws {
        #expect(production.outside(try Self.context([("environment", "staging")])) == "environment is 'staging'")
        #expect(production.outside(try Self.context([("environment", "production")])) == nil)
        #expect(production.outside(try Self.context([("environment", "prod-eu-1")])) == nil)
        #expect(production.outside(try Self.context([("environment", "Production")])) != nil, "exact, case and all")
    }

    @Test func excludeAppliesWhenEveryExcludeKeyMatches() throws {
        #expect(production.outside(try Self.context([("service", "status-page")])) == "service is 'status-page' (excluded)")
        let two = DecisionScope(exclude: ["service": ["status-page"], "action": ["rollback"]])
        #expect(two.outside(try Self.context([("service", "status-page")])) == nil)
        #expect(two.outside(try Self.context([("service", "status-page"), ("action", "rollback")])) != nil)
    }

    @Test func severalIncludeKeysAllHaveToMatch() throws {
        let scope = DecisionScope(include: ["environment": ["production"], "cluster": ["eu-*"]])
        #expect(scope.outside(try Self.context([("environment", "production"), ("cluster", "eu-west")])) == nil)
        #expect(scope.outside(try Self.context([("environment", "production"), ("cluster", "us-east")])) == "cluster is 'us-east'")
        #expect(scope.outside(try Self.context([("labels.x", "y"), ("cluster", "eu-1")])) == nil)
    }

    @Test func globsMatchAnyRunOfCharacters() {
        for (pattern, value, expected) in [("*", "", true), ("*", "anything", true), ("prod-*", "prod-", true),
                                           ("prod-*", "prod", false), ("*-eu", "prod-eu", true), ("*-eu", "prod-us", false),
                                           ("a*b*c", "abc", true), ("a*b*c", "aXbYc", true), ("a*b*c", "acb", false),
                                           ("a*a", "a", false), ("a*a", "aa", true), ("exact", "exact", true),
                                           ("exact", "exactly", false), ("**", "x", true)] {
            #expect(DecisionScope.matches(pattern, value) == expected, "\(pattern) ~ \(value)")
        }
    }

    @Test func explainSaysWhatWasGiven() throws {
        #expect(production.inScopeNote(DecisionContext())
                    == "in scope: environment not given (a scoped policy applies when its key is missing)")
        #expect(production.inScopeNote(try Self.context([("environment", "production")])) == "in scope: environment is 'production'")
    }
}

/// The context's keys and values: a fixed vocabulary and labels, bounded values, no control characters.
@Suite struct DecisionContextTests {
    @Test func knownKeysAndLabelsAreTaken() throws {
        var context = DecisionContext()
        for key in DecisionContext.keys { try context.set(key, "v-" + key) }
        try context.set("labels.app.kubernetes.io/name", "api")
        #expect(context.value(of: "environment") == "v-environment")
        #expect(context.value(of: "labels.app.kubernetes.io/name") == "api")
        #expect(context.entries.first?.key == "action" && context.entries.count == DecisionContext.keys.count + 1)
    }

    @Test func badKeysAndValuesAreRefused() {
        var context = DecisionContext()
        #expect(throws: DecisionContextError.unknownKey("enviroment")) { try context.set("enviroment", "x") }
        #expect(throws: DecisionContextError.badLabelName("labels.")) { try context.set("labels.", "x") }
        #expect(throws: DecisionContextError.badLabelName("labels.a b")) { try context.set("labels.a b", "x") }
        let long = String(repeating: "x", count: 254)
        #expect(throws: DecisionContextError.badLabelName("labels." + long)) { try context.set("labels." + long, "x") }
        #expect(throws: DecisionContextError.valueTooLong(key: "service", bytes: 257)) {
            try context.set("service", String(repeating: "é", count: 128) + "x")
        }
        for bad in ["a\nb", "a\tb", "\u{1B}[31m", "a\u{7F}", "\u{85}"] {
            #expect(throws: DecisionContextError.controlCharacter(key: "service")) { try context.set("service", bad) }
        }
        #expect(context.isEmpty)
    }
}
