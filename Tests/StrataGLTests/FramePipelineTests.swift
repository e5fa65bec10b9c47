import Foundation
import Strata
import StrataGL
import StrataHost
import StrataRender
import Testing

/// Asynchronous readback (pixel buffer objects) gives the frames a plain
/// readback gives, in order, an unchanged frame included.
@Suite struct FramePipelineTests {
    func tree(x: CGFloat) -> CALayer {
        let r = root(64, 48)
        let box = layer(
            CGRect(x: 0, y: 0, width: 20, height: 14), CGPoint(x: x, y: 24),
            CGColor(red: 1, green: 0.5, blue: 0.1, alpha: 0.8))
        box.cornerRadius = 4
        r.addSublayer(box)
        return r
    }

    @Test func pipelinedFramesEqualPlainReadbacks() throws {
        let size = CGSize(width: 64, height: 48)
        let background = CGColor(gray: 0.2, alpha: 1)
        let positions: [CGFloat] = [10, 20, 20, 30, 41.5]
        let pipeline = try OffscreenFramePipeline(renderer: OffscreenRenderer(), depth: 2)
        var frames: [[UInt8]] = []
        for (k, x) in positions.enumerated() {
            let list = Flattener(size: size, background: background).renderList(for: tree(x: x))
            frames += try pipeline.submit(list)
            // Never more than the depth in flight: the first frame comes out with the third.
            #expect(frames.count == max(0, k - 1))
        }
        frames += try pipeline.drain()
        #expect(frames.count == positions.count)
        let plain = try OffscreenRenderer()
        for (k, x) in positions.enumerated() {
            let expected = try plain.render(tree(x: x), size: size, background: background).image.pixels
            #expect(RGBA8Pixels.unpremultiplied(frames[k]) == expected, "frame \(k) at x = \(x)")
        }
        #expect(frames[1] == frames[2], "the unchanged frame repeats the one before")
        #expect(frames[0] != frames[1])
    }
}
