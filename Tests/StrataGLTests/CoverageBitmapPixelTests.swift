import Foundation
import Strata
import StrataHost
import StrataLayerRaster
import StrataRender
import Testing

/// A path's bitmap of one opaque paint is kept on the GPU as one channel of
/// coverage and painted as it is drawn (the instance's tint): it draws what
/// the same bitmap kept as RGBA pixels draws, through every program that
/// reads it (texel for pixel, resampled when turned, and as a mask).
@Suite struct CoverageBitmapPixelTests {
    /// A star in `alpha` red, shown as it lies, turned, and as the mask of a blue square.
    static func scene(alpha: CGFloat) -> CALayer {
        let scene = root(160, 80)
        func star() -> CAShapeLayer {
            let shape = CAShapeLayer()
            shape.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            let path = CGMutablePath()
            for k in 0..<10 {
                let r: CGFloat = k % 2 == 0 ? 20 : 8, a = CGFloat(k) * .pi / 5
                let p = CGPoint(x: 20 + r * sin(a), y: 20 - r * cos(a))
                if k == 0 { path.move(to: p) } else { path.addLine(to: p) }
            }
            path.closeSubpath()
            shape.path = path
            shape.fillColor = CGColor(red: 1, green: 0.2, blue: 0.1, alpha: alpha)
            return shape
        }
        let still = star()
        still.position = CGPoint(x: 30, y: 40)
        let turned = star()
        turned.position = CGPoint(x: 80, y: 40)
        turned.transform = CATransform3DMakeRotation(0.5, 0, 0, 1)
        let masked = layer(
            CGRect(x: 0, y: 0, width: 40, height: 40), CGPoint(x: 130, y: 40),
            CGColor(red: 0.1, green: 0.3, blue: 1, alpha: 1))
        masked.mask = star()
        for sublayer in [still, turned, masked] { scene.addSublayer(sublayer) }
        return scene
    }

    @Test func aCoverageBitmapDrawsWhatItsPixelsDraw() throws {
        let size = CGSize(width: 160, height: 80)
        func picture(alpha: CGFloat) throws -> CGImage {
            let renderer = try OffscreenRenderer()
            return try renderer.render(
                Self.scene(alpha: alpha), size: size, background: .white, rasterizer: ShapeLayerRasterizer()
            ).image
        }
        // Opaque: kept as coverage. A hair short of opaque: kept as pixels (and
        // drawing, to the byte, nearly the same).
        let covered = try picture(alpha: 1), painted = try picture(alpha: 0.9999)
        let (worst, apart, shown) = comparison(covered, painted, tolerance: 2)
        #expect(apart == 0, "\(apart) pixels differ by more than 2 (worst \(worst))")
        #expect(shown > 1000, "the stars and the square are drawn: \(shown) painted pixels")
        // The star's middle is its paint, and the masked square's is the square's colour.
        #expect(close(pixel(covered, 30, 40), [255, 51, 26, 255]), "\(pixel(covered, 30, 40))")
        #expect(close(pixel(covered, 80, 40), [255, 51, 26, 255]), "\(pixel(covered, 80, 40))")
        #expect(close(pixel(covered, 130, 40), [26, 77, 255, 255]), "\(pixel(covered, 130, 40))")
        // Outside the star's points the mask leaves the white beneath.
        #expect(pixel(covered, 112, 22) == [255, 255, 255, 255])
    }
}
