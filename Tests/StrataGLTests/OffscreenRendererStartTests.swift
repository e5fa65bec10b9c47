import Foundation
import Strata
import StrataHost
import StrataLayerRaster
import Testing

/// A renderer whose context was made on another thread draws as one made
/// where it is used.
@Suite struct OffscreenRendererStartTests {
    private func scene() -> CALayer {
        let root = root(48, 40)
        let card = CALayer()
        card.frame = CGRect(x: 6, y: 5, width: 30, height: 24)
        card.backgroundColor = CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 1)
        card.cornerRadius = 7
        card.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        let ring = CAShapeLayer()
        ring.frame = CGRect(x: 20, y: 14, width: 24, height: 24)
        ring.path = CGPath(ellipseIn: CGRect(x: 2, y: 2, width: 20, height: 20), transform: nil)
        ring.fillColor = nil
        ring.strokeColor = CGColor(red: 0.1, green: 0.4, blue: 0.9, alpha: 0.8)
        ring.lineWidth = 3
        ring.strokeEnd = 0.7
        root.addSublayer(card)
        root.addSublayer(ring)
        return root
    }

    private func bytes(_ renderer: OffscreenRenderer) throws -> [UInt8] {
        Array(try renderer.render(scene(), size: CGSize(width: 48, height: 40)).image.pixels)
    }

    @Test func drawsTheSameAsARendererMadeHere() throws {
        let start = OffscreenRendererStart()
        let direct = try bytes(OffscreenRenderer(layerRasterizer: ShapeLayerRasterizer()))
        let started = try start.renderer(layerRasterizer: ShapeLayerRasterizer())
        #expect(started.layerRasterizer is ShapeLayerRasterizer)
        let drawn = try bytes(started)
        #expect(drawn == direct)
        // The ring and the card are there (not an empty picture twice).
        #expect(drawn.contains { $0 != 0 })
        start.settle()
    }

    @Test func settlesWithoutBeingAsked() throws {
        // A command that fails before drawing waits for the thread and goes;
        // settling hands nothing out: the renderer is still there to take.
        let start = OffscreenRendererStart(width: 8, height: 6)
        start.settle()
        start.settle()
        let host = try start.renderer().host
        #expect(host.width == 8 && host.height == 6)
    }

    @Test func handsTheRendererToAnotherThread() async throws {
        let start = OffscreenRendererStart()
        let drawn = try await Task.detached { try self.bytes(start.renderer(layerRasterizer: ShapeLayerRasterizer())) }
            .value
        #expect(drawn == (try bytes(OffscreenRenderer(layerRasterizer: ShapeLayerRasterizer()))))
    }
}
