import CSimdjson

extension JSONRecordStore {
    /// The sizes a load works in (`tk_json_limits`): from what size the records are walked on
    /// two threads, how much of the text simdjson indexes at a time, from what size a file is
    /// mapped rather than read. None changes what is loaded, only how; tests make them small
    /// so that small texts take the paths of big ones. A store keeps the limits it was loaded
    /// with (``limits``), and a save reading its file back uses them.
    struct Limits: Sendable, Equatable {
        /// Inputs of at least this many bytes are walked as two halves on two threads.
        var splitMinimum = 16 << 20
        /// JSON Lines are indexed in windows of this many bytes.
        var linesWindow = 1 << 20
        /// Arrays are indexed in windows of at least this many bytes.
        var arrayWindow = 1 << 20
        /// Regular files of at least this many bytes are mapped rather than read (`.max`: none).
        var mappingMinimum = 16 << 20

        init(splitMinimum: Int = 16 << 20, linesWindow: Int = 1 << 20, arrayWindow: Int = 1 << 20, mappingMinimum: Int = 16 << 20) {
            self.splitMinimum = splitMinimum
            self.linesWindow = linesWindow
            self.arrayWindow = arrayWindow
            self.mappingMinimum = mappingMinimum
        }

        init(_ limits: tk_json_limits) {
            // size_t is Int here: SIZE_MAX would read as -1, so a negative size is the most there is.
            func size(_ value: Int) -> Int { value < 0 ? .max : value }
            self.init(splitMinimum: size(limits.split_minimum), linesWindow: size(limits.lines_window),
                      arrayWindow: size(limits.array_window), mappingMinimum: size(limits.mapping_minimum))
        }

        /// As C takes them (a size below 1 is 1: C reads 0 as its default).
        var c: tk_json_limits {
            tk_json_limits(split_minimum: max(1, splitMinimum), lines_window: max(1, linesWindow),
                           array_window: max(1, arrayWindow), mapping_minimum: max(1, mappingMinimum))
        }
    }

    /// The limits these records were loaded with (a save's records keep their store's).
    var limits: Limits {
        var limits = tk_json_limits()
        tk_json_store_limits(handle, &limits)
        return Limits(limits)
    }
}
