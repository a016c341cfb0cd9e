import CalendarData
import CalPolicyArguments
import CalPolicyRequests
import Glibc
import PolicyBundle
import Rendering

/// `calpolicy bundle build|sign|verify|inspect|keygen`: signed policy bundles, the unit a fleet
/// of replicas will pull (docs/bundles.md). The archive and the crypto are PolicyBundle's, the
/// reading rules and the manifest the request layer's; this file reads argv and words results.
enum BundleCommand: CommandGroup {
    static let word = "bundle"
    static let output = OptionSpec.value("output", "FILE", short: "o", help: "Where the bundle (FILE.tar.gz) or the private key is written.")
    static let revision = OptionSpec.value("revision", "REV", help: "The bundle's revision (a commit, a tag); default: sha256: and 16 hex digits of its files' digests.")
    static let key = OptionSpec.value("key", "KEY", help: "The Ed25519 private key (RFC 8410 DER, as bundle keygen writes).")
    static let publicKey = OptionSpec.value("public-key", "KEY.pub", help: "The Ed25519 public key (SubjectPublicKeyInfo DER).")

    static var command: Command {
        group(
            abstract: "Build, sign, verify and inspect signed policy bundles; make signing keys.",
            discussion: """
            calpolicy bundle build DIR -o FILE.tar.gz [--revision REV]
              packs DIR's policies, tests, ICS files, overrides/*.json and snapshots/*.json with a
              manifest.json naming each file's SHA-256 and size; the same DIR gives the same bytes.
            calpolicy bundle keygen -o KEY
              writes an Ed25519 private key KEY and its public key KEY.pub (RFC 8410 DER).
            calpolicy bundle sign FILE --key KEY
              adds manifest.sig, the signature over manifest.json, to the bundle.
            calpolicy bundle verify FILE --public-key KEY.pub
              exits 0 when the signature verifies, every file matches its digest and the files are
              exactly the manifest's; 1 with one line saying what failed; 2 on bad input.
            calpolicy bundle inspect FILE [--format text|json]
              the revision, data versions, stacks, files and signing key id, unverified.
            Bundles are read in memory under strict rules (docs/bundles.md); nothing is extracted.
            'calpolicy bundle ACTION --help' shows an action's options.
            """,
            actions: [buildAction, signAction, verifyAction, inspectAction, keygenAction])
    }

    static let buildAction = action(
        "build", abstract: "Pack a policy folder as a bundle with its manifest.",
        positionalUsage: "DIR",
        options: [output, revision],
        discussion: """
        Packs DIR's *.lua (policies and their _test.lua tests) and *.ics files, overrides/*.json
        and snapshots/*.json (hidden entries skipped; a link or device with such a name refused)
        with manifest.json: the revision, each file's name, SHA-256 and size, the tz database
        and holiday data versions of this machine, and the default stack (the policies in name
        order). Deterministic: the same folder gives the same bytes. Writes FILE whole or not at
        all (replacing it). Exits 2 on any refusal.
        """,
        run: build
    )

    static let keygenAction = action(
        "keygen", abstract: "Make an Ed25519 signing key pair (RFC 8410 DER).",
        positionalUsage: "",
        options: [output],
        discussion: """
        Writes KEY (the private key, PKCS#8 DER, mode 0600) and KEY.pub (SubjectPublicKeyInfo
        DER), never over existing files; the seed comes from the system (getrandom). Keys from
        'openssl genpkey -algorithm ed25519 -outform DER' work the same.
        """,
        run: keygen
    )

    static let signAction = action(
        "sign", abstract: "Sign a bundle's manifest (adds or replaces manifest.sig).",
        positionalUsage: "FILE",
        options: [key],
        discussion: """
        Reads FILE under the reading rules (its files must match its manifest), signs
        manifest.json's exact bytes and rewrites FILE with manifest.sig {"alg", "keyid", "sig"}
        after manifest.json. Prints the key id. Exits 1 when the bundle is refused, 2 on bad input.
        """,
        run: sign
    )

    static let verifyAction = action(
        "verify", abstract: "Verify a bundle: signature, every file's digest, exactly the manifest's files.",
        positionalUsage: "FILE",
        options: [publicKey],
        discussion: """
        Reads FILE in memory (nothing is written) under the reading rules, then checks the
        signature over manifest.json with KEY.pub. Exits 0 and prints the revision when all
        holds; 1 with one line saying what failed; 2 on bad input (no such file, not a key).
        """,
        run: verify
    )

