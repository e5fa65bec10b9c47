import Foundation
import Strata
import StrataHost
import StrataLayerRaster
import StrataRender
import Testing
import _StrataTestSupport

/// A path's bitmap on whole pixels under a mask whose texels lie one per pixel
/// too takes the masked texel program (`Shading.maskedTexelQuad`) and gives
/// the pixels of the pass it replaces: under a star's bitmap, under the same
/// star inverted, and under a translucent veil's pass. A bitmap on part
/// pixels, or a mask turned on the device, keeps the layer program.
@Suite struct MaskedTexelQuadPixelTests {
    static let size = CGSize(width: 240, height: 80)

    /// A blunt star: a path no closed form draws, so a bitmap.
    static func blob(_ frame: CGRect, _ hex: UInt32) -> CAShapeLayer {
        let b = CAShapeLayer()
        b.frame = frame
        b.path = starPath(side: frame.width, inner: 0.42)
        b.fillColor = color(hex)
        return b
    }

    static func star(_ frame: CGRect, turned: Bool = false) -> CAShapeLayer {
        let s = CAShapeLayer()
        s.frame = frame
        s.path = starPath(side: frame.width, inner: 0.3)
        if turned { s.transform = CATransform3DMakeRotation(0.4, 0, 0, 1) }
        return s
    }

    /// Blobs 40 points wide: under a star, under an inverted star, under a veil,
    /// on part pixels under a star, and under a turned star.
    static func scene() -> CALayer {
        let starred = blob(CGRect(x: 5, y: 10, width: 40, height: 40), 0xe63946)
        starred.mask = star(CGRect(x: 2, y: 3, width: 36, height: 36))
        let inverted = blob(CGRect(x: 50, y: 10, width: 40, height: 40), 0x2a9d8f)
        inverted.mask = invertedMatte(over: inverted.bounds, cutting: star(CGRect(x: 4, y: 4, width: 32, height: 32)))
        let veiled = blob(CGRect(x: 95, y: 10, width: 40, height: 40), 0x264653)
        let veil = CALayer()
        veil.frame = CGRect(x: 8, y: 0, width: 20, height: 40)
        veil.backgroundColor = CGColor(gray: 0, alpha: 0.6)
        veiled.mask = veil
        let offGrid = blob(CGRect(x: 140.5, y: 10.25, width: 40, height: 40), 0xf4a261)
        offGrid.mask = star(CGRect(x: 2, y: 3, width: 36, height: 36))
        let turned = blob(CGRect(x: 190, y: 10, width: 40, height: 40), 0x8ecae6)
        turned.mask = star(CGRect(x: 2, y: 3, width: 36, height: 36), turned: true)
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        root.sublayers = [starred, inverted, veiled, offGrid, turned]
        return root
    }

    @Test func alignedMasksTakeTheMaskedTexelProgram() throws {
        let flattener = Flattener(
            size: Self.size, background: CGColor(gray: 1, alpha: 1),
            rasterizer: try StandardLayerRasterizer.shapesAndText())
        let list = flattener.renderList(for: Self.scene())
        let masked = list.screen.items.filter { $0.mask != nil }
        // A column of pixels tells the blobs apart.
        func shading(inside minX: Double, _ maxX: Double) -> [Shading] {
            masked.filter {
                let box = $0.mapping.deviceBox(of: $0.quad, orElse: .null)
                return box.minX >= minX && box.maxX <= maxX
            }.map(\.shading)
        }
        for (name, range) in [("star", 0.0...48.0), ("inverted star", 48.0...93.0), ("veil", 93.0...138.0)] {
            let found = shading(inside: range.lowerBound, range.upperBound)
            #expect(!found.isEmpty && found.allSatisfy { $0 == .maskedTexelQuad }, "\(name): \(found)\n\(list.dump())")
        }
        let offGrid = shading(inside: 138, 186), turned = shading(inside: 186, 240)
        #expect(!offGrid.isEmpty && offGrid.allSatisfy { $0 == .layer }, "\(offGrid)")
        #expect(!turned.isEmpty && turned.allSatisfy { $0 == .layer }, "\(turned)")
    }

    @Test func theMaskedTexelProgramDrawsWhatThePassDrew() throws {
        let (folded, foldedStats) = try StrataGLTests.picture(
            Self.scene(), size: Self.size, folding: true, by: \.foldsMaskedContent)
        let (passes, passStats) = try StrataGLTests.picture(
            Self.scene(), size: Self.size, folding: false, by: \.foldsMaskedContent)
        #expect(foldedStats.passes < passStats.passes, "\(foldedStats) \(passStats)")
        let (worst, apart, painted) = comparison(folded, passes)
        // Only the turned star's edge may differ in rounding (read through its map).
        #expect(apart <= 4, "pixels apart: \(apart), largest difference \(worst)")
        #expect(painted > 3_000, "painted \(painted)")
    }
}
