import Foundation
import Strata
import StrataHost
import StrataRender
import Testing

/// A clip folded into the shape of the item it cuts draws the same pixels as
/// the clip tested per fragment: images, fills and gradients in rounded and
/// square parents, scaled, mirrored and across an edge.
@Suite struct ClipFoldPixelTests {
    static func scene() -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 120)
        root.position = CGPoint(x: 200, y: 60)
        func panel(_ x: CGFloat, radius: CGFloat, corners: CACornerMask? = nil, _ child: CALayer) {
            let p = CALayer()
            p.frame = CGRect(x: x, y: 10, width: 80, height: 100)
            p.masksToBounds = true
            p.cornerRadius = radius
            if let corners { p.maskedCorners = corners }
            p.addSublayer(child)
            root.addSublayer(p)
        }
        // An avatar's image, larger than its rounded mask.
        let photo = CALayer()
        photo.frame = CGRect(x: -7.3, y: -5, width: 95, height: 112)
        photo.contents = checkerImage(12, 14)
        panel(10, radius: 30, photo)
        // A gradient in a circle-cornered parent, scaled up from its centre.
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 5, y: 5, width: 70, height: 90)
        gradient.colors = [color(0xe63946), color(0x1d3557)]
        gradient.transform = CATransform3DMakeScale(1.4, 1.4, 1)
        panel(100, radius: 40, gradient)
        // A fill mirrored, one rounded corner.
        let fill = CALayer()
        fill.frame = CGRect(x: -10, y: -10, width: 100, height: 120)
        fill.backgroundColor = color(0x2a9d8f)
        fill.transform = CATransform3DMakeScale(-1, 1, 1)
        panel(190, radius: 24, corners: [.layerMinXMinYCorner], fill)
        // A square parent cutting a fill across its edges at a fraction of a pixel.
        let across = CALayer()
        across.frame = CGRect(x: 30.4, y: -20.6, width: 80, height: 60)
        across.backgroundColor = color(0xf4a261)
        panel(280.5, radius: 0, across)
        return root
    }

    func picture(folds: Bool) throws -> CGImage {
        let renderer = try OffscreenRenderer()
        renderer.foldsClips = folds
        return try renderer.render(Self.scene(), size: CGSize(width: 400, height: 120), background: .white).image
    }

    @Test func foldedClipsDrawTheSamePixels() throws {
        let folded = try picture(folds: true), clipped = try picture(folds: false)
        var worst = 0, painted = 0, apart: [(Int, Int)] = []
        for y in 0..<120 {
            for x in 0..<400 {
                let a = pixel(folded, x, y), b = pixel(clipped, x, y)
                let d = (0..<4).map { abs(a[$0] - b[$0]) }.max()!
                worst = max(worst, d)
                if d > 2 { apart.append((x, y)) }
                if a[0] < 250 || a[1] < 250 || a[2] < 250 { painted += 1 }
            }
        }
        // Where a square clip's edge meets the item's own, the clip multiplied the two
        // edges' coverages and the shape's distance takes the nearer edge: the two
        // corner pixels of the fill across the square parent's edge (x 360, y 49 and 10).
        #expect(apart.count <= 2, "pixels apart: \(apart)")
        #expect(apart.allSatisfy { $0.0 == 360 || $0.0 == 310 }, "pixels apart: \(apart)")
        #expect(worst <= 48, "largest difference \(worst)")
        // Every clip is folded: none is left for the fragments to test.
        #expect(Flattener(size: CGSize(width: 400, height: 120)).renderList(for: Self.scene()).clips.isEmpty)
        // Each panel shows most of its 80 × 100 pixels (the last, the fill's part of it).
        #expect(painted > 3 * 6_000 + 4_000, "painted \(painted)")
        // The rounded corners are cut: the top-left pixel of the avatar's panel is background.
        #expect(pixel(folded, 11, 11) == [255, 255, 255, 255])
    }
}
