// admit-read-bench: µs of CPU per AdmissionReview read (`AdmissionReview.read` and the action
// told from it), the selecting reader against the full-tree reader it replaced, alternating
// rounds, the median round of each printed. benchmarks/admit-read.sh builds it with -c release
// and gives it the 14 KB review of benchmarks/admit.sh.
//
//   admit-read-bench REVIEW.json [ROUNDS] [READS-PER-ROUND]
import CalPolicyRequests
import Glibc

func cpuNanoseconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) * 1e9 + Double(t.tv_nsec)
}

func load(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        bytes += buffer[..<count]
    }
    return bytes
}

let arguments = CommandLine.arguments
guard arguments.count >= 2, let bytes = load(arguments[1]) else {
    print("usage: admit-read-bench REVIEW.json [ROUNDS] [READS-PER-ROUND]")
    exit(2)
}
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 7 : 7
let reads = arguments.count > 3 ? Int(arguments[3]) ?? 5000 : 5000

/// One round: `reads` reads, µs of CPU per read, and a checksum of the answers.
func round(fullTree: Bool) -> (Double, Int) {
    var check = 0
    let start = cpuNanoseconds()
    for _ in 0..<reads {
        guard let review = try? AdmissionReview.read(bytes, fullTree: fullTree) else { continue }
        check &+= review.uid.utf8.count &+ AdmissionAction.of(review).utf8.count &+ review.labels.count
    }
    return ((cpuNanoseconds() - start) / Double(reads) / 1000, check)
}

var times: [Bool: [Double]] = [true: [], false: []], checks: [Bool: Int] = [:]
_ = round(fullTree: true)
_ = round(fullTree: false)
for _ in 0..<rounds {
    for fullTree in [true, false] {
        let (time, check) = round(fullTree: fullTree)
        times[fullTree]!.append(time)
        checks[fullTree] = check
    }
}
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
let full = median(times[true]!), selecting = median(times[false]!)
print("review: \(bytes.count) bytes, \(rounds) rounds of \(reads) reads each way, CPU time, median round")
func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
print("full tree (before):  \(rounded(full)) µs per review")
print("selecting (after):   \(rounded(selecting)) µs per review  (\(rounded(full / selecting))x faster)")
if checks[true] != checks[false] { print("the two readers answered differently"); exit(1) }
