// swift-tools-version:6.0
// calpolicy: a calendar policy engine. Layers import one way:
// CLua (system liblua5.4) → CLuaShim (C kernel) → LuaHost → PolicyEngine → Rendering → CalPolicyRequests
// → the two faces, CalPolicyCLI (calpolicy) and CalPolicyServer (calpolicy-serve), neither importing the other;
// with CPolicyBridge (policy-shaped C over the kernel) seen by PolicyEngine alone.
// Rendering holds every document (text, JSON, CSV) and the one JSON writer, below any face.
// Crypto (SHA-256, HMAC, Ed25519, RSA through CNettle; the system's randomness through CGetRandom) is the
// one module seeing those; PolicyBundle (signed policy bundles: tar.gz through CArchive, signatures through
// Crypto) sits beside CalendarData, below Rendering.
// DeclarativePolicy (freeze.yaml/.json read with libyaml through CYAML into typed values, no Lua) sits
// below PolicyEngine, which answers those values with a fixed Lua of its own.
// CalendarCore (pure time) stands beside the Lua stack and knows nothing of Lua, files, the clock or
// printing; CalendarData (the zone database, the one Clock, holiday data) reads files and knows no Lua.
// PolicyEngine is Lua only. scripts/checks/architecture.sh holds these rules (docs/architecture.md).
// Platforms: Linux only (tested: Debian 12 with Swift 6.3, liblua5.4-dev and libical-dev; Ubuntu 22.04+ has
// the same packages). macOS does not build: the C shim uses glibc's pthread_getattr_np.
// Plain `swift build` / `swift run calpolicy` work; `make release` adds scripts/release-flags.sh.
import PackageDescription

