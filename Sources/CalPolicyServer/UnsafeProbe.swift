import Glibc

/// `calpolicy-serve --probe URL`: a health check for images without curl (the container's
/// HEALTHCHECK, Kubernetes exec probes). GETs an `http://HOST[:PORT]/PATH` URL over a plain
/// socket (HTTP/1.0, 5 s timeouts) and exits 0 on a 2xx answer, 1 on any other answer or
/// none, 2 on a bad command line; one line on stderr says why it failed. It never speaks TLS: a
/// server with `--tls-cert` is probed on its `--diagnostic-addr` (plain HTTP, loopback), which a
/// container's HEALTHCHECK and a kubelet exec probe reach from inside the pod (a kubelet
/// `httpGet` probe carries no client certificate, so it fails against `--tls-client-ca`).
public enum Probe {
    public static let flag = "--probe"

    public static func run(_ arguments: [String]) -> Int32 {
        if arguments.count == 1, arguments[0].hasPrefix("https://") {
            return fail(2, "\(arguments[0]): the probe speaks plain HTTP only; a server with --tls-cert also serves "
                           + "--diagnostic-addr 127.0.0.1:PORT in plain HTTP: probe http://127.0.0.1:PORT/ready")
        }
        guard arguments.count == 1, let target = Target(arguments[0]) else {
            return fail(2, "usage: calpolicy-serve --probe http://HOST[:PORT]/PATH")
        }
        switch status(of: target) {
        case .success(let code) where (200..<300).contains(code): return 0
        case .success(let code): return fail(1, "\(arguments[0]): HTTP \(code)")
        case .failure(let problem): return fail(1, "\(arguments[0]): \(problem.text)")
        }
    }

    struct Target {
        let host: String
        let port: String
        let path: String

        /// `http://127.0.0.1:8080/ready`, `http://[::1]:8080/health`, `http://localhost/`.
        init?(_ url: String) {
            guard url.hasPrefix("http://") else { return nil }
            let rest = url.dropFirst("http://".count)
            let authority = rest.prefix { $0 != "/" }
            path = rest.count > authority.count ? String(rest.dropFirst(authority.count)) : "/"
            if authority.hasPrefix("[") {
                guard let close = authority.firstIndex(of: "]") else { return nil }
                host = String(authority[authority.index(after: authority.startIndex)..<close])
                let after = authority[authority.index(after: close)...]
                port = after.hasPrefix(":") ? String(after.dropFirst()) : "80"
            } else if let colon = authority.lastIndex(of: ":") {
                host = String(authority[..<colon])
                port = String(authority[authority.index(after: colon)...])
            } else {
                host = String(authority)
                port = "80"
            }
            guard !host.isEmpty, !port.isEmpty, port.allSatisfy(\.isNumber),
                  path.allSatisfy({ $0 > " " && $0 != "\u{7f}" }) else { return nil }
        }
    }

    struct Problem: Error { let text: String }

    static func status(of target: Target) -> Result<Int, Problem> {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let looked = getaddrinfo(target.host, target.port, &hints, &list)
        guard looked == 0, let first = list else {
            return .failure(Problem(text: "cannot resolve '\(target.host)': \(String(cString: gai_strerror(looked)))"))
        }
        defer { freeaddrinfo(list) }
        var lastError = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let socketFD = socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue),
                                  info.pointee.ai_protocol)
            guard socketFD >= 0 else { lastError = String(cString: strerror(errno)); continue }
            defer { close(socketFD) }
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(socketFD, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(socketFD, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            guard connect(socketFD, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
                lastError = "connect: \(String(cString: strerror(errno)))"
                continue
            }
            let request = Array("GET \(target.path) HTTP/1.0\r\nHost: \(target.host)\r\nUser-Agent: calpolicy-serve-probe\r\n\r\n".utf8)
            var offset = 0
            while offset < request.count {
                let sent = request[offset...].withUnsafeBytes { send(socketFD, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard sent > 0 else { return .failure(Problem(text: "send: \(String(cString: strerror(errno)))")) }
                offset += sent
            }
            // "HTTP/1.1 200 OK": the status line is all a probe reads.
            var head: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 256)
            while !head.contains(UInt8(ascii: "\n")) && head.count < 4096 {
                let count = buffer.withUnsafeMutableBytes { recv(socketFD, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { break }
                head += buffer[..<count]
            }
            let line = String(decoding: head.prefix { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }, as: UTF8.self)
            let words = line.split(separator: " ")
            guard words.count >= 2, words[0].hasPrefix("HTTP/"), let code = Int(words[1]) else {
                // A TLS listener answers plain HTTP with a TLS record (0x15 an alert, 0x16 a
                // handshake) or closes: say where a probe can ask instead.
                if head.first == 0x15 || head.first == 0x16 || head.isEmpty {
                    return .failure(Problem(text: (head.isEmpty ? "no answer" : "a TLS answer")
                                                  + " (a --tls-cert listener? probe its --diagnostic-addr, which is plain HTTP)"))
                }
                return .failure(Problem(text: "not an HTTP answer: '\(line.prefix(80))'"))
            }
            return .success(code)
        }
        return .failure(Problem(text: lastError))
    }

    private static func fail(_ code: Int32, _ line: String) -> Int32 {
        let text = Array("calpolicy-serve: probe: \(line)\n".utf8)
        text.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
        return code
    }
}
