import Foundation
import Strata
import StrataDemos
import StrataHost
import Testing

/// Each demo driven headless by scripted input (mouse, trackpad, simulated
/// gamepad), checked in its model and in its pixels. 320 × 240, 60 Hz.
@Suite struct DemoGestureTests {
    static let paper = (250, 245, 230)
    static let slate = (0x5b, 0x64, 0x70)

    @Test func pagefoldPinchFoldsMidGestureAndUnfoldsFlatAfterRelease() throws {
        var script = InputScript()
        script.pinch(at: CGPoint(x: 160, y: 120), to: 0.5, time: 0.1, duration: 0.5)
        let run = try DemoRun("pagefold", script: script)
        let fold = try run.demo(PageFoldDemo.self)
        // The spread is 256 × 192 from (32, 24); x = 40 is near the left page's outer edge
        // (y = 125 is between the ruled lines).
        let flat = try run.picture(at: 0)
        #expect(flat.isNear(40, 125, Self.paper), "\(flat.rgb(40, 125))")
        let mid = try run.picture(at: 0.5)
        #expect(fold.foldAngle > 0.5)
        #expect(mid.isNear(40, 125, Self.slate), "folded: the outer edge has come in, \(mid.rgb(40, 125))")
        #expect(mid.isNear(280, 125, Self.slate), "\(mid.rgb(280, 125))")
        // Released at 0.6 s at scale 0.5: the unfold takes 0.5 / 0.5 = 1 s.
        let unfolding = try run.picture(at: 1.1)
        #expect(fold.unfoldsCompleted == 0)
        #expect(unfolding.differingFraction(from: flat) > 0.01)
        let after = try run.picture(at: 1.7)
        #expect(fold.unfoldsCompleted == 1)
        #expect(fold.foldAngle == 0)
        #expect(after.isNear(40, 125, Self.paper) && after.isNear(280, 125, Self.paper))
        #expect(after.differingFraction(from: flat) < 0.001)
    }

    @Test func pagefoldTriggersFoldToo() throws {
        var script = InputScript()
        script.connectGamepad(at: 0)
        script.pullTrigger(right: false, to: 1, at: 0.1, for: 0.6)  // ln 2 per second: scale 0.66
        let run = try DemoRun("pagefold", script: script)
        let fold = try run.demo(PageFoldDemo.self)
        _ = try run.picture(at: 0.6)
        #expect(fold.foldAngle > 0.4)
        _ = try run.picture(at: 2.5)
        #expect(fold.foldAngle == 0 && fold.unfoldsCompleted == 1)
    }

    @Test func pagefoldDragDrawsInk() throws {
        var script = InputScript()
        script.drag(from: CGPoint(x: 180, y: 60), to: CGPoint(x: 260, y: 60), at: 0.1, duration: 0.3)
        let run = try DemoRun("pagefold", script: script)
        let before = try run.picture(at: 0)
        let after = try run.picture(at: 0.6)
        let ink = (26, 64, 178)
        #expect(!before.isNear(220, 60, ink, tolerance: 60))
        #expect(after.isNear(220, 60, ink, tolerance: 60), "\(after.rgb(220, 60))")
        #expect(after.isNear(200, 60, ink, tolerance: 60))
    }

    @Test func carouselDragSpinsTheRingWithMomentumAndSnapsToACard() throws {
        var script = InputScript()
        script.drag(from: CGPoint(x: 100, y: 110), to: CGPoint(x: 180, y: 110), at: 0.1, duration: 0.2)
        let run = try DemoRun("carousel", script: script)
        let carousel = try run.demo(CarouselDemo.self)
        let start = try run.picture(at: 0)
        _ = try run.picture(at: 0.32)  // the first frame after the release (at 0.1 + 0.2, just past 0.3)
        let released = carousel.shownAngle
        #expect(abs(released - 80 / 100) < 1e-9)  // the ring followed the pointer: 80 points at radius 100
        let coasting = try run.picture(at: 0.5)
        #expect(carousel.shownAngle > released)  // still turning after the release
        _ = try run.picture(at: 2)
        let step = 2 * CGFloat.pi / 5
        #expect(carousel.angle > released && abs(carousel.angle / step - (carousel.angle / step).rounded()) < 1e-9)
        #expect(carousel.frontCard != 0)
        #expect(carousel.shownAngle == carousel.angle)
        #expect(coasting.differingFraction(from: start) > 0.05)
    }

    @Test func carouselDrivenByASimulatedStickTurns() throws {
        var script = InputScript()
        script.connectGamepad(at: 0)
        script.tiltStick(x: 0.1, y: 0, at: 0.05, for: 0.1)  // in the dead zone: nothing
        script.tiltStick(x: -1, y: 0, at: 0.2, for: 0.5)
        let run = try DemoRun("carousel", script: script)
        let carousel = try run.demo(CarouselDemo.self)
        let start = try run.picture(at: 0.15)
        #expect(carousel.angle == 0)
        let turning = try run.picture(at: 0.5)
        // 600 points per second at radius 100: 6 radians per second, to the left.
        #expect(abs(carousel.angle + 1.8) < 1e-6)
        #expect(turning.differingFraction(from: start) > 0.05)
        _ = try run.picture(at: 2)
        #expect(carousel.angle < -1.8 && carousel.frontCard != 0)
        #expect(carousel.shownAngle == carousel.angle)
    }

