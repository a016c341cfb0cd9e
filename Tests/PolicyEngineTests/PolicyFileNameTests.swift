import Testing
@testable import PolicyEngine

/// `PolicyFile.fileName(of:)` names a policy in messages and picks the declarative reader by
/// extension: the last non-empty path component, as splitting the path on "/" gives it.
@Suite struct PolicyFileNameTests {
    @Test(arguments: [
        ("policies/weekends.lua", "weekends.lua"), ("weekends.lua", "weekends.lua"), ("/etc/calpolicy/f.yaml", "f.yaml"),
        ("a//b.lua", "b.lua"), ("dir/sub/", "sub"), ("dir///", "dir"), ("/", "/"), ("///", "///"), ("", ""),
        ("été/politique é.lua", "politique é.lua"), ("x/🗓️.lua", "🗓️.lua"), ("./a.lua", "a.lua"),
    ])
    func theNameIsTheLastNonEmptyComponent(_ path: String, _ name: String) {
        #expect(PolicyFile.fileName(of: path) == name)
        let reference = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
        #expect(PolicyFile.fileName(of: path) == reference)
    }
}
