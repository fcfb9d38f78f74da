/// The wheels of a ``PickerView`` spinning to chosen rows, as a slot machine's: each wheel
/// goes round a few whole turns and slows down on its own, easing out, to stop on its target.
///
/// A spin is a pure timeline: it is asked where the wheels are at an instant, so tests step
/// it with a clock of their own. ``PickerView/apply(_:at:)`` shows it.
///
/// ```swift
/// var random = SeededRandomNumberGenerator(seed: 7)
/// let spin = PickerSpin.random(for: picker, start: .now, using: &random)
/// picker.apply(spin, at: .now + .seconds(1))
/// ```
public struct PickerSpin: Sendable {
    /// The row each component stops on.
    public let targets: [Int]
    /// Each component's motion, in rows from its starting row.
    private let slides: [SlideAnimation]
    /// The rows the components started on.
    private let origins: [Int]

    /// A spin of `picker`'s components to `targets` (one per component), starting at `start`.
    /// Component `i` takes `durations[i]` (the last duration, for components past the list);
    /// an endless component goes round `turns` whole times first, one with ends goes straight
    /// there.
    public init(of picker: PickerView, to targets: [Int], start: ContinuousClock.Instant,
                durations: [Duration] = PickerSpin.defaultDurations, turns: Int = 2) {
        var normalisedTargets: [Int] = []
        var slides: [SlideAnimation] = []
        for (component, wheel) in picker.components.enumerated() {
            let count = max(1, wheel.titles.count)
            let origin = picker.selectedRows[component]
            let wanted = component < targets.count ? targets[component] : origin
            let target = wheel.isEndless ? ((wanted % count) + count) % count : max(0, min(wanted, count - 1))
            let distance = wheel.isEndless ? max(0, turns) * count + ((target - origin) % count + count) % count : target - origin
            let duration = durations.isEmpty ? .zero : durations[min(component, durations.count - 1)]
            normalisedTargets.append(target)
            slides.append(SlideAnimation(from: 0, to: Double(distance), start: start, duration: duration))
        }
        self.targets = normalisedTargets
        self.slides = slides
        origins = picker.selectedRows
    }

    /// About two seconds in all: the first wheel stops after 1.6 s, the next 0.4 s later, and
    /// so on.
    @usableFromInline package static let defaultDurations: [Duration] = [.milliseconds(1600), .milliseconds(2000), .milliseconds(2400)]

    /// A spin to rows drawn at random, each equally likely, with `generator`.
    public static func random<Generator: RandomNumberGenerator>(
        for picker: PickerView, start: ContinuousClock.Instant, durations: [Duration] = defaultDurations,
        turns: Int = 2, using generator: inout Generator
    ) -> PickerSpin {
        let targets = picker.components.map { $0.titles.isEmpty ? 0 : Int.random(in: 0 ..< $0.titles.count, using: &generator) }
        return PickerSpin(of: picker, to: targets, start: start, durations: durations, turns: turns)
    }

    /// The row each component shows at `instant` (not yet brought round an endless wheel).
    public func rows(at instant: ContinuousClock.Instant) -> [Int] {
        zip(origins, slides).map { origin, slide in origin + Int(slide.value(at: instant).rounded(.down)) }
    }

    /// Whether `component` is still turning at `instant`.
    public func isSpinning(_ component: Int, at instant: ContinuousClock.Instant) -> Bool {
        slides.indices.contains(component) && !slides[component].isFinished(at: instant)
    }

    /// Whether every component has stopped at `instant`.
    public func isFinished(at instant: ContinuousClock.Instant) -> Bool {
        slides.allSatisfy { $0.isFinished(at: instant) }
    }
}

extension PickerView {
    /// Shows `spin` as it is at `instant`: each component on its row then, reporting nothing
    /// (the spin is code's doing), and the components still turning in ``spinningComponents``,
    /// whose text is drawn dimmed. Returns whether the spin has finished.
    @discardableResult
    public mutating func apply(_ spin: PickerSpin, at instant: ContinuousClock.Instant) -> Bool {
        for (component, row) in spin.rows(at: instant).enumerated() where components.indices.contains(component) {
            selectRow(row, inComponent: component)
        }
        spinningComponents = Set(components.indices.filter { spin.isSpinning($0, at: instant) })
        return spin.isFinished(at: instant)
    }
}
