import CalendarData
import CalendarCore
import Foundation

/// `--token-file`: who may ask what. A JSON file of named tokens, each stored as the SHA-256 of
/// its secret (the file never holds one), with rights:
///
///     {"tokens": [{"name": "ci", "sha256": "<64 hex>", "rights": {"decide": ["prod"], "override": [],
///                  "admin": false}, "tenant": "acme"}]}
///
/// `decide`: the stacks the token may ask (`*` every one); `admin`: `/metrics` and `/v1/status` on
/// the main listener; `override`: the scopes it may override (kept for the overrides API); a
/// `tenant` fills `context.tenant` on every question (another tenant's is 403). A legacy file
/// whose first line is the token itself is one token named `default` with every right.
struct TokenSet: Sendable {
    struct Token: Sendable {
        var name: String
        var digest: [UInt8]
        var decide: [String]
        var override: [String]
        var admin: Bool
        var tenant: String?

        func mayDecide(_ stack: String) -> Bool { decide.contains("*") || decide.contains(stack) }

        /// Whether one of its `override` entries covers `scope`: `*`, or `KEY=PATTERN[,KEY=PATTERN]`
        /// where the scope names each KEY and every value it gives there matches the PATTERN (a
        /// token for `environment=staging` may not write an override for every environment).
        func mayOverride(_ scope: DecisionScope) -> Bool {
            override.contains { entry in
                if entry == "*" { return true }
                return entry.split(separator: ",").allSatisfy { pair in
                    let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                    guard parts.count == 2, let values = scope.include[parts[0]], !values.isEmpty else { return false }
                    return values.allSatisfy { DecisionScope.matches(parts[1], $0) }
                }
            }
        }
    }

    let tokens: [Token]

    /// The old one-line token: one token with every right.
    static func legacy(_ secret: String) -> TokenSet {
        TokenSet(tokens: [Token(name: "default", digest: SHA256.digest(Array(secret.utf8)), decide: ["*"], override: ["*"],
                                admin: true, tenant: nil)])
    }

    /// The file's text: JSON when it starts with `{`, else its first line is a legacy token.
    static func parse(_ text: String) throws(TokenFileError) -> TokenSet {
        let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard trimmed.first == "{" else {
            guard let first = text.split(separator: "\n").first.map({ $0.trimmingCharacters(in: .whitespaces) }),
                  !first.isEmpty else { throw TokenFileError("no token (a JSON token file, or the token on the first line)") }
            return legacy(first)
        }
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: Data(text.utf8)) } catch {
            throw TokenFileError("is not JSON")
        }
        guard let top = object as? [String: Any], let list = top["tokens"] as? [Any] else {
            throw TokenFileError("expected {\"tokens\": [...]}")
        }
        for key in top.keys where key != "tokens" { throw TokenFileError("unknown field '\(InputEcho.cut(key))' (fields: tokens)") }
        var tokens: [Token] = []
        for (index, item) in list.enumerated() {
            let at = "tokens[\(index)]"
            guard let fields = item as? [String: Any] else { throw TokenFileError("\(at) must be an object") }
            for key in fields.keys where !["name", "sha256", "rights", "tenant"].contains(key) {
                throw TokenFileError("\(at): unknown field '\(InputEcho.cut(key))' (fields: name, sha256, rights, tenant)")
            }
            guard let name = fields["name"] as? String, !name.isEmpty else { throw TokenFileError("\(at).name must be a string") }
            guard !tokens.contains(where: { $0.name == name }) else { throw TokenFileError("\(at): the name '\(InputEcho.cut(name))' is given twice") }
            guard let hex = fields["sha256"] as? String, let digest = Self.bytes(hex: hex) else {
                throw TokenFileError("\(at).sha256 must be 64 hex digits (the SHA-256 of the token: sha256sum)")
            }
            guard let rights = fields["rights"] as? [String: Any] else { throw TokenFileError("\(at).rights must be an object") }
            for key in rights.keys where !["decide", "override", "admin"].contains(key) {
                throw TokenFileError("\(at).rights: unknown field '\(InputEcho.cut(key))' (fields: decide, override, admin)")
            }
            func names(_ key: String) throws(TokenFileError) -> [String] {
                guard let value = rights[key] else { return [] }
                guard let list = value as? [Any], list.allSatisfy({ $0 is String }) else {
                    throw TokenFileError("\(at).rights.\(key) must be a list of strings")
                }
                return list.compactMap { $0 as? String }
            }
            var admin = false
            if let value = rights["admin"] {
                // JSON's true and false come as NSNumber of type `c` (a number 1 does not).
                guard let flag = value as? NSNumber, String(cString: flag.objCType) == "c" else {
                    throw TokenFileError("\(at).rights.admin must be true or false")
                }
                admin = flag.boolValue
            }
            var tenant: String?
            if let value = fields["tenant"] {
                guard let text = value as? String else { throw TokenFileError("\(at).tenant must be a string") }
                var context = DecisionContext()
                do { try context.set("tenant", text) } catch { throw TokenFileError("\(at).tenant: " + error.reason) }
                tenant = text
            }
            tokens.append(Token(name: name, digest: digest, decide: try names("decide"), override: try names("override"),
                                admin: admin, tenant: tenant))
        }
        guard !tokens.isEmpty else { throw TokenFileError("holds no token") }
        return TokenSet(tokens: tokens)
    }

    /// The token whose secret this is: its SHA-256 compared with every token's in constant time
    /// (each comparison looks at all 32 bytes, and every token is compared).
    func find(secret: String) -> Token? {
        let digest = SHA256.digest(Array(secret.utf8))
        var found: Token?
        for token in tokens {
            var difference: UInt8 = 0
            for index in 0..<32 { difference |= token.digest[index] ^ digest[index] }
            if difference == 0 && found == nil { found = token }
        }
        return found
    }

    private static func bytes(hex: String) -> [UInt8]? {
        let digits = Array(hex.lowercased().utf8)
        guard digits.count == 64 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: 64, by: 2) {
            guard let high = Self.nibble(digits[index]), let low = Self.nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}

/// Why a token file cannot be used (one line at start, exit 2).
struct TokenFileError: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}
