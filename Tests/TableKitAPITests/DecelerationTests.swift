import Foundation
import TableKit
import Testing

/// A fling's glide, as UIScrollView's: the speed falls by the same share each millisecond.
@Suite("Deceleration: a fling glides, slows and rests")
struct DecelerationTests {
    @Test func theSpeedFallsByTheRateEachMillisecondAndTheGlideRests() {
        let glide = Deceleration(velocityX: 1000, velocityY: 0)
        // 0.998 kept each millisecond: after 100 ms, 0.998^100 ≈ 81.9 % of it.
        #expect(abs(glide.velocity(after: .milliseconds(100)).x - 1000 * pow(0.998, 100)) < 1e-6)
        // At rest when the speed is a cell a second: ln(1/1000) / ln(0.998) ≈ 3450.3 ms.
        let seconds = Double(glide.duration.components.seconds) + Double(glide.duration.components.attoseconds) / 1e18
        #expect(abs(seconds - log(1.0 / 1000) / log(0.998) / 1000) < 1e-5, "\(glide.duration)")
        #expect(glide.velocity(after: glide.duration).x == 0)
    }

    /// The distance is the integral of the speed: v₀ (rateᵗ − 1) / ln rate, and the whole
    /// glide stops just short of −v₀ / ln rate (about 499.5 cells for 1,000 cells a second).
    @Test func theOffsetGrowsEverSlowerToTheWholeDistance() {
        let glide = Deceleration(velocityX: 1000, velocityY: -500)
        var last = 0.0
        var lastStep = Double.infinity
        for step in stride(from: 50, through: 4000, by: 50) {
            let x = glide.offset(after: .milliseconds(step)).x
            #expect(x >= last && x - last <= lastStep + 1e-9, "moving on, ever slower, at \(step) ms")
            lastStep = x - last
            last = x
        }
        let whole = glide.offset(after: .seconds(60))
        // It rests when its speed (√(1000² + 500²) at the start) is down to a cell a second.
        let speed = (1000.0 * 1000 + 500 * 500).squareRoot()
        #expect(abs(whole.x - (1 - 1 / speed) * -1 / log(0.998)) < 1e-6, "\(whole.x)")
        #expect(abs(whole.y / whole.x + 0.5) < 1e-9, "the direction is kept")
        #expect(glide.offset(after: .milliseconds(-5)) == Deceleration.Offset(x: 0, y: 0))
    }

    @Test func fastStopsSoonerAndShorterAndNoSpeedNoGlide() {
        let normal = Deceleration(velocityX: 300, velocityY: 0)
        let fast = Deceleration(velocityX: 300, velocityY: 0, rate: Deceleration.fastRate)
        #expect(fast.duration < normal.duration)
        #expect(fast.offset(after: .seconds(10)).x < normal.offset(after: .seconds(10)).x)
        let still = Deceleration(velocityX: 0.5, velocityY: 0)
        #expect(still.duration == .zero && still.offset(after: .seconds(1)) == Deceleration.Offset(x: 0, y: 0))
        let nonsense = Deceleration(velocityX: .nan, velocityY: .infinity, rate: .nan)
        #expect(nonsense.duration == .zero)
    }

    @Test func aGlideGivenNoRateKeepsTheNormalOneAndMovesUntilItsSpeedIsTheRestingSpeed() {
        #expect(Deceleration(velocityX: 300, velocityY: 0) == Deceleration(velocityX: 300, velocityY: 0, rate: Deceleration.normalRate))
        #expect(Deceleration(velocityX: 300, velocityY: 0) != Deceleration(velocityX: 300, velocityY: 0, rate: Deceleration.fastRate))
        #expect(Deceleration(velocityX: Deceleration.restingSpeed, velocityY: 0).duration == .zero, "already at rest")
        let glide = Deceleration(velocityX: 100, velocityY: 0)
        let lastSpeed = glide.velocity(after: glide.duration - .microseconds(1)).x
        #expect(abs(lastSpeed - Deceleration.restingSpeed) < 0.01, "it stops at the resting speed: \(lastSpeed)")
    }
}