let package = Package(
    name: "calpolicy",
    products: [
        .library(name: "CalendarCore", targets: ["CalendarCore"]),
        .library(name: "PolicyEngine", targets: ["PolicyEngine"]),
        .library(name: "Rendering", targets: ["Rendering"]),
        .executable(name: "calpolicy", targets: ["calpolicy"]),
        // The HTTP face: dynamically linked against system C libraries (libmicrohttpd), with the
        // Swift runtime linked in, so the CLI stays fully static; `calpolicy serve` execs it.
        .executable(name: "calpolicy-serve", targets: ["calpolicy-serve"]),
    ],
    targets: [
        .target(name: "CalendarCore"),
        // The world's time data, read from files and knowing no Lua: the zone database, the one
        // clock (now and today in a zone), the holiday data sets with their versions and horizons,
        // and the one helper that opens every file we read (regular files only, bounded).
        .target(name: "CalendarData", dependencies: ["CalendarCore"]),
        // libarchive, for policy bundles (tar + gzip, written and read in memory only).
        .systemLibrary(
            name: "CArchive",
            pkgConfig: "libarchive",
            providers: [.apt(["libarchive-dev"])]
        ),
        // nettle, the one crypto library: Ed25519 and SHA-256 (bundles), HMAC-SHA256 (webhook
        // signatures), RSA (the GitHub app's RS256 JWT). Its public-key half, libhogweed, is what
        // pkg-config 'hogweed' names; it brings libnettle with it.
        .systemLibrary(
            name: "CNettle",
            pkgConfig: "hogweed",
            providers: [.apt(["nettle-dev"])]
        ),
        // glibc's getrandom(2), which the Glibc module does not expose: the seed of a new key.
        .systemLibrary(name: "CGetRandom"),
        // The crypto home: SHA-256, HMAC-SHA256, Ed25519, RSA PKCS#1 v1.5 signing, the system's
        // randomness. The one Swift module that sees CNettle and CGetRandom; no files, no JSON.
        .target(name: "Crypto", dependencies: ["CNettle", "CGetRandom"]),
        // Signed policy bundles: the archive (deterministic writing, bounded entry-by-entry
        // reading of untrusted input), the keys (RFC 8410 DER) and signatures, the manifest as
        // data. The one Swift module that sees CArchive; signatures and digests are Crypto's. No
        // files, no JSON.
        .target(name: "PolicyBundle", dependencies: ["CArchive", "Crypto"]),
        // libyaml, for declarative policies (freeze.yaml, .yml, .json): its event parser gives each
        // scalar's raw text and style, so no YAML 1.1 implicit type is ever resolved.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // Declarative policies as typed data: libyaml's events read under limits (size, depth,
        // no aliases, no tags) into a schema's values, each error at its line and column. The one
        // Swift module that sees CYAML; knows no Lua.
        .target(name: "DeclarativePolicy", dependencies: ["CalendarCore", "CalendarData", "CYAML"]),
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"])]
        ),
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        // libical, for .ics files policies read (cal.ics); seen by the C target CICalFeed alone.
        .systemLibrary(
            name: "CICal",
            pkgConfig: "libical",
            providers: [.apt(["libical-dev"])]
        ),
        // iCalendar files as days over libical: parse once, expand recurrence per lookup.
        .target(name: "CICalFeed", dependencies: ["CICal", "CCivilDays"]),
        // Gregorian day arithmetic in C, in one place: the bridge, cal's helpers and cal.ics, and
        // the recurrence expansion use it (CalendarCore's GregorianMath is the Swift home).
        .target(name: "CCivilDays"),
        // The policy-shaped C (day/selection views, policy calls): an extension of the kernel.
        .target(name: "CPolicyBridge", dependencies: ["CLua", "CLuaShim", "CICalFeed", "CCivilDays"]),
        .target(name: "LuaHost", dependencies: ["CLua", "CLuaShim"]),
        .target(
            name: "PolicyEngine",
            dependencies: ["CalendarCore", "CalendarData", "LuaHost", "CPolicyBridge", "DeclarativePolicy"],
            // The Lua it ships, each file also compiled to bytecode by the plugin. The text stays
            // embedded: it is the fallback when the bytecode does not load.
            resources: [.embedInCode("Prelude/cal.lua"), .embedInCode("Prelude/test_harness.lua"),
                        .embedInCode("Prelude/holidays.lua"), .embedInCode("Prelude/ics.lua"),
                        .embedInCode("Prelude/declarative.lua")],
            plugins: ["PreludeBytecode"]
        ),
        // Compiles PolicyEngine's Prelude/*.lua to bytecode at build time (loading it is ~10x
        // cheaper than compiling). survey_probe.lua is its own input, read at build time only.
        .executableTarget(name: "PreludeCompiler", dependencies: ["CLua"], exclude: ["survey_probe.lua"]),
        .plugin(name: "PreludeBytecode", capability: .buildTool(), dependencies: ["PreludeCompiler"]),
        // The Lua `calpolicy import` writes and runs, as templates (LuaTemplate): embedded as text
        // only; PreludeBytecode runs on PolicyEngine alone, and a template runs only once filled.
        .target(name: "Rendering", dependencies: ["CalendarCore", "CalendarData", "PolicyEngine", "PolicyBundle"],
                resources: [.embedInCode("ICS/Templates/imported_days.lua"),
                            .embedInCode("ICS/Templates/imported_hours.lua"),
                            .embedInCode("ICS/Templates/zone_probe.lua"),
                            .embedInCode("New/Templates/freeze.lua"), .embedInCode("New/Templates/freeze_test.lua"),
                            .embedInCode("New/Templates/hours.lua"), .embedInCode("New/Templates/hours_test.lua"),
                            .embedInCode("New/Templates/holidays.lua"),
                            .embedInCode("New/Templates/holidays_test.lua"),
                            .embedInCode("New/Templates/freeze.yaml"), .embedInCode("New/Templates/hours.yaml"),
                            .embedInCode("New/Templates/holidays.yaml")]),
        // Face-neutral: typed requests, value parsers and resolvers, the use cases, the one option
        // catalogue, errors keyed by option. No argv, no HTTP, no C.
        .target(name: "CalPolicyRequests", dependencies: ["CalendarCore", "CalendarData", "PolicyEngine", "Rendering",
                                                          "PolicyBundle", "Crypto"]),
        // Command-line scanning both executables use (calpolicy's commands, calpolicy-serve's flags).
        .target(name: "CalPolicyArguments", dependencies: ["CalPolicyRequests", "CalendarData", "PolicyEngine"]),
        // libedit, for `calpolicy repl`'s line editing and history; seen by CalPolicyCLI alone.
        .systemLibrary(
            name: "CEdit",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        .target(name: "CalPolicyCLI",
                dependencies: ["CalPolicyArguments", "CalPolicyRequests", "CalendarCore", "CalendarData", "PolicyEngine",
                               "Rendering", "PolicyBundle", "CEdit"]),
        // Each executable sets how the process heap serves long evaluations, once, at start.
        .target(name: "CHeapTuning"),
        // The arguments as glibc hands them to the executable (the Swift runtime's own search
        // reads /proc/self/maps on every start); an object of each executable, never imported.
        .target(name: "CStartup"),
        .executableTarget(name: "calpolicy", dependencies: ["CalPolicyCLI", "CHeapTuning", "CStartup"]),
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        // GnuTLS, the stack libmicrohttpd is built with (one TLS and crypto stack), seen by the C
        // shim that hands libmicrohttpd the current certificate (rotation) and checks client ones.
        .systemLibrary(
            name: "CGnuTLS",
            pkgConfig: "gnutls",
            providers: [.apt(["libgnutls28-dev"])]
        ),
        .target(name: "CTLSCredentials", dependencies: ["CGnuTLS"]),
        // The one Swift module that sees libmicrohttpd; its pointers stay in Unsafe*.swift.
        .target(name: "MHDHost", dependencies: ["CMicroHTTPD", "CTLSCredentials"]),
        // libcurl, GnuTLS flavour (the server's one TLS stack), for outgoing HTTP: bundle pulls,
        // callbacks. Seen by HTTPClient alone; only the dynamically linked server links it.
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-gnutls-dev"])]
        ),
        // The project's one HTTP client: bounded, no redirects, no signals; pointers in Unsafe*.swift.
        .target(name: "HTTPClient", dependencies: ["CCurl"]),
        .target(name: "CalPolicyServer",
                dependencies: ["MHDHost", "HTTPClient", "Crypto", "CalPolicyArguments", "CalPolicyRequests", "Rendering",
                               "PolicyEngine", "CalendarCore", "CalendarData", "PolicyBundle"],
                // The picker page's files, compiled in: the server stays one file to install.
                resources: [.embedInCode("WebPage/Assets/index.html"), .embedInCode("WebPage/Assets/app.css"),
                            .embedInCode("WebPage/Assets/app.js"), .embedInCode("WebPage/Assets/picker.js"),
                            .embedInCode("WebPage/Assets/strings.json")]),
        // The Swift runtime and Foundation linked in (-static-stdlib), so the server runs on a host
        // without the toolchain: it needs only libmicrohttpd, libcurl-gnutls, liblua5.4, libical and the C/C++
        // runtime. On the target itself, so one release build makes both products with the same
        // compile flags. The -l flags: the static Foundation's own dependencies, which no object
        // of this package names (they are imported by Foundation's implementation only), in an
        // order that resolves each after the libraries needing it.
        .executableTarget(
            name: "calpolicy-serve",
            dependencies: ["CalPolicyServer", "CHeapTuning", "CStartup"],
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-lCoreFoundation", "-l_FoundationICU",
                                           "-l_FoundationCShims", "-l_FoundationCollections"])]
        ),
        .executableTarget(name: "BookingFlow", dependencies: ["CalendarCore"], path: "examples/BookingFlow"),
        // Benchmarks (benchmarks/run.sh builds them with -c release; no tests run them).
        .target(name: "CalpolicyBenchLua", dependencies: ["CLua"], path: "benchmarks/Sources/CalpolicyBenchLua"),
        .executableTarget(
            name: "calpolicy-bench",
            dependencies: ["CalendarCore", "CalendarData", "CLuaShim", "CalpolicyBenchLua", "PolicyEngine", "CalPolicyCLI",
                           "CalPolicyRequests", "Rendering"],
            path: "benchmarks/Sources/calpolicy-bench"
        ),
        .executableTarget(name: "admit-read-bench", dependencies: ["CalPolicyRequests"],
                          path: "benchmarks/Sources/admit-read-bench"),

        .testTarget(name: "CalendarCoreTests", dependencies: ["CalendarCore"]),
        .testTarget(name: "CalendarDataTests", dependencies: ["CalendarData", "CalendarCore"]),
        .testTarget(name: "CryptoTests", dependencies: ["Crypto"]),
        .testTarget(name: "PolicyBundleTests", dependencies: ["PolicyBundle", "Crypto"]),
        .testTarget(name: "DeclarativePolicyTests", dependencies: ["DeclarativePolicy", "CalendarCore"]),
        .testTarget(name: "LuaHostTests", dependencies: ["LuaHost"]),
        .testTarget(name: "CICalFeedTests", dependencies: ["CICalFeed", "CICal"]),
        .testTarget(name: "CCivilDaysTests", dependencies: ["CCivilDays", "CalendarCore"]),
        .testTarget(name: "CHeapTuningTests", dependencies: ["CHeapTuning"]),
        .testTarget(name: "CStartupTests", dependencies: ["CStartup"]),
        .testTarget(name: "PolicyEngineTests", dependencies: ["PolicyEngine", "CalendarCore", "CalendarData", "LuaHost"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "PolicyEngine", "CalendarCore", "CPolicyBridge"]),
        .testTarget(name: "CalPolicyRequestsTests", dependencies: ["CalPolicyRequests", "CalendarData", "PolicyEngine", "Rendering",
                                                                  "PolicyBundle", "Crypto"]),
        .testTarget(name: "CalPolicyArgumentsTests", dependencies: ["CalPolicyArguments", "CalPolicyRequests"]),
        .testTarget(name: "CalPolicyCLITests", dependencies: ["CalPolicyCLI", "CalendarData", "CalPolicyArguments", "CalPolicyRequests", "Rendering"]),
        .testTarget(name: "EndToEndTests", dependencies: ["calpolicy"]),
        .testTarget(name: "MHDHostTests", dependencies: ["MHDHost"]),
        .testTarget(name: "HTTPClientTests", dependencies: ["HTTPClient"]),
        .testTarget(name: "CalPolicyServerTests", dependencies: ["CalPolicyServer", "CalPolicyRequests", "CalendarData", "MHDHost",
                                                                  "Crypto", "Rendering", "HTTPClient"]),
        .testTarget(name: "ReliabilityTests", dependencies: ["CalendarCore", "PolicyEngine", "FuzzChecks"]),

        // libFuzzer harnesses (scripts/fuzz.sh): each executable's one file holds only the entry point.
        .target(name: "FuzzChecks", dependencies: ["CalendarCore", "CalPolicyCLI", "PolicyEngine"], path: "Fuzz/FuzzChecks"),
        .executableTarget(name: "FuzzDayISO", dependencies: ["FuzzChecks"], path: "Fuzz/FuzzDayISO"),
        .executableTarget(name: "FuzzArguments", dependencies: ["FuzzChecks"], path: "Fuzz/FuzzArguments"),
        .executableTarget(name: "FuzzPolicyLoad", dependencies: ["FuzzChecks"], path: "Fuzz/FuzzPolicyLoad"),
        .executableTarget(name: "FuzzNativeHelpers", dependencies: ["FuzzChecks"], path: "Fuzz/FuzzNativeHelpers"),
        .executableTarget(name: "LeakCheck", dependencies: ["CalendarCore", "PolicyEngine"], path: "Fuzz/LeakCheck"),
    ],
    swiftLanguageModes: [.v6]
)
