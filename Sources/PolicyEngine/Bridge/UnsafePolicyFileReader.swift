internal import CPolicyBridge
import Glibc

/// The C bridge's file reader (`cpb_set_file_reader`): `PolicyFolderFile` finds and reads the
/// file, and its bytes are handed to C in a malloc'd buffer C frees. Installed once, before the
/// first state opens (`PolicyLuaState.init`).
enum UnsafePolicyFileReader {
    static let installed: Void = { cpb_set_file_reader(UnsafePolicyFileReader.trampoline) }()

    private static let trampoline: cpb_read_file_fn = {
        policyPath, name, limit, bytes, length, real, realCapacity, message, capacity in
        guard let policyPath, let name, let bytes, let length else { return Int32(CPB_READ_REFUSED) }
        switch PolicyFolderFile.read(name: String(cString: name), policyPath: String(cString: policyPath),
                                     limit: Int(limit)) {
        case .tooLarge:
            return Int32(CPB_READ_TOO_LARGE)
        case .refused(let problem):
            PolicyLuaState.write(problem, to: message, capacity: capacity)
            return Int32(CPB_READ_REFUSED)
        case .read(let realPath, let data):
            guard let buffer = malloc(max(1, data.count)) else {
                PolicyLuaState.write("cannot be read: out of memory", to: message, capacity: capacity)
                return Int32(CPB_READ_REFUSED)
            }
            data.withUnsafeBytes { raw in
                if let base = raw.baseAddress { buffer.copyMemory(from: base, byteCount: raw.count) }
            }
            bytes.pointee = buffer.assumingMemoryBound(to: CChar.self)
            length.pointee = data.count
            PolicyLuaState.write(realPath, to: real, capacity: realCapacity)
            return Int32(CPB_READ_OK)
        }
    }
}
