import Foundation
import Strata
import Testing

@testable import StrataLottie

/// Merge paths (`mm`) and mask expansion (`x`): the outlines the paints and masks get.
@Suite struct LottieMergePathsTests {
    /// The filled shape layers of `name` at `frame`.
    func fills(_ name: String, frame: Double) throws -> [CAShapeLayer] {
        allLayers(try presentation(LottieFiles.load(name), frame: frame)).compactMap { $0 as? CAShapeLayer }
            .filter { $0.fillColor != nil }
    }

    /// At frame 0 the square is 40…120 and the circle (radius 45) is centred on 110, 110.
    let inSquareOnly = CGPoint(x: 50, y: 50), inBoth = CGPoint(x: 100, y: 100)
    let inCircleOnly = CGPoint(x: 140, y: 130), inNeither = CGPoint(x: 20, y: 180)

    func covered(_ layer: CAShapeLayer) -> [Bool] {
        let path = layer.path ?? CGPath()
        return [inSquareOnly, inBoth, inCircleOnly, inNeither].map { path.contains($0) }
    }

    @Test func eachModeCombinesTheShapesBeforeIt() throws {
        let expected: [(String, [Bool])] = [
            ("merge_paths_add", [true, true, true, false]),
            ("merge_paths_subtract", [true, false, false, false]),
            ("merge_paths_intersect", [false, true, false, false]),
            ("merge_paths_exclude", [true, false, true, false]),
        ]
        for (name, cover) in expected {
            let composition = try LottieFiles.load(name)
            #expect(composition.warnings.isEmpty, "\(name): \(composition.warnings)")
            let layers = try fills(name, frame: 0)
            #expect(layers.count == 1, "\(name)")
            let fill = try #require(layers.first)
            #expect(covered(fill) == cover, "\(name)")
            // The result fills the same by either rule (no overlapping outlines left).
            let path = try #require(fill.path)
            for p in [inSquareOnly, inBoth, inCircleOnly, inNeither] {
                #expect(path.contains(p, using: .winding) == path.contains(p, using: .evenOdd), "\(name) \(p)")
            }
        }
    }

    @Test func theMergeFollowsTheAnimatedShapes() throws {
        // Frame 29: the circle is centred on 140, 90: clear of 75, 100 (inside at frame 0), over 110, 70.
        let fill = try #require(try fills("merge_paths_intersect", frame: 29).first)
        let path = try #require(fill.path)
        #expect(!path.contains(CGPoint(x: 75, y: 100)))
        #expect(path.contains(CGPoint(x: 110, y: 70)) && !path.contains(CGPoint(x: 140, y: 60)))
        let early = try #require(try fills("merge_paths_intersect", frame: 0).first?.path)
        #expect(early.contains(CGPoint(x: 75, y: 100)))
    }

    @Test func theUnionIsStrokedRoundItsOutlineOnly() throws {
        let layers = allLayers(try presentation(LottieFiles.load("merge_paths_add"), frame: 0))
            .compactMap { $0 as? CAShapeLayer }
        let stroke = try #require(layers.first { $0.strokeColor != nil })
        let path = try #require(stroke.path)
        // One closed outline: the square's corner inside the circle and the circle's arc inside the
        // square are gone.
        #expect(path.elements.filter { if case .moveTo = $0 { return true } else { return false } }.count == 1)
        let hidden = [CGPoint(x: 120, y: 120), CGPoint(x: 70, y: 110)]
        let outline = path.flattened(tolerance: 0.1).flatMap { $0 }
        for h in hidden {
            #expect(outline.allSatisfy { hypot($0.x - h.x, $0.y - h.y) > 2 }, "\(h)")
        }
    }

    @Test func paintsBeforeTheMergeAndNestedGroups() throws {
        // [rect, group{ellipse moved right}, fill A, mm 3, fill B]: fill A draws both shapes as they
        // are; fill B the rectangle less the moved ellipse.
        let shapes = #"""
            [{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},
             {"ty":"gr","it":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[30,30]}},
                              {"ty":"tr","p":{"a":0,"k":[20,0]}}]},
             {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"nm":"A"},
             {"ty":"mm","mm":3},
             {"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"nm":"B"}]
            """#
        let composition = try lottie(layers: "[\(shapeLayer(shapes))]")
        #expect(composition.warnings.isEmpty)
        let tree = try composition.makeLayerTree()
        let a = try #require(layer(named: "A", in: tree.root) as? CAShapeLayer)
        let b = try #require(layer(named: "B", in: tree.root) as? CAShapeLayer)
        let pa = try #require(a.path), pb = try #require(b.path)
        #expect(pa.contains(CGPoint(x: 30, y: 0)) && pa.contains(CGPoint(x: 15, y: 0)))
        #expect(!pb.contains(CGPoint(x: 30, y: 0)) && !pb.contains(CGPoint(x: 15, y: 0)))
        #expect(pb.contains(CGPoint(x: -15, y: 0)) && pb.contains(CGPoint(x: 15, y: 18)))
    }

    @Test func geometryOfEachMode() {
        let a = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let b = CGPath(rect: CGRect(x: 5, y: 0, width: 10, height: 10), transform: nil)
        let c = CGPath(rect: CGRect(x: 0, y: 5, width: 10, height: 10), transform: nil)
        func box(_ mode: LottieMergePaths.Mode) -> [Double] {
            let r = LottieGeometry.merge([a, b, c], mode: mode).boundingBoxOfPath
            return [r.minX, r.minY, r.maxX, r.maxY].map { (Double($0) * 1e6).rounded() / 1e6 }
        }
        #expect(LottieGeometry.merge([a, b, c], mode: .merge).elements.count == 15)
        #expect(box(.add) == [0, 0, 15, 15])
        // The first less the others together: only its bottom-left quarter is left.
        #expect(box(.subtract) == [0, 0, 5, 5])
        // The first with the others' union: its other three quarters.
        #expect(box(.intersect) == [0, 0, 10, 10])
        let xor = LottieGeometry.merge([a, b, c], mode: .excludeIntersections)
        #expect(
            xor.contains(CGPoint(x: 2, y: 2)) && !xor.contains(CGPoint(x: 7, y: 7))
                && xor.contains(CGPoint(x: 12, y: 2)))
        #expect(LottieGeometry.merge([], mode: .add).isEmpty && LottieGeometry.merge([a], mode: .subtract) == a)
    }

    @Test func maskExpansionMovesTheOutline() throws {
        let composition = try LottieFiles.load("mask_expansion")
        #expect(composition.warnings.isEmpty, "\(composition.warnings)")
        func masks(_ frame: Double) throws -> [CGRect] {
            let root = try presentation(composition, frame: frame)
            let holder = try #require(allLayers(root).first { $0.mask?.name == "masks" }?.mask)
            return allLayers(holder).compactMap { ($0 as? CAShapeLayer)?.path?.boundingBoxOfPath }
        }
        // The square (30…90) grows by 0 at frame 0 and 20 at frame 29; the triangle shrinks by 10.
        let start = try masks(0), end = try masks(29)
        #expect(start.contains { abs($0.minX - 30) < 0.01 && abs($0.width - 60) < 0.01 }, "\(start)")
        #expect(end.contains { abs($0.minX - 10) < 0.01 && abs($0.width - 100) < 0.01 }, "\(end)")
        #expect(end.contains { $0.minX > 95 && $0.maxX < 185 && $0.maxY < 185 }, "\(end)")
    }
}