    static let inspectAction = action(
        "inspect", abstract: "Show a bundle's revision, data versions, stacks, files and key id (unverified).",
        positionalUsage: "FILE",
        options: [CommandCatalog.selectFormat],
        discussion: """
        Reads manifest.json and manifest.sig only, under the reading rules; nothing here is
        verified (bundle verify does that). Exits 1 when the bundle is refused, 2 on bad input.
        """,
        run: inspect
    )

    static func build(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        let folder = try parsed.firstPositional("DIR")
        let path = try parsed.required(output)
        let made = try bundle { () throws(BundleProblem) in
            try BundleBuild.make(folder, revision: parsed.value(revision), versions: .current)
        }
        try replace(path, with: made.bytes)
        console.print(TerminalText.escape("\(path): revision \(made.manifest.revision), \(files(made.manifest.files.count))"))
        return ExitCode.ok
    }

    static func keygen(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        let path = try parsed.required(output)
        let pair = try bundle { () throws(BundleProblem) in try BundleKeys.generate() }
        let publicPath = path + ".pub"
        for taken in [path, publicPath] where access(taken, F_OK) == 0 {
            throw .bundle(BundleProblem(.input, taken, "already exists; keygen never replaces a key"))
        }
        try write(path) { () throws(FileWriteProblem) in
            try AtomicFile.create(path, bytes: pair.privateKey, mode: 0o600)
        }
        try write(publicPath) { () throws(FileWriteProblem) in
            try AtomicFile.create(publicPath, bytes: pair.publicKey)
        }
        let id = try bundle { () throws(BundleProblem) in try BundleKeys.publicKey(publicPath) }
        console.print(TerminalText.escape("\(path), \(publicPath): key \(Ed25519KeyFile.keyID(publicKey: id))"))
        return ExitCode.ok
    }

    static func sign(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        let (path, signed) = try withKey(parsed, key, read: { file throws(BundleProblem) in try BundleKeys.privateSeed(file) }) {
            path, seed throws(BundleProblem) in try BundleSigning.sign(path, seed: seed)
        }
        try replace(path, with: signed.bytes)
        console.print(TerminalText.escape("\(path): signed by key \(signed.keyID)"))
        return ExitCode.ok
    }

    static func verify(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        let (path, contents) = try withKey(parsed, publicKey, read: { file throws(BundleProblem) in try BundleKeys.publicKey(file) }) {
            path, key throws(BundleProblem) in try BundleSigning.verify(path, publicKey: key)
        }
        console.print(TerminalText.escape("\(path): verified, revision \(contents.manifest.revision), "
                                          + "\(files(contents.files.count)), key \(contents.signature?.keyID ?? "")"))
        return ExitCode.ok
    }

    static func inspect(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        let path = try parsed.firstPositional("FILE")
        let format = try parsed.choice(CommandCatalog.selectFormat, default: DocumentFormat.text)
        let contents = try bundle { () throws(BundleProblem) in try BundleContents.read(path, headOnly: true) }
        if format == .json {
            console.write(BundleRenderer.inspection(contents.manifest, signature: contents.signature))
        } else {
            for line in BundleRenderer.inspectionLines(contents.manifest, signature: contents.signature) { console.print(line) }
        }
        return ExitCode.ok
    }

    /// FILE and the key file `option` names: the key read by `read`, then handed with FILE to
    /// `use`. Sign and verify both begin so: a key that does not read fails before the bundle is read.
    static func withKey<T>(_ parsed: RequestValues, _ option: OptionSpec, read: (String) throws(BundleProblem) -> [UInt8],
                           _ use: (String, [UInt8]) throws(BundleProblem) -> T) throws(CLIError) -> (String, T) {
        let path = try parsed.firstPositional("FILE")
        let keyPath = try parsed.required(option)
        return (path, try bundle { () throws(BundleProblem) in try use(path, try read(keyPath)) })
    }

    static func bundle<T>(_ body: () throws(BundleProblem) -> T) throws(CLIError) -> T {
        do { return try body() } catch { throw .bundle(error) }
    }

    /// A write of `path`; its failure is a bundle input problem naming the path.
    static func write(_ path: String, _ body: () throws(FileWriteProblem) -> Void) throws(CLIError) {
        do { try body() } catch { throw .bundle(BundleProblem(.input, path, error.description)) }
    }

    /// `path` replaced whole by `bytes` (a bundle built or signed).
    static func replace(_ path: String, with bytes: [UInt8]) throws(CLIError) {
        try write(path) { () throws(FileWriteProblem) in try AtomicFile.replace(path, bytes: bytes) }
    }

    static func files(_ count: Int) -> String { count == 1 ? "1 file" : "\(count) files" }
}
