import CSimdjson
import Foundation

// Where JSONRecordStore meets C's memory (issue 39: unsafe code fenced in `+Unsafe` files): the
// byte strings the C store hands out, valid while the store lives and never written through,
// lent to a closure for its length or copied into a String; and the options and bytes handed
// to a load, valid for the call only.

extension JSONRecordStore {
    /// `count` bytes of UTF-8 at `bytes` (a C store's: valid while it lives) as a String.
    static func decode(_ bytes: UnsafePointer<CChar>, count: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The cancel check of a load, as the C reader's context.
    fileprivate final class CancelBox {
        let isCancelled: @Sendable () -> Bool
        init(_ isCancelled: @escaping @Sendable () -> Bool) { self.isCancelled = isCancelled }
    }

    /// `tk_json_load_memory` of `data`'s bytes as `options` say: the C store, or nil with `error` filled.
    static func loadMemory(_ data: some ContiguousBytes, options: LoadOptions, error: inout tk_json_error) -> OpaquePointer? {
        data.withUnsafeBytes { bytes in options.withC { tk_json_load_memory(bytes.baseAddress, bytes.count, $0, &error) } }
    }

    /// Record `index`'s subtitle as ``subtitle(at:)`` gives it, cut as ``title(at:maximumBytes:)`` cuts.
    func subtitle(at index: Int, maximumBytes: Int) -> String? {
        guard index >= 0, index < count else { return nil }
        var bytes: UnsafePointer<UInt8>?
        var length = 0
        guard tk_json_subtitle(handle, index, &bytes, &length) != 0 else { return nil }
        return Self.text(UnsafeBufferPointer(start: bytes, count: length), maximumBytes: maximumBytes)
    }

    /// `bytes` (valid UTF-8) as text, at most `maximumBytes` of them, ended with `…` when cut.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>, maximumBytes: Int) -> String {
        guard bytes.count > maximumBytes else { return String(decoding: bytes, as: UTF8.self) }
        var end = max(0, maximumBytes)
        while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self) + "…"
    }

    /// Record `index`'s member name, when the records are an object's members.
    func recordName(at index: Int) -> String? {
        guard index >= 0, index < count else { return nil }
        var bytes: UnsafePointer<UInt8>?
        var length = 0
        guard tk_json_record_name(handle, index, &bytes, &length) != 0 else { return nil }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    /// Writes the first four bytes of each title of `records` (after any spaces; the first
    /// in the low byte, zeros past the title's end) to `leads`, or 0 where the title must be
    /// read whole: a number, true, false or null, missing, empty, or out of range. From any
    /// thread; it fetches the titles' bytes ahead, so it costs far less than reading each
    /// title.
    func titleLeads(_ records: Range<Int>, into leads: UnsafeMutablePointer<UInt32>) {
        tk_json_title_leads(handle, records.lowerBound, records.count, leads)
    }

    /// Calls `body` with record `index`'s title as UTF-8 bytes (valid UTF-8, possibly empty),
    /// without making a `String`. The bytes are valid only during the call.
    func withTitleUTF8<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        var bytes: UnsafePointer<UInt8>?
        var length = 0
        if index >= 0, index < count, tk_json_title(handle, index, &bytes, &length) == 0 {
            bytes = nil
            length = 0
        }
        return try body(UnsafeBufferPointer(start: bytes, count: length))
    }

    /// Calls `body` with record `index` exactly as written in the file, `{` to `}`, as bytes
    /// (empty out of range), without making a `String`. Valid only during the call.
    func withRawUTF8<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        var bytes: UnsafePointer<UInt8>?
        var length = 0
        if index < 0 || index >= count || tk_json_raw(handle, index, &bytes, &length) == 0 {
            bytes = nil
            length = 0
        }
        return try body(UnsafeBufferPointer(start: bytes, count: length))
    }

    /// Record `index` exactly as written in the file, from `{` to `}`.
    func rawJSON(at index: Int) -> String {
        guard index >= 0, index < count else { return "" }
        var bytes: UnsafePointer<UInt8>?
        var length = 0
        guard tk_json_raw(handle, index, &bytes, &length) != 0 else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    static func string(
        _ accessor: (OpaquePointer?, UnsafeMutablePointer<Int>?) -> UnsafePointer<UInt8>?,
        _ handle: OpaquePointer
    ) -> String? {
        var length = 0
        guard let bytes = accessor(handle, &length) else { return nil }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
    }
}

extension JSONRecordStore.LoadOptions {
    /// Calls `body` with these options as C sees them (valid only during the call).
    func withC<R>(_ body: (UnsafePointer<tk_json_load_options>) -> R) -> R {
        withOptionalCStrings(titleKey, subtitleKey) { title, subtitle in
            withOptionalCStrings(pointer, nil) { pointer, _ in
                let box = isCancelled.map(JSONRecordStore.CancelBox.init)
                return withExtendedLifetime(box) {
                    var options = tk_json_load_options(pointer: pointer, title_key: title, subtitle_key: subtitle,
                                                       strict: strict ? 1 : 0, format: format.c, is_cancelled: nil, cancel_context: nil,
                                                       wait_milliseconds: Int32(clamping: waitForData.map { max(1, Int($0 / .milliseconds(1))) } ?? 0),
                                                       max_stream_bytes: UInt64(clamping: max(0, streamLimit ?? 0)), limits: limits.c)
                    if let box {
                        options.cancel_context = Unmanaged.passUnretained(box).toOpaque()
                        options.is_cancelled = { context in
                            guard let context else { return 0 }
                            return Unmanaged<JSONRecordStore.CancelBox>.fromOpaque(context).takeUnretainedValue().isCancelled() ? 1 : 0
                        }
                    }
                    return body(&options)
                }
            }
        }
    }
}

extension JSONLoadError {
    /// The message of a C error: its NUL-terminated text (printable ASCII, csimdjson.h).
    static func text(ofMessage error: tk_json_error) -> String {
        withUnsafeBytes(of: error.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}

/// Calls `body` with C strings for two optional strings (nil stays nil).
private func withOptionalCStrings<R>(
    _ first: String?, _ second: String?,
    _ body: (UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> R
) -> R {
    func with(_ string: String?, _ inner: (UnsafePointer<CChar>?) -> R) -> R {
        guard let string else { return inner(nil) }
        return string.withCString(inner)
    }
    return with(first) { a in with(second) { b in body(a, b) } }
}
