import Foundation
import Strata
import StrataGL
import StrataHost
import Testing

/// A bar gauge as iOS code writes one (`@NSManaged` → `@Managed`): drawn at
/// its `progress`, redrawn as an animation of `progress` runs.
private final class BarLayer: CALayer {
    @Managed var progress: CGFloat

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
    }
}

@Suite struct CustomPropertyRenderTests {
    @Test func anAnimatedCustomPropertyIsDrawnAtItsValueEachFrame() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 120, height: 20)
        let bar = BarLayer()
        bar.frame = CGRect(x: 10, y: 5, width: 100, height: 10)
        root.addSublayer(bar)
        let ticker = FrameTicker(rootLayer: root, clock: CAMediaClock(time: 0))
        ticker.tick(at: 0)
        let fill = CABasicAnimation(keyPath: "progress")
        fill.fromValue = 0.2
        fill.toValue = 1.0
        fill.duration = 1
        bar.add(fill, forKey: "fill")
        ticker.tick(at: 0)
        let renderer = try OffscreenRenderer()
        let size = CGSize(width: 120, height: 20)
        func blueEnds(at time: CFTimeInterval) throws -> Int {
            let frame = try renderer.render(ticker.tick(at: time), size: size, background: .white)
            // The last blue column of the bar's middle row, in root pixels.
            let row = (0..<120).map { pixel(frame.image, $0, 10) }
            return (row.lastIndex { close($0, [0, 0, 255, 255]) } ?? -1) + 1
        }
        // 0.2 + 0.8 t of the bar's 100 points, from x = 10.
        #expect(try blueEnds(at: 0.25) == 50)
        #expect(try blueEnds(at: 0.5) == 70)
        #expect(try blueEnds(at: 0.75) == 90)
        // Over and removed: the model (progress 0) draws nothing.
        #expect(try blueEnds(at: 2) == 0)
    }
}
