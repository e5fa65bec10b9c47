import Foundation
import Testing
import Strata
import StrataRender
import StrataGL
import StrataHost

/// Pixel `(x, y)` of an image as RGBA.
func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
    let i = (y * image.width + x) * 4
    return image.pixels[i..<i + 4].map(Int.init)
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
        r.addSublayer(layer(CGRect(x: 0, y: 0, width: 20, height: 10), CGPoint(x: 20, y: 15),
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
        big.contents = CGImage(width: limit + 1, height: 1, pixels: [UInt8](repeating: 200, count: (limit + 1) * 4),
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
