import Foundation
import Strata
import StrataGL
import StrataHost
import StrataRender
import Testing

/// Pixel `(x, y)` of an image as RGBA.
func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
    let i = (y * image.width + x) * 4
    return image.pixels[i..<i + 4].map(Int.init)
}

/// How two pictures of one size differ: the largest difference of any
/// channel, how many pixels differ by more than `tolerance` in some channel,
/// and how many pixels of `a` are painted (not near white).
func comparison(_ a: CGImage, _ b: CGImage, tolerance: Int = 2) -> (worst: Int, apart: Int, painted: Int) {
    var worst = 0, apart = 0, painted = 0
    for y in 0..<a.height {
        for x in 0..<a.width {
            let p = pixel(a, x, y), q = pixel(b, x, y)
            let d = (0..<4).map { abs(p[$0] - q[$0]) }.max()!
            worst = max(worst, d)
            if d > tolerance { apart += 1 }
            if p[0] < 250 || p[1] < 250 || p[2] < 250 { painted += 1 }
        }
    }
    return (worst, apart, painted)
}

/// `scene` drawn on white by a renderer with one of its folds (`fold`, a switch
/// kept for checking that folding draws the same) on or off.
func picture(
    _ scene: CALayer, size: CGSize, folding: Bool, by fold: ReferenceWritableKeyPath<OffscreenRenderer, Bool>
) throws -> (CGImage, RenderStats) {
    let renderer = try OffscreenRenderer()
    renderer[keyPath: fold] = folding
    let out = try renderer.render(scene, size: size, background: .white)
    return (out.image, out.stats)
}

func close(_ a: [Int], _ b: [Int], _ tolerance: Int = 2) -> Bool {
    zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}

func layer(_ bounds: CGRect, _ position: CGPoint, _ color: CGColor?) -> CALayer {
    let l = CALayer()
    l.bounds = bounds
    l.position = position
    l.backgroundColor = color
    return l
}

func root(_ w: CGFloat, _ h: CGFloat) -> CALayer {
    layer(CGRect(x: 0, y: 0, width: w, height: h), CGPoint(x: w / 2, y: h / 2), nil)
}

@Suite struct RendererPixelTests {
    @Test func solidLayerCoversExactlyItsFrame() throws {
        let r = root(64, 32)
        r.addSublayer(
            layer(
                CGRect(x: 0, y: 0, width: 20, height: 10), CGPoint(x: 20, y: 15),
                CGColor(red: 1, green: 0, blue: 0, alpha: 1)))
        let out = try OffscreenRenderer().render(r, size: CGSize(width: 64, height: 32), background: .white)
        // Frame is x 10…30, y 10…20.
        #expect(close(pixel(out.image, 10, 10), [255, 0, 0, 255]))
        #expect(close(pixel(out.image, 29, 19), [255, 0, 0, 255]))
        #expect(close(pixel(out.image, 9, 10), [255, 255, 255, 255]))
        #expect(close(pixel(out.image, 30, 15), [255, 255, 255, 255]))
        #expect(close(pixel(out.image, 20, 20), [255, 255, 255, 255]))
        #expect(out.stats.drawCalls == 1)
    }
}

@Suite struct RendererErrorTests {
    @Test func contentsLargerThanTheTextureLimitFailWithTheLayerName() throws {
        let renderer = try OffscreenRenderer()
        let limit = renderer.host.context.info.maxTextureSize
        let r = root(64, 32)
        let big = layer(CGRect(x: 0, y: 0, width: 60, height: 30), CGPoint(x: 32, y: 16), nil)
        big.name = "big"
        big.contents = CGImage(
            width: limit + 1, height: 1, pixels: [UInt8](repeating: 200, count: (limit + 1) * 4),
            label: "wide.png")
        r.addSublayer(big)
        do {
            _ = try renderer.render(r, size: CGSize(width: 64, height: 32))
            Issue.record("rendering a \(limit + 1)-pixel-wide texture did not fail")
        } catch {
            let message = error.description
            #expect(message.contains("\"big\"") && message.contains("wide.png"), "message: \(message)")
            #expect(!message.contains("\n"))
        }
        // The renderer still works afterwards.
        big.contents = nil
        big.backgroundColor = .white
        let out = try renderer.render(r, size: CGSize(width: 64, height: 32))
        #expect(close(pixel(out.image, 32, 16), [255, 255, 255, 255]))
    }
}

