#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The only file of TableKitTerminal that hands Swift memory to C by address (issue 39): each
// function lends a buffer for the length of one system call and keeps no pointer after it.

/// A C stdio stream (`FILE *`): an opaque handle from `fopen` or the shim's `tk_stdin`, passed
/// to curses and closed with `fclose`; Swift never reads through it.
typealias CFileHandle = UnsafeMutablePointer<FILE>

enum TerminalIO {
    /// write(2) of `bytes` to `descriptor`: how many bytes were written, or -1 with `errno` set.
    static func write(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) -> Int {
        bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
    }

    /// write(2) of `text`'s UTF-8 to `descriptor`, once (a message on the way out; what did
    /// not get written is lost).
    static func writeOnce(_ descriptor: Int32, _ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { systemWrite(descriptor, $0.baseAddress, $0.count - 1) }
    }

    /// read(2) from `descriptor` into `buffer`, as much as fits: how many bytes were read (0 at
    /// the end), or -1 with `errno` set.
    static func read(_ descriptor: Int32, into buffer: inout [UInt8]) -> Int {
        buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
    }

    /// Hands `bytes` to the C shim, which copies them, as `char`s.
    static func withCChars<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>?, Int) -> R) -> R {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress, $0.count) }
        }
    }

    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }

    private static func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, bytes, count)
        #else
        Darwin.read(descriptor, bytes, count)
        #endif
    }
}
