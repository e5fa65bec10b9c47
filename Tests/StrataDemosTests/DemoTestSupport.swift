import Foundation
import Strata
import StrataDemos
import StrataHost

/// A demo played headless from a script at a small size (320 × 240 unless told).
final class DemoRun {
    let session: DemoSession
    let player: HeadlessDemoPlayer

    init(
        _ name: String, script: InputScript = InputScript(), size: CGSize = CGSize(width: 320, height: 240),
        scale: Double = 1
    ) throws {
        session = try require(DemoSession(demoNamed: name, size: size, contentScale: scale), "demo \(name)")
        player = try HeadlessDemoPlayer(session: session, input: ScriptedInputSource(script.events))
    }

    func demo<T: Demo>(_ type: T.Type) throws -> T { try require(session.demo as? T, "a \(T.self)") }

    /// Runs frames up to `time` without drawing them, then draws the frame at `time` (to 1/60 s).
    func picture(at time: Double) throws -> CGImage {
        let index = Int((time * HeadlessDemoPlayer.frameRate).rounded())
        precondition(index >= player.frameIndex, "DemoRun: frame \(index) has already run")
        while player.frameIndex < index { try player.skipFrame() }
        return try player.nextFrame().image
    }
}

/// #require as a throwing function, for use outside a test body.
func require<T>(_ value: T?, _ what: String) throws -> T {
    guard let value else { throw DemoTestFailure(what: what) }
    return value
}

struct DemoTestFailure: Error, CustomStringConvertible {
    let what: String
    var description: String { "missing: \(what)" }
}

extension CGImage {
    /// The pixel at (`x`, `y`) in pixels, top-left origin.
    func rgb(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let i = (y * width + x) * 4
        return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
    }

    /// Whether the pixel at (`x`, `y`) is within `tolerance` of `colour` in every channel.
    func isNear(_ x: Int, _ y: Int, _ colour: (Int, Int, Int), tolerance: Int = 24) -> Bool {
        let p = rgb(x, y)
        return abs(p.r - colour.0) <= tolerance && abs(p.g - colour.1) <= tolerance && abs(p.b - colour.2) <= tolerance
    }

    /// The share of pixels (0…1) that differ from `other`'s by more than 8 in some channel.
    func differingFraction(from other: CGImage) -> Double {
        precondition(width == other.width && height == other.height, "compare images of one size")
        var differing = 0
        for i in stride(from: 0, to: pixels.count, by: 4) {
            if (0..<3).contains(where: { abs(Int(pixels[i + $0]) - Int(other.pixels[i + $0])) > 8 }) { differing += 1 }
        }
        return Double(differing) / Double(width * height)
    }
}
