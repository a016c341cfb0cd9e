internal import CPolicyBridge

/// Hands C the Lua parts it compiles on a state's first call of them, `cal.ics`'s and
/// `cal.holidays`', each as text and as the bytecode the build compiled from it: C holds no Lua
/// source of its own. C copies them, once per process, before the first policy state opens.
enum UnsafeLuaLibraries {
    static let installed: Void = {
        install(Int32(CPB_LIBRARY_ICS), name: IcsLuaLibrary.chunkName, text: IcsLuaLibrary.source,
                bytecode: IcsLuaLibrary.bytecode)
        install(Int32(CPB_LIBRARY_HOLIDAYS), name: HolidayLuaLibrary.chunkName, text: HolidayLuaLibrary.source,
                bytecode: HolidayLuaLibrary.bytecode)
    }()

    /// A part C could not copy (memory) stays unset: calling its cal function is then a policy
    /// error, never a crash.
    private static func install(_ which: Int32, name: String, text: [UInt8], bytecode: [UInt8]) {
        text.withUnsafeBufferPointer { text in
            bytecode.withUnsafeBufferPointer { dump in
                text.withMemoryRebound(to: CChar.self) { text in
                    dump.withMemoryRebound(to: CChar.self) { dump in
                        _ = cpb_set_library(which, name, text.baseAddress, text.count, dump.baseAddress, dump.count)
                    }
                }
            }
        }
    }
}
