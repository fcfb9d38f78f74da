import Foundation

/// The glide after a fling, as `UIScrollView` decelerates: the speed falls by the same
/// fraction every millisecond (``normalRate``: it keeps 99.8 % of it each millisecond), so the
/// motion slows smoothly and stops a finite distance on. Speeds are in cells per second.
///
/// ```swift
/// let glide = Deceleration(velocityX: 240, velocityY: -60)
/// let moved = glide.offset(after: .milliseconds(100))   // where the photo is 0.1 s on
/// glide.duration                                        // when it comes to rest
/// ```
public struct Deceleration: Hashable, Sendable {
    /// A distance in cells, fractions kept.
    public struct Offset: Hashable, Sendable {
        /// Across, positive to the right.
        public var x: Double
        /// Down, positive downwards.
        public var y: Double

        /// Creates an offset.
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// UIKit's `UIScrollView.DecelerationRate.normal`: the share of its speed a glide keeps
    /// each millisecond.
    public static let normalRate = 0.998
    /// UIKit's `.fast`.
    public static let fastRate = 0.99
    /// Below this speed, in cells per second, the glide has come to rest.
    public static let restingSpeed = 1.0

    /// The speed at the start, in cells per second.
    let velocity: Offset
    /// The share of its speed the glide keeps each millisecond, between 0 and 1.
    let rate: Double

    /// A glide that starts at `velocityX`, `velocityY` cells per second and keeps `rate` of its
    /// speed each millisecond (clamped to 0.5…0.9999).
    public init(velocityX: Double, velocityY: Double, rate: Double = Deceleration.normalRate) {
        velocity = Offset(x: velocityX.isFinite ? velocityX : 0, y: velocityY.isFinite ? velocityY : 0)
        self.rate = min(0.9999, max(0.5, rate.isFinite ? rate : Self.normalRate))
    }

    /// The start speed's size, cells per second.
    private var speed: Double { (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot() }

    /// How long the glide lasts: until its speed falls below ``restingSpeed``.
    public var duration: Duration {
        guard speed > Self.restingSpeed else { return .zero }
        let milliseconds = log(Self.restingSpeed / speed) / log(rate)
        return .microseconds(Int64((milliseconds * 1000).rounded(.up)))
    }

    /// How far the glide has gone after `elapsed` (the whole way once it rests).
    public func offset(after elapsed: Duration) -> Offset {
        let limit = duration
        let time = min(max(.zero, elapsed), limit)
        let milliseconds = Double(time.components.seconds) * 1000 + Double(time.components.attoseconds) / 1e15
        // ∫ v·rateᵗ dt from 0 to t, with v in cells per millisecond.
        let travelled = (pow(rate, milliseconds) - 1) / log(rate) / 1000
        return Offset(x: velocity.x * travelled, y: velocity.y * travelled)
    }

    /// The speed after `elapsed`, cells per second; zero once it rests.
    public func velocity(after elapsed: Duration) -> Offset {
        guard elapsed < duration else { return Offset(x: 0, y: 0) }
        let milliseconds = Double(max(.zero, elapsed).components.seconds) * 1000 + Double(max(.zero, elapsed).components.attoseconds) / 1e15
        let kept = pow(rate, milliseconds)
        return Offset(x: velocity.x * kept, y: velocity.y * kept)
    }
}
