extension JSONRecordStore {
    /// Calls `body` with record `index`'s subtitle as UTF-8 bytes, or returns nil (without
    /// calling it) when there is no subtitle key or the record lacks it. The bytes are valid
    /// only during the call.
    ///
    /// This goes through ``subtitle(at:)`` (one string per call): the store's handle is private
    /// to JSONRecordStore.swift, so a zero-copy version (over `tk_json_subtitle`, like
    /// ``withTitleUTF8(at:_:)``) has to live there.
    func withSubtitleUTF8<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        guard var subtitle = subtitle(at: index) else { return nil }
        return try subtitle.withUTF8(body)
    }
}
