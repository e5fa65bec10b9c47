import Foundation
import Strata
import StrataGL
import StrataHost
import StrataRender
import Testing

/// `CALayer.filters` with `CALayerFilter`s: the render list's filter passes,
/// their plan on the recording backend, and the pixels GL draws.
@Suite struct LayerFilterTests {
    static let grey = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
    static let navy = CGColor(red: 0, green: 0, blue: 0.5, alpha: 1)
    static let yellow = CGColor(red: 1, green: 1, blue: 0, alpha: 1)

    /// A 64 × 32 canvas: a group (x 8…56) holding a black square (x 8…24), a white one (x 24…40)
    /// and a 50 % grey one (x 40…56), with `filters`.
    func tree(_ filters: [Any]?) -> CALayer {
        let r = root(64, 32)
        let group = layer(CGRect(x: 0, y: 0, width: 48, height: 16), CGPoint(x: 32, y: 16), nil)
        for (i, color) in [CGColor.black, .white, Self.grey].enumerated() {
            group.addSublayer(
                layer(CGRect(x: 0, y: 0, width: 16, height: 16), CGPoint(x: 8 + 16 * CGFloat(i), y: 8), color))
        }
        group.filters = filters
        r.addSublayer(group)
        return r
    }

    func render(_ filters: [Any]?) throws -> CGImage {
        try OffscreenRenderer().render(tree(filters), size: CGSize(width: 64, height: 32), background: nil).image
    }

    @Test func luminanceMapRecoloursByLuminance() throws {
        let mid = CGColor(red: 0.5, green: 0.5, blue: 0.25, alpha: 1)
        let image = try render([
            CALayerFilter.luminanceMap(
                shadows: Self.navy, midtones: mid, highlights: Self.yellow,
                amount: 1)
        ])
        #expect(close(pixel(image, 16, 16), [0, 0, 128, 255]))  // black → navy
        #expect(close(pixel(image, 32, 16), [255, 255, 0, 255]))  // white → yellow
        // 50 % grey (sRGB 128/255): just past the midtones, toward the highlights.
        #expect(close(pixel(image, 48, 16), [128, 128, 64, 255], 3))
        #expect(pixel(image, 4, 16)[3] == 0)  // outside: nothing
        // Half the amount: halfway between each square's colour and its map.
        let half = try render([
            CALayerFilter.luminanceMap(
                shadows: Self.navy, midtones: mid, highlights: Self.yellow,
                amount: 0.5)
        ])
        #expect(close(pixel(half, 16, 16), [0, 0, 64, 255]))
        #expect(close(pixel(half, 32, 16), [255, 255, 128, 255]))
    }

    @Test func colorFillKeepsAlphaTimesTheColoursAlpha() throws {
        let image = try render([CALayerFilter.colorFill(CGColor(red: 0, green: 1, blue: 0, alpha: 0.5))])
        // (Read back with straight alpha.)
        for x in [16, 32, 48] { #expect(close(pixel(image, x, 16), [0, 255, 0, 128]), "x \(x)") }
        #expect(pixel(image, 4, 16)[3] == 0)
        // Anything else in `filters` draws nothing.
        let other = try render(["CIGaussianBlur"])
        #expect(close(pixel(other, 32, 16), [255, 255, 255, 255]))
    }

    @Test func gaussianBlurSpreadsPastTheLayerAndOnlyWhereAsked() throws {
        let r = root(64, 32)
        let square = layer(CGRect(x: 0, y: 0, width: 16, height: 16), CGPoint(x: 32, y: 16), .white)
        square.filters = [CALayerFilter.gaussianBlur(radius: 3)]
        r.addSublayer(square)
        let image = try OffscreenRenderer().render(r, size: CGSize(width: 64, height: 32), background: nil).image
        #expect(pixel(image, 32, 16)[3] >= 250)  // the middle: still opaque
        #expect((100...155).contains(pixel(image, 24, 16)[3]))  // the edge: about half
        #expect((5...60).contains(pixel(image, 21, 16)[3]))  // 1 σ outside: the tail
        #expect(pixel(image, 32, 4)[3] > 5)  // above it too
        square.filters = [CALayerFilter.gaussianBlur(radius: 3, horizontal: true, vertical: false)]
        let across = try OffscreenRenderer().render(r, size: CGSize(width: 64, height: 32), background: nil).image
        #expect((5...60).contains(pixel(across, 21, 16)[3]))
        #expect(pixel(across, 32, 6)[3] <= 2)  // not down
    }

    @Test func filtersAreInTheRenderListAndThePlan() throws {
        let flattener = Flattener(size: CGSize(width: 64, height: 32))
        let list = flattener.renderList(
            for: tree([
                CALayerFilter.gaussianBlur(radius: 2, horizontal: false),
                CALayerFilter.luminanceMap(shadows: .black, midtones: Self.grey, highlights: .white, amount: 0.25),
            ]))
        let filters = list.passes.filter { $0.purpose == .filter }
        #expect(filters.count == 2)
        // In array order: the blur's pass is drawn into the recolouring one.
        #expect(filters.first?.blurSigma == 2)
        #expect(filters.first?.blurAxes == .vertical)
        #expect(filters.first?.colorMap == nil)
        #expect(filters.last?.colorMap?.amount == 0.25)
        #expect(filters.last?.items.count == 1)
        // The blurred pass reaches 3 σ and a pixel past the squares (y 8…24) down, to the canvas's
        // edges here, and only their anti-aliasing margin across (x 8…56).
        let bounds = try #require(filters.first?.bounds)
        #expect(bounds.minY == 0 && bounds.maxY == 32)
        #expect(bounds.minX >= 5 && bounds.minX <= 8 && bounds.maxX >= 56 && bounds.maxX <= 59)
        #expect(list.dump().contains("items 3 blur 2 down"))
        let backend = RecordingBackend()
        let plan = FrameBuilder().plan(list, into: FrameTarget(id: 1, width: 64, height: 32, keepsPixels: false))
        backend.replay(plan)
        #expect(backend.problems == [])
        #expect(
            backend.commands.contains {
                if case .recolor = $0 { return true }; return false
            })
        #expect(
            backend.commands.contains {
                if case .blur = $0 { return true }; return false
            })
        #expect(plan.dump().contains("recolour via"))
    }

    @Test func luminanceMapArithmetic() {
        let map = LuminanceMap(shadows: [0, 0, 1], midtones: [1, 0, 0], highlights: [1, 1, 1], amount: 1)
        #expect(map.apply(to: [0, 0, 0]) == [0, 0, 1])
        #expect(map.apply(to: [1, 1, 1]) == [1, 1, 1])
        let quarter = map.apply(to: [0.25, 0.25, 0.25])
        #expect(abs(quarter.x - 0.5) < 1e-5 && abs(quarter.z - 0.5) < 1e-5)
        let filled = LuminanceMap(fill: [0.2, 0.4, 0.6]).apply(to: [1, 0, 0]) - SIMD3<Float>(0.2, 0.4, 0.6)
        #expect(max(abs(filled.x), abs(filled.y), abs(filled.z)) < 1e-6)
    }
}
