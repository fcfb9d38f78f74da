import TableKit

/// The facts as the photo board's info screen words them, after iOS Photos: `1/250 s`,
/// `ƒ/2.8`, `ISO 100`, `35 mm`. Each is `nil` when the fact is missing or meaningless
/// (a zero aperture, a zero-length exposure). Numbers are written with `.` whatever the
/// locale, like the rest of the app.
extension PhotoFacts {
    /// The camera: the model alone when it already names the maker (`Lumen L1`), else both
    /// (`Aperio` and `X-7` give `Aperio X-7`); whichever of the two there is.
    var cameraText: String? {
        switch (make, model) {
        case let (make?, model?): return model.lowercased().hasPrefix(make.lowercased()) ? model : "\(make) \(model)"
        case let (make?, nil): return make
        case let (nil, model?): return model
        case (nil, nil): return nil
        }
    }

    /// The shutter speed; see ``ExifRational/shutterSpeedText``.
    var shutterSpeedText: String? { exposureTime?.shutterSpeedText }

    /// The aperture, `ƒ/2.8` (`f/2.8` with ASCII glyphs): up to two decimals, as iPhones'
    /// `ƒ/1.78` needs, trailing zeros dropped (`ƒ/8`).
    func apertureText(_ glyphs: Glyphs = .unicode) -> String? {
        guard let fNumber, fNumber.isFinite, fNumber > 0 else { return nil }
        return (glyphs == .ascii ? "f/" : "ƒ/") + Self.decimal(fNumber, fractionDigits: 2)
    }

    /// `ISO 100`.
    var isoText: String? {
        guard let iso, iso > 0 else { return nil }
        return "ISO \(iso)"
    }

    /// `35 mm`, or `4.2 mm`: one decimal at most.
    var focalLengthText: String? {
        guard let focalLength, focalLength.isFinite, focalLength > 0 else { return nil }
        return Self.decimal(focalLength, fractionDigits: 1) + " mm"
    }

    /// When it was taken; see ``ExifDateTime/text``.
    var dateTakenText: String? { dateTaken?.text }

    /// `value` rounded to `fractionDigits` decimals, half away from zero, with trailing zeros
    /// (and a bare point) dropped: `2.8`, `8`, `0.5`. Written by hand so that no locale can
    /// turn the point into a comma.
    static func decimal(_ value: Double, fractionDigits: Int) -> String {
        var scale = 1.0
        for _ in 0 ..< max(0, fractionDigits) { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled.isFinite, scaled < 1e15 else { return "\(value)" }
        var units = Int(scaled), digits = max(0, fractionDigits)
        while digits > 0, units % 10 == 0 {
            units /= 10
            digits -= 1
        }
        var text = String(units)
        if digits > 0 {
            text = String(repeating: "0", count: max(0, digits + 1 - text.count)) + text
            text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
        }
        return (value < 0 && units != 0 ? "-" : "") + text
    }
}

extension ExifRational {
    /// The exposure time as cameras and iOS show it. Shorter than 0.4 s, a fraction of a
    /// second: `1/250 s` (a written `1/n` is kept as it is, so `1/3` stays `1/3`; any other
    /// ratio is rounded to the nearest `1/n`, so `10/2500` is `1/250 s`). From 0.4 s on, the
    /// seconds with one decimal at most: `0.4 s`, `0.5 s`, `2 s`, `2.5 s`, `20 s` — the
    /// cut-off where cameras' own dials turn from `1/3` to `0"4`. `nil` for a zero or
    /// undefined exposure.
    var shutterSpeedText: String? {
        guard let seconds = value, seconds > 0 else { return nil }
        if seconds >= 0.4 { return PhotoFacts.decimal(seconds, fractionDigits: 1) + " s" }
        if numerator == 1 { return "1/\(denominator) s" }
        return "1/\(Int((1 / seconds).rounded())) s"
    }
}

extension ExifDateTime {
    /// The month names, January first.
    private static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                                     "September", "October", "November", "December"]
    /// The weekday names, Sunday first.
    private static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// `Friday 21 June 2019, 20:41:07`: the weekday, as iOS Photos heads a photo's info with
    /// it, then the day in the app's fixed day-month-year order and the 24-hour wall-clock
    /// time, with no time zone (the file gives none).
    var text: String {
        func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(Self.weekdayNames[weekday]) \(day) \(Self.monthNames[month - 1]) \(year), "
            + "\(twoDigits(hour)):\(twoDigits(minute)):\(twoDigits(second))"
    }

    /// The day of the week in the proleptic Gregorian calendar, 0 for Sunday (Sakamoto's
    /// method).
    var weekday: Int {
        let offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
        let y = month < 3 ? year - 1 : year
        return (y + y / 4 - y / 100 + y / 400 + offsets[month - 1] + day) % 7
    }
}
