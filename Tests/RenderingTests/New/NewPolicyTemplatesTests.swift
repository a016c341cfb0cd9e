import Testing
@testable import Rendering

/// The starting policies `calpolicy new` writes: YAML by default with the schema modeline and
/// every filled value a double-quoted scalar, Lua on request, the same test file either way.
@Suite struct NewPolicyTemplatesTests {
    let values = ["name": "my: freeze", "policy": "my.yaml", "today": "2026-12-06", "from": "2026-12-21",
                  "to": "2027-01-04", "before": "2026-12-20", "after": "2027-01-05",
                  "weekdayNoon": "x", "weekdayEvening": "x", "weekendNoon": "x", "holiday": "x", "ordinary": "x"]

    @Test func yamlCarriesTheSchemaLineAndQuotesEveryValue() throws {
        for kind in ["freeze", "hours", "holidays"] {
            let (policy, test) = try NewPolicyTemplates.render(kind: kind, lua: false, values: values)
            #expect(policy.hasPrefix("# yaml-language-server: $schema=" + NewPolicyTemplates.schemaURL + "\n"))
            #expect(policy.contains("\nname: \"my: freeze\"\n"))
            #expect(!policy.contains("{{"))
            #expect(test.contains(#"test.policies { "my.yaml" }"#))
        }
        let (freeze, _) = try NewPolicyTemplates.render(kind: "freeze", lua: false, values: values)
        #expect(freeze.contains("  - from: \"2026-12-21\"\n    to: \"2027-01-05\"\n"))
        let (hours, _) = try NewPolicyTemplates.render(kind: "hours", lua: false, values: values)
        #expect(hours.contains("from: \"18:00\""))
    }

    @Test func luaOnRequest() throws {
        let (policy, _) = try NewPolicyTemplates.render(kind: "freeze", lua: true, values: values)
        #expect(policy.contains("cal.windows({"))
        #expect(policy.contains(#"name = "my: freeze","#))
    }

    @Test func quotedScalarsEscapeWhatYAMLWouldReadAsABreakOrAnEnd() {
        #expect(YAMLTemplate.quoted("a\"b\\c") == #""a\"b\\c""#)
        #expect(YAMLTemplate.quoted("x\ny\u{7F}\u{85}\u{2028}") == #""x\u000Ay\u007F\u0085\u2028""#)
        #expect(YAMLTemplate.quoted("NO") == #""NO""#)
    }

    @Test func aMarkTheCallerDoesNotFillIsRefused() {
        let template = YAMLTemplate(name: "t.yaml", bytes: Array("name: {{nope}}\n".utf8))
        #expect(throws: LuaTemplateError.self) { try template.render([:]) }
        let comment = YAMLTemplate(name: "t.yaml", bytes: Array("# {{name}}\nname: {{name}}".utf8))
        let rendered = try? comment.render(["name": "a\nb"])
        #expect(rendered?.hasSuffix("\nname: \"a\\u000Ab\"") == true)
        #expect(rendered?.split(separator: "\n").count == 2)
    }
}
