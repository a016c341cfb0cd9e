import Testing
@testable import CalPolicyServer

/// `--probe URL` parsing (the check stage runs it against a live server).
@Suite struct ProbeTargetTests {
    @Test func parsesHostsPortsAndPaths() {
        let plain = Probe.Target("http://127.0.0.1:8080/ready")
        #expect(plain?.host == "127.0.0.1" && plain?.port == "8080" && plain?.path == "/ready")
        let v6 = Probe.Target("http://[::1]:9000/health?x=1")
        #expect(v6?.host == "::1" && v6?.port == "9000" && v6?.path == "/health?x=1")
        let bare = Probe.Target("http://localhost")
        #expect(bare?.host == "localhost" && bare?.port == "80" && bare?.path == "/")
    }

    @Test(arguments: ["https://127.0.0.1/", "http://:80/", "http://host:port/", "http://[::1/", "ftp://x/", "http://h/a b"])
    func refusesWhatItCannotGet(url: String) {
        #expect(Probe.Target(url) == nil)
    }

    @Test func probeOfAClosedPortFails() {
        // Port 9 (discard) on loopback: nothing listens in a test environment.
        #expect(Probe.run(["http://127.0.0.1:9/ready"]) == 1)
        #expect(Probe.run([]) == 2)
    }
}
