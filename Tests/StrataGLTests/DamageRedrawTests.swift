import Foundation
import Strata
import StrataGL
import StrataHost
import StrataRender
import Testing

/// A damaged redraw (scissored, only the items that meet the damage) must
/// leave the same pixels as drawing the frame whole.
@Suite struct DamageRedrawTests {
    func tree(moverX: CGFloat) -> CALayer {
        let r = root(320, 160)
        for i in 0..<200 {
            let l = layer(
                CGRect(x: 0, y: 0, width: 12, height: 9),
                CGPoint(x: 8 + CGFloat(i % 20) * 16, y: 8 + CGFloat(i / 20) * 15),
                CGColor(red: CGFloat(i % 7) / 7, green: 0.5, blue: CGFloat(i % 5) / 5, alpha: 0.9))
            l.cornerRadius = 3
            l.borderWidth = 1
            l.borderColor = CGColor(gray: 1, alpha: 0.6)
            r.addSublayer(l)
        }
        let mover = layer(
            CGRect(x: 0, y: 0, width: 40, height: 40), CGPoint(x: moverX, y: 80),
            CGColor(red: 1, green: 0.75, blue: 0.05, alpha: 0.8))
        mover.cornerRadius = 8
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 300
        mover.transform = CATransform3DRotate(t, moverX / 200, 0, 1, 0)
        r.addSublayer(mover)
        return r
    }

    @Test func aDamagedRedrawEqualsAFullOne() throws {
        let size = CGSize(width: 320, height: 160)
        let background = CGColor(gray: 0.1, alpha: 1)
        let kept = try OffscreenRenderer()
        _ = try kept.render(tree(moverX: 60), size: size, background: background)
        for x in [64.5, 90, 200] as [CGFloat] {
            let partial = try kept.render(tree(moverX: x), size: size, background: background)
            let full = try OffscreenRenderer().render(tree(moverX: x), size: size, background: background)
            #expect(!partial.stats.damage.isEmpty, "the frame at x = \(x) was redrawn whole")
            #expect(full.stats.damage.isEmpty)
            #expect(partial.image.pixels == full.image.pixels, "x = \(x): the damaged redraw differs")
            // Two 40-point boxes (through a slight perspective), not 320 × 160.
            let list = Flattener(size: size, background: background).renderList(for: tree(moverX: x))
            #expect(partial.stats.pixelsShaded(list) < 8_000)
            #expect(full.stats.pixelsShaded(list) > 30_000)
        }
    }
}