@Suite struct DrawCallTests {
    /// `count` rounded, bordered, background-coloured layers in a grid.
    func grid(_ count: Int, side: CGFloat) -> CALayer {
        let r = root(side, side)
        let columns = Int(Double(count).squareRoot().rounded(.up))
        let cell = side / CGFloat(columns)
        for i in 0..<count {
            let l = layer(
                CGRect(x: 0, y: 0, width: cell * 0.8, height: cell * 0.8),
                CGPoint(x: cell * (CGFloat(i % columns) + 0.5), y: cell * (CGFloat(i / columns) + 0.5)),
                CGColor(red: CGFloat(i % 5) / 5, green: 0.5, blue: 0.7, alpha: 1))
            l.cornerRadius = cell * 0.2
            l.borderWidth = 1
            l.borderColor = .white
            r.addSublayer(l)
        }
        return r
    }

    @Test func thousandsOfLayersTakeAHandfulOfDrawCalls() throws {
        let renderer = try OffscreenRenderer()
        let small = try renderer.render(grid(1_000, side: 320), size: CGSize(width: 320, height: 320))
        #expect(small.stats.drawCalls <= 4)
        #expect(small.stats.items == 1_000)
        let large = try renderer.render(grid(10_000, side: 500), size: CGSize(width: 500, height: 500))
        #expect(large.stats.drawCalls <= 12)
        #expect(large.stats.items == 10_000)
        // A cell's centre has its colour, the gap between cells the clear background.
        #expect(pixel(small.image, 5, 5)[3] == 255 && pixel(small.image, 0, 0)[3] == 0)
    }
}

@Suite struct UnchangedFrameTests {
    @Test func anUnchangedFrameIsNotRedrawnAndAChangedOneIs() throws {
        let renderer = try OffscreenRenderer()
        let r = root(64, 32)
        let l = layer(
            CGRect(x: 0, y: 0, width: 20, height: 10), CGPoint(x: 20, y: 15),
            CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        r.addSublayer(l)
        let size = CGSize(width: 64, height: 32)
        let first = try renderer.render(r, size: size, background: .white)
        #expect(!first.stats.unchangedFrame && first.stats.drawCalls == 1)
        let second = try renderer.render(r, size: size, background: .white)
        #expect(second.stats.unchangedFrame && second.stats.drawCalls == 0)
        #expect(second.image.pixels == first.image.pixels)
        l.position = CGPoint(x: 40, y: 15)
        let third = try renderer.render(r, size: size, background: .white)
        #expect(!third.stats.unchangedFrame && third.stats.drawCalls == 1)
        #expect(
            close(pixel(third.image, 40, 15), [255, 0, 0, 255])
                && close(pixel(third.image, 15, 15), [255, 255, 255, 255]))
    }
}

@Suite struct ContentsCrossfadeTests {
    func solid(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> CGImage {
        CGImage(width: 4, height: 4, pixels: (0..<16).flatMap { _ in [r, g, b, 255] }, label: "solid")
    }

    @Test func anImplicitContentsChangeCrossFades() throws {
        let red = solid(255, 0, 0), blue = solid(0, 0, 255)
        let r = root(40, 40)
        let l = layer(CGRect(x: 0, y: 0, width: 20, height: 20), CGPoint(x: 20, y: 20), nil)
        l.contents = red
        r.addSublayer(l)
        let ticker = FrameTicker(rootLayer: r)
        ticker.tick(at: 0)
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        l.contents = blue
        CATransaction.commit()
        let tree = ticker.tick(at: 0.5)
        let shown = tree.sublayers![0]
        #expect(shown.contents as? CGImage === blue)
        #expect(shown.value(forKey: "contents") as? CGImage === blue)
        let fade = LayerState.contentsCrossfade(shown._state.contents)
        #expect(abs((fade?.progress ?? 0) - 0.5) < 1e-9)
        #expect(fade?.from as? CGImage === red)
        let renderer = try OffscreenRenderer()
        let mid = try renderer.render(tree, size: CGSize(width: 40, height: 40), background: .black)
        // Old red at ½ under new blue at ½: (128, 0, 128) within rounding.
        #expect(close(pixel(mid.image, 20, 20), [128, 0, 128, 255], 4), "\(pixel(mid.image, 20, 20))")
        let end = try renderer.render(ticker.tick(at: 1.1), size: CGSize(width: 40, height: 40), background: .black)
        #expect(close(pixel(end.image, 20, 20), [0, 0, 255, 255], 2))
        // Without actions the change is immediate.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        l.contents = red
        CATransaction.commit()
        #expect(LayerState.contentsCrossfade(ticker.tick(at: 1.2).sublayers![0]._state.contents) == nil)
    }
}