    @Test func carouselTapsAndGamepadABringACardRound() throws {
        var script = InputScript()
        script.pressButton(12, at: 0.1)  // focus the first card
        script.pressButton(14, at: 0.2)  // the card to its left on screen
        script.pressButton(0, at: 0.3)  // A: bring it round
        let run = try DemoRun("carousel", script: script)
        let carousel = try run.demo(CarouselDemo.self)
        _ = try run.picture(at: 1.5)
        #expect(carousel.frontCard != 0)
        let focused = try require(run.session.router.focusedLayer, "a focused card")
        #expect(carousel.planes.firstIndex { $0 === focused } == carousel.frontCard)
        #expect(focused.borderWidth == 4)  // the focus ring
        // A click on the card to the right of the front one (hit-tested through the ring) brings it round.
        let next = (carousel.frontCard + 1) % 5
        let shown = try require(carousel.planes[next].presentation(), "card \(next) drawn")
        let centre = shown.convert(CGPoint(x: shown.bounds.midX, y: shown.bounds.midY), to: nil)
        #expect(centre.x > 200)
        #expect(run.session.router.hitTest(centre) === carousel.planes[next])
        var click = InputScript()
        click.click(at: centre, time: 1.6)
        for event in click.events { run.session.router.handle(event.event, at: event.time) }
        _ = try run.picture(at: 3)
        #expect(carousel.frontCard == next)
    }

    @Test func cardfoldDragFoldsTheCardAndTheBottomHalfFollows() throws {
        var script = InputScript()
        // The card is 144 points square at (88, 48); drag up 60 points: 60/72 of the fold.
        script.drag(from: CGPoint(x: 160, y: 170), to: CGPoint(x: 160, y: 110), at: 0.1, duration: 0.3)
        let run = try DemoRun("cardfold", script: script)
        let card = try run.demo(CardFoldDemo.self)
        let open = try run.picture(at: 0)
        let blue = (31, 99, 255)
        #expect(open.isNear(160, 180, blue, tolerance: 30))
        let folding = try run.picture(at: 0.35)
        // About 50 of the 60 points dragged so far (the steps land on frame times, give or take one).
        #expect(abs(card.foldAngle - 50.0 / 72 * card.maximumAngle) < 4.0 / 72 * card.maximumAngle, "\(card.foldAngle)")
        // The bottom half hangs from the top half's transformed bottom edge.
        #expect(card.bottom.position.y == card.top.frame.maxY)
        #expect(card.top.frame.maxY < 72)
        #expect(folding.isNear(160, 180, (240, 240, 240), tolerance: 16), "\(folding.rgb(160, 180))")
        // Past half way: it settles shut.
        _ = try run.picture(at: 1.2)
        #expect(card.foldAngle == card.maximumAngle && card.settlesCompleted == 1)
    }

    @Test func sidemenuDragSwingsTheMenuOpenAndTheButtonClosesIt() throws {
        var script = InputScript()
        script.drag(from: CGPoint(x: 20, y: 120), to: CGPoint(x: 200, y: 120), at: 0.1, duration: 0.3)
        let run = try DemoRun("sidemenu", script: script)
        let menu = try run.demo(SideMenuDemo.self)
        let teal = (0x2a, 0x9d, 0x8f), cream = (0xf4, 0xf1, 0xde)
        let shut = try run.picture(at: 0)
        #expect(shut.isNear(10, 200, cream))
        _ = try run.picture(at: 0.25)
        #expect(menu.progress > 0.2 && menu.progress < 1)
        #expect(menu.menu.shouldRasterize)  // rasterized while it moves
        let open = try run.picture(at: 1)
        #expect(menu.progress == 1 && !menu.menu.shouldRasterize)
        #expect(open.isNear(10, 200, teal), "\(open.rgb(10, 200))")
        // The button (flipped about its diagonal, hit-tested through that) toggles it shut.
        let button = menu.menuButton.convert(CGPoint(x: 22, y: 22), to: nil)
        var tap = InputScript()
        tap.click(at: button, time: 0)
        for event in tap.events { run.session.router.handle(event.event, at: 1.1) }
        let closed = try run.picture(at: 2)
        #expect(menu.progress == 0)
        #expect(closed.isNear(10, 200, cream))
    }

    @Test func galleryTapBringsTheTappedPhotoToFrontAndFadesTheOthers() throws {
        var script = InputScript()
        script.click(at: CGPoint(x: 160, y: 108), time: 0.1)  // on photo 2's strip of the fan
        let run = try DemoRun("gallery", script: script)
        let gallery = try run.demo(GalleryDemo.self)
        _ = try run.picture(at: 0.6)
        #expect(gallery.selected == 2)
        #expect(gallery.photos.enumerated().allSatisfy { $0.element.opacity == ($0.offset == 2 ? 1 : 0.25) })
        let front = try run.picture(at: 0.7)
        // The selected photo fills most of the window, flat: its sky at the top middle.
        let sky = DemoArt.skyColour(2)
        #expect(front.isNear(160, 48, (Int(sky.r), Int(sky.g), Int(sky.b)), tolerance: 30), "\(front.rgb(160, 48))")
        #expect(gallery.animationsCompleted == 1)
    }

    @Test func galleryBackgroundTapStacksAndADragOpensTheFan() throws {
        var script = InputScript()
        script.click(at: CGPoint(x: 5, y: 235), time: 0.1)  // beside the fan's narrow end: the background
        script.drag(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 180), at: 1, duration: 0.3)
        let run = try DemoRun("gallery", script: script)
        let gallery = try run.demo(GalleryDemo.self)
        let fanned = try run.picture(at: 0)
        #expect(run.session.router.hitTest(CGPoint(x: 5, y: 235)) === gallery.rootLayer)
        let stacked = try run.picture(at: 0.8)
        #expect(!gallery.isFanned && gallery.selected == nil)
        #expect(stacked.differingFraction(from: fanned) > 0.1)
        _ = try run.picture(at: 1.5)
        #expect(gallery.isFanned && gallery.spread > 0.015 && gallery.spread < 0.16)
    }
}
