import Foundation
import Strata
import Testing
import _StrataTestSupport

@testable import StrataRender

@Suite struct DamageTests {
    func tree(moverX: CGFloat, extra: Bool = false) -> CALayer {
        let root = canvasRoot(CGSize(width: 400, height: 200))
        for i in 0..<40 {
            root.addSublayer(
                makeLayer(
                    "static\(i)", bounds: CGRect(x: 0, y: 0, width: 16, height: 16),
                    position: CGPoint(x: 10 + CGFloat(i % 20) * 20, y: 10 + CGFloat(i / 20) * 20)))
        }
        root.addSublayer(
            makeLayer(
                "mover", bounds: CGRect(x: 0, y: 0, width: 40, height: 40),
                position: CGPoint(x: moverX, y: 120), color: CGColor(red: 1, green: 0, blue: 0, alpha: 1)))
        if extra {
            root.addSublayer(makeLayer("extra", bounds: CGRect(x: 0, y: 0, width: 4, height: 4), position: .zero))
        }
        return root
    }
    let flattener = Flattener(size: CGSize(width: 400, height: 200))

    @Test func oneMovedLayerDamagesItsOldAndNewBoundsOnly() throws {
        let before = flattener.renderList(for: tree(moverX: 100))
        let after = flattener.renderList(for: tree(moverX: 110))
        let damage = try #require(after.damage(since: before))
        // Old frame x 80…120, new 90…130, y 100…140 (plus the anti-aliasing
        // margin and a pixel each side): one merged rectangle.
        #expect(damage.count == 1)
        let r = damage[0]
        #expect(r.minX <= 80 && r.maxX >= 130 && r.minY <= 100 && r.maxY >= 140)
        #expect(r.width <= 58 && r.height <= 48)
        #expect(after.coveredPixels(screenWithin: damage) < 58 * 48)
    }

    /// A moving clipping layer whose sublayers draw nothing (a precomposition whose
    /// layers are all outside their in and out points) leaves no clip in the list,
    /// so the frame is unchanged; a clip that cuts something is kept, renumbered.
    @Test func clipsThatCutNothingAreDroppedAndDamageNothing() throws {
        func frame(_ x: CGFloat) -> CALayer {
            let root = canvasRoot(CGSize(width: 400, height: 200))
            let empty = makeLayer(
                "empty precomp", bounds: CGRect(x: 0, y: 0, width: 100, height: 100),
                position: CGPoint(x: x, y: 60))
            empty.backgroundColor = nil
            empty.masksToBounds = true
            let hidden = makeLayer(
                "hidden", bounds: CGRect(x: 0, y: 0, width: 20, height: 20), position: CGPoint(x: 10, y: 10))
            hidden.isHidden = true
            empty.addSublayer(hidden)
            root.addSublayer(empty)
            let clipper = makeLayer(
                "clipper", bounds: CGRect(x: 0, y: 0, width: 50, height: 50),
                position: CGPoint(x: 300, y: 100))
            clipper.cornerRadius = 10
            clipper.masksToBounds = true
            clipper.addSublayer(makeLayer("cut", bounds: CGRect(x: 0, y: 0, width: 80, height: 80), position: .zero))
            root.addSublayer(clipper)
            return root
        }
        let before = flattener.renderList(for: frame(100)), after = flattener.renderList(for: frame(140))
        #expect(after.clips.count == 1)
        let cut = try #require(after.screen.items.first { after.label(of: $0).contains("cut") })
        #expect(cut.clip == 0 && after.clips[0].parent == -1)
        #expect(after.damage(since: before) == [])
    }

    @Test func farApartMovesGiveSeparateRectangles() throws {
        let before = flattener.renderList(for: tree(moverX: 60))
        let after = flattener.renderList(for: tree(moverX: 340))
        let damage = try #require(after.damage(since: before))
        #expect(damage.count == 2)
        #expect(!damage[0].intersects(damage[1]))
    }

    @Test func nothingChangedIsNoDamage() {
        let list = flattener.renderList(for: tree(moverX: 100))
        #expect(list.damage(since: list) == [])
    }

    @Test func structuralChangesRedrawEverything() {
        let before = flattener.renderList(for: tree(moverX: 100))
        #expect(flattener.renderList(for: tree(moverX: 100, extra: true)).damage(since: before) == nil)
        let bigger = Flattener(size: CGSize(width: 401, height: 200)).renderList(for: tree(moverX: 100))
        #expect(bigger.damage(since: before) == nil)
    }

    @Test func movingMostOfTheFrameRedrawsEverything() {
        func shifted(_ dx: CGFloat) -> CALayer {
            let root = canvasRoot(CGSize(width: 400, height: 200))
            for i in 0..<100 {
                root.addSublayer(
                    makeLayer(
                        "l\(i)", bounds: CGRect(x: 0, y: 0, width: 8, height: 8),
                        position: CGPoint(x: dx + 10 + CGFloat(i % 20) * 18, y: 10 + CGFloat(i / 20) * 18)))
            }
            return root
        }
        let before = flattener.renderList(for: shifted(0))
        #expect(flattener.renderList(for: shifted(1)).damage(since: before) == nil)
    }
}
