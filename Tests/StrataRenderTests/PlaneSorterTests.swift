import Foundation
import Strata
import Testing
import _StrataTestSupport

@testable import StrataRender

@Suite struct PlaneSorterTests {
    let square = CGRect(x: -50, y: -50, width: 100, height: 100)

    @Test func parallelPlanesSortBackToFrontWithoutSplits() {
        let planes = [
            PlaneSorter.Input(toContext: CATransform3DMakeTranslation(0, 0, 10), rect: square),
            PlaneSorter.Input(toContext: CATransform3DMakeTranslation(0, 0, -10), rect: square),
            PlaneSorter.Input(toContext: CATransform3DMakeTranslation(0, 0, 30), rect: square),
        ]
        let order = PlaneSorter.backToFront(planes)
        #expect(order.map(\.plane) == [1, 0, 2])
        #expect(order.allSatisfy { $0.cuts.isEmpty })
    }

    @Test func crossingPlanesAreSplitIntoPiecesWithComplementaryCuts() {
        let a = PlaneSorter.Input(toContext: CATransform3DMakeRotation(0.5, 0, 1, 0), rect: square)
        let b = PlaneSorter.Input(toContext: CATransform3DMakeRotation(-0.5, 0, 1, 0), rect: square)
        let order = PlaneSorter.backToFront([a, b])
        // a is the splitter; b is cut in two, one piece behind a and one in front.
        #expect(order.count == 3)
        #expect(order.map(\.plane) == [1, 0, 1])
        let cuts = order.filter { $0.plane == 1 }.map { $0.cuts[0] }
        #expect(abs(cuts[0].a + cuts[1].a) < 1e-12 && abs(cuts[0].e + cuts[1].e) < 1e-12)
        // The cut runs along b's local x = 0 (where the planes meet).
        #expect(abs(cuts[0].b) < 1e-9 && abs(cuts[0].e) < 1e-9)
        // Back piece first: the half of b with z < 0. A −0.5 rad turn about y gives
        // m13 = sin 0.5 > 0, so z = u·m13 is negative for local u < 0.
        let back = cuts[0]
        #expect(back.a * -10 + back.e > 0)
        #expect(back.a * 10 + back.e < 0)
    }

    @Test func planesBehindTheEyeAreDroppedAndPartlyBehindAreClipped() {
        var persp = CATransform3DIdentity
        persp.m34 = -1.0 / 100
        let behind = PlaneSorter.Input(
            toContext: CATransform3DMakeTranslation(0, 0, 200).concatenating(persp), rect: square)
        let visible = PlaneSorter.Input(toContext: persp, rect: square)
        #expect(PlaneSorter.backToFront([behind, visible]).map(\.plane) == [1])
        // Tilted so that part of it passes the eye plane (z = 100): still drawn, not inverted.
        let tilted = PlaneSorter.Input(
            toContext: CATransform3DMakeRotation(1.4, 0, 1, 0).concatenating(persp),
            rect: CGRect(x: -300, y: -50, width: 600, height: 100))
        #expect(PlaneSorter.backToFront([tilted]).map(\.plane) == [0])
    }

    @Test func flattenedCrossingPlanesGetHardHalfPlaneClips() {
        let root = canvasRoot(CGSize(width: 400, height: 300))
        let space = CATransformLayer()
        space.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)
        space.position = CGPoint(x: 200, y: 150)
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 600
        for (name, angle) in [("a", 0.6), ("b", -0.6)] {
            let l = makeLayer(
                name, bounds: CGRect(x: 0, y: 0, width: 200, height: 120), position: CGPoint(x: 200, y: 150))
            l.transform = CATransform3DRotate(p, CGFloat(angle), 0, 1, 0)
            space.addSublayer(l)
        }
        root.addSublayer(space)
        // The cuts as made: folding takes the faded one into its piece's shape.
        var flattener = Flattener(size: CGSize(width: 400, height: 300))
        flattener.foldsClips = false
        let list = flattener.renderList(for: root)
        #expect(list.screenLabels == ["b", "a", "b"])
        #expect(list.clips.count == 2)
        // The piece drawn first has a hard cut; the one drawn after its splitter fades.
        #expect(list.clips.map(\.antialiased) == [false, true])
        #expect(list.screen.items.map(\.clip) == [0, -1, 1])
    }
}
