import Foundation
import Testing

@testable import Strata

/// `layer.render(in:)`, as iOS code takes a snapshot of a layer tree.
@Suite struct RenderInContextIdiomTests {
    /// A y-down (UIKit-style) RGBA context of `width` × `height`.
    private func flippedContext(_ width: Int, _ height: Int) throws -> CGContext {
        let ctx = try #require(
            CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        ctx.translateBy(x: 0, y: CGFloat(height))
        ctx.scaleBy(x: 1, y: -1)
        return ctx
    }

    /// The RGBA of pixel (x, y), rows from the top.
    private func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * image.width + x) * 4
        return Array(image.pixels[i..<i + 4])
    }

    @Test func aLayerTreeRendersIntoABitmapContext() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let red = CALayer()
        red.frame = CGRect(x: 10, y: 10, width: 30, height: 20)
        red.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        red.borderWidth = 2
        red.borderColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        root.addSublayer(red)
        let circle = CAShapeLayer()
        circle.frame = CGRect(x: 50, y: 50, width: 40, height: 40)
        circle.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
        circle.fillColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(circle)
        let hidden = CALayer()
        hidden.frame = root.bounds
        hidden.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        hidden.isHidden = true
        root.addSublayer(hidden)
        let faded = CALayer()
        faded.frame = CGRect(x: 60, y: 10, width: 30, height: 30)
        faded.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        faded.opacity = 0.5
        root.addSublayer(faded)
        let below = CALayer()
        below.frame = CGRect(x: 10, y: 60, width: 30, height: 30)
        below.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        below.zPosition = -1  // drawn first, under the layer added before it
        let above = CALayer()
        above.frame = CGRect(x: 20, y: 70, width: 30, height: 30)
        above.backgroundColor = CGColor(red: 1, green: 0, blue: 1, alpha: 1)
        root.addSublayer(above)
        root.addSublayer(below)

        let ctx = try flippedContext(100, 100)
        root.render(in: ctx)
        let image = try #require(ctx.makeImage())
        #expect(pixel(image, 5, 5) == [255, 255, 255, 255])  // the root's background
        #expect(pixel(image, 25, 20) == [255, 0, 0, 255])  // the red layer, y down
        #expect(pixel(image, 10, 20) == [0, 0, 0, 255])  // its border, inside its bounds
        #expect(pixel(image, 70, 70) == [0, 0, 255, 255])  // the circle's middle
        #expect(pixel(image, 52, 52) == [255, 255, 255, 255])  // outside the circle
        let grey = pixel(image, 75, 25)  // half black over white
        #expect(abs(Int(grey[0]) - 128) <= 2 && grey[3] == 255)
        #expect(pixel(image, 15, 65) == [0, 255, 0, 255])  // below shows where above does not cover
        #expect(pixel(image, 30, 80) == [255, 0, 255, 255])  // above covers below
    }

    @Test func radialGradientsAreDrawnAsTheRendererDrawsThem() throws {
        // End point level with the start (as Lottie sets radials up): a circle, not nothing;
        // and a focal point moves the first colour off the centre.
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        gradient.type = .radial
        gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        var ctx = try flippedContext(100, 100)
        gradient.render(in: ctx)
        var image = try #require(ctx.makeImage())
        #expect(pixel(image, 50, 50)[0] > 240 && pixel(image, 50, 50)[2] < 15)  // red at the centre
        #expect(pixel(image, 50, 2)[2] > 200)  // blue near the circle's top: drawn, and round
        gradient.radialFocus = CGPoint(x: -0.5, y: 0)
        ctx = try flippedContext(100, 100)
        gradient.render(in: ctx)
        image = try #require(ctx.makeImage())
        #expect(pixel(image, 25, 50)[0] > 240)  // red at the focus, half a radius left
        #expect(pixel(image, 50, 50)[2] > 60)  // the centre is part way to blue
    }

    @Test func contentsImagesAreDrawnUpright() throws {
        // A 2 × 2 image: the top row red, the bottom row blue.
        let image = CGImage(
            width: 2, height: 2,
            pixels: [
                255, 0, 0, 255, 255, 0, 0, 255,
                0, 0, 255, 255, 0, 0, 255, 255,
            ])
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.contents = image
        layer.magnificationFilter = .nearest
        let ctx = try flippedContext(20, 20)
        layer.render(in: ctx)
        let out = try #require(ctx.makeImage())
        #expect(pixel(out, 10, 2)[0] > 200 && pixel(out, 10, 2)[2] < 50)  // red at the top
        #expect(pixel(out, 10, 17)[2] > 200 && pixel(out, 10, 17)[0] < 50)  // blue at the bottom
    }
}
