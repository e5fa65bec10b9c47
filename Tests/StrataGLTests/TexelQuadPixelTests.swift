import Foundation
import Strata
import StrataHost
import StrataLayerRaster
import StrataRender
import Testing

/// A bitmap drawn one texel per pixel on whole pixels is read texel for pixel
/// (`Shading.texelQuad`): one-pixel stripes stay one pixel wide, where a texel
/// off by one would move them and sampling between texels would grey them.
@Suite struct TexelQuadPixelTests {
    @Test func oneTexelPerPixelKeepsOnePixelStripes() throws {
        let root = root(64, 32)
        let stripes = CAShapeLayer()
        stripes.frame = CGRect(x: 7, y: 5, width: 40, height: 20)
        let path = CGMutablePath()
        for k in 0..<10 { path.addRect(CGRect(x: 4 * k, y: 0, width: 2, height: 20)) }
        path.addRect(CGRect(x: 0, y: 19, width: 40, height: 1))
        stripes.path = path
        stripes.fillColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(stripes)
        let renderer = try OffscreenRenderer()
        let flattener = Flattener(
            size: CGSize(width: 64, height: 32), background: CGColor(gray: 1, alpha: 1),
            rasterizer: ShapeLayerRasterizer())
        let list = flattener.renderList(for: root)
        #expect(list.screen.items.map(\.shading) == [.texelQuad], "\(list.dump())")
        let image = try renderer.render(list).image
        for x in 0..<64 {
            let inside = x >= 7 && x < 47 && (x - 7) % 4 < 2
            let top = pixel(image, x, 10), bottom = pixel(image, x, 24)
            #expect(top == (inside ? [0, 0, 255, 255] : [255, 255, 255, 255]), "column \(x): \(top)")
            // The bottom row of the bitmap is painted across.
            #expect(bottom == (x >= 7 && x < 47 ? [0, 0, 255, 255] : [255, 255, 255, 255]), "column \(x): \(bottom)")
        }
        #expect(pixel(image, 10, 4) == [255, 255, 255, 255])
        #expect(pixel(image, 10, 25) == [255, 255, 255, 255])
    }
}
