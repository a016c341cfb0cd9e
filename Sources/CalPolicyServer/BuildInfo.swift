import CalPolicyRequests

/// The server's version and the commit it was built from (`BuildCommit`), for `/v1/status`,
/// `calpolicy_build_info`, `--version` and the start line.
enum BuildInfo {
    static let version = ServeArguments.version
    static let commit = BuildCommit.current
}
