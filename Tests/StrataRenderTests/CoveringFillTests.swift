import Foundation
import Strata
import Testing
import _StrataTestSupport

@testable import StrataRender

/// Plain fills at the start of the screen that cover every pixel become the
/// colour the screen is cleared to.
@Suite struct CoveringFillTests {
    func list(_ layers: [CALayer], background: CGColor? = nil) -> RenderList {
        let root = canvasRoot()
        for layer in layers { root.addSublayer(layer) }
        return Flattener(size: CGSize(width: 200, height: 100), background: background).renderList(for: root)
    }

    @Test func aBackgroundLayerBecomesTheClearColour() {
        let back = makeLayer(
            "back", bounds: CGRect(x: 0, y: 0, width: 200, height: 100), position: CGPoint(x: 100, y: 50))
        back.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        let card = makeLayer("card", bounds: CGRect(x: 0, y: 0, width: 50, height: 40), position: CGPoint(x: 60, y: 50))
        let l = list([back, card])
        #expect(l.screenLabels == ["card"])
        #expect(abs(l.background.r - 0.2) < 1e-6 && abs(l.background.b - 0.6) < 1e-6 && l.background.a == 1)
    }

    @Test func translucentFillsComposeOverTheBackground() {
        let half = makeLayer(
            "half", bounds: CGRect(x: 0, y: 0, width: 300, height: 200), position: CGPoint(x: 100, y: 50))
        half.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        half.opacity = 0.5
        let l = list([half], background: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        #expect(l.screen.items.isEmpty)
        // Red at a half over blue.
        #expect(abs(l.background.r - 0.5) < 1e-6 && abs(l.background.b - 0.5) < 1e-6 && l.background.a == 1)
    }

    @Test func fillsThatLeaveAPixelPartlyUncoveredAreDrawn() {
        // Its left edge half a pixel in: the first column is half covered.
        let short = makeLayer(
            "short", bounds: CGRect(x: 0, y: 0, width: 200, height: 100), position: CGPoint(x: 100.5, y: 50))
        short.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        #expect(list([short]).screenLabels == ["short"])
        // Rounded, turned, bordered: not a plain covering fill.
        let rounded = makeLayer(
            "rounded", bounds: CGRect(x: 0, y: 0, width: 200, height: 100), position: CGPoint(x: 100, y: 50))
        rounded.cornerRadius = 4
        #expect(list([rounded]).screenLabels == ["rounded"])
        let turned = makeLayer(
            "turned", bounds: CGRect(x: 0, y: 0, width: 400, height: 400), position: CGPoint(x: 100, y: 50))
        turned.transform = CATransform3DMakeRotation(0.1, 0, 0, 1)
        #expect(list([turned]).screenLabels == ["turned"])
        let bordered = makeLayer(
            "bordered", bounds: CGRect(x: 0, y: 0, width: 200, height: 100), position: CGPoint(x: 100, y: 50))
        bordered.borderWidth = 2
        bordered.borderColor = CGColor(gray: 0, alpha: 1)
        #expect(list([bordered]).screenLabels == ["bordered"])
    }

    @Test func onlyTheFirstItemsFold() {
        let card = makeLayer("card", bounds: CGRect(x: 0, y: 0, width: 50, height: 40), position: CGPoint(x: 60, y: 50))
        let over = makeLayer(
            "over", bounds: CGRect(x: 0, y: 0, width: 200, height: 100), position: CGPoint(x: 100, y: 50))
        over.opacity = 0.5
        let l = list([card, over])
        #expect(l.screenLabels == ["card", "over"])
        #expect(l.background == .clear)
    }

    @Test func anOffscreenPassIsClearedToTheFillThatCoversIt() throws {
        // An inverted mask, as the Lottie reader makes one: an opaque layer covering
        // everything with the mask's shape xor-ed out of it.
        let root = canvasRoot()
        let page = makeLayer(
            "page", bounds: CGRect(x: 0, y: 0, width: 100, height: 80), position: CGPoint(x: 100, y: 50))
        let holder = CALayer()
        holder.frame = page.bounds
        let everything = makeLayer(
            "everything", bounds: CGRect(x: 0, y: 0, width: 2e5, height: 2e5), position: .zero, color: .black)
        let hole = makeLayer("hole", bounds: CGRect(x: 0, y: 0, width: 30, height: 20), position: CGPoint(x: 50, y: 40))
        hole.cornerRadius = 6
        hole.compositingFilter = "xor"
        holder.addSublayer(everything)
        holder.addSublayer(hole)
        page.mask = holder
        root.addSublayer(page)
        // Kept a pass (not turned into an inverted clip) to see how it is cleared.
        var flattener = Flattener(size: CGSize(width: 200, height: 100))
        flattener.foldsShapeMasks = false
        let l = flattener.renderList(for: root)
        let mask = try #require(l.passes.first { $0.purpose == .mask })
        #expect(l.labels(of: mask.items) == ["hole"])
        #expect(mask.background == PremultipliedColor(r: 0, g: 0, b: 0, a: 1))
        #expect(l.background == .clear)
    }
}
