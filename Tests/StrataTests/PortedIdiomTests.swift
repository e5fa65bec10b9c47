import Foundation
import Testing
@testable import Strata

/// Idioms from iOS code, written as iOS code writes them, that must compile
/// and behave as Core Animation documents once the import is changed.
@Suite struct PortedIdiomTests {
    // MARK: HUGE, CGVector

    @Test(arguments: [HUGE, .infinity, .greatestFiniteMagnitude] as [Float])
    func repeatCountForeverSpellings(_ forever: Float) {
        let stage = Stage()
        let layer = stage.show(CALayer())
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = CGFloat.pi / 2
        spin.duration = 1
        spin.repeatCount = forever
        let log = DelegateLog()
        spin.delegate = log
        layer.add(spin, forKey: "spin")
        stage.tick(0)
        // A million cycles on, it is still spinning, half-way through a cycle.
        let angle = stage.sample(layer, at: 1_000_000.5).value(forKeyPath: "transform.rotation.z") as? NSNumber
        #expect(near(angle?.doubleValue ?? 0, .pi / 4, 1e-6))
        #expect(layer.animation(forKey: "spin") != nil)
        #expect(log.events == ["start a"])
    }

    @Test func hugeIsDarwinsMaxFloat() {
        // Darwin's HUGE is MAXFLOAT, a float: it fits CAMediaTiming's Float repeatCount.
        let huge: Float = HUGE
        #expect(huge == .greatestFiniteMagnitude)
        #expect(MAXFLOAT == huge)
        let layer = CALayer()
        layer.repeatCount = HUGE
        #expect(layer.repeatCount == .greatestFiniteMagnitude)
    }

    @Test func cgVectorAsCoreGraphicsHasIt() throws {
        var velocity = CGVector(dx: 3, dy: 4)
        velocity.dy = -4
        #expect(velocity.dx == 3 && velocity.dy == -4)
        #expect(CGVector.zero == CGVector())
        #expect(CGVector(dx: 1.5, dy: 2.0) == CGVector(dx: CGFloat(1.5), dy: CGFloat(2)))
        #expect(CGVector(dx: 1, dy: 2) != CGVector(dx: 2, dy: 1))
        #expect(Set([velocity, velocity, .zero]).count == 2)
        #expect(String(reflecting: CGVector(dx: 1.5, dy: -2)) == "(1.5, -2.0)")
        // Core Graphics' overlay archives it as an unkeyed [dx, dy].
        let json = try JSONEncoder().encode(velocity)
        #expect(String(decoding: json, as: UTF8.self) == "[3,-4]")
        #expect(try JSONDecoder().decode(CGVector.self, from: Data("[0.5,7]".utf8)) == CGVector(dx: 0.5, dy: 7))
    }
}
