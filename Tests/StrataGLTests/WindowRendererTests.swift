import Foundation
import Strata
import StrataHost
import StrataRender
import Testing

/// `WindowRenderer` draws frames that change whole straight into the back
/// buffer and the others through its offscreen target: either way the window
/// shows what a headless render of the same list shows.
@Suite struct WindowRendererTests {
    @Test(
        .enabled(if: WindowHostTests.hasDisplay, "no DISPLAY: run under `xvfb-run -a swift test` (Scripts/test does)"))
    func framesThatChangeWholeGoStraightToTheBackBufferWithTheSamePixels() throws {
        let host = try WindowHost(width: 64, height: 48, title: "WindowRendererTests", vsync: false)
        let renderer = try WindowRenderer(window: host)
        let offscreen = try OffscreenRenderer()
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
        let square = CALayer()
        square.frame = CGRect(x: 4, y: 4, width: 10, height: 10)
        square.backgroundColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
        root.addSublayer(square)

        // Each step changes the tree (or not) before its frame; the root's colour covers the whole frame.
        let steps: [(name: String, change: () -> Void, straight: Bool)] = [
            (
                "first frame: into the target",
                { root.backgroundColor = CGColor(red: 0.2, green: 0.3, blue: 0.4, alpha: 1) },
                false
            ),
            (
                "whole change after a whole change: straight",
                { root.backgroundColor = CGColor(red: 0.8, green: 0.1, blue: 0.1, alpha: 1) },
                true
            ),
            ("unchanged: the stale target is drawn whole", {}, false),
            (
                "whole change after a target frame: into the target",
                { root.backgroundColor = CGColor(red: 0.1, green: 0.7, blue: 0.2, alpha: 1) },
                false
            ),
            (
                "whole change again: straight",
                { root.backgroundColor = CGColor(red: 0.1, green: 0.2, blue: 0.9, alpha: 1) },
                true
            ),
            ("a small move: the target, drawn whole", { square.position = CGPoint(x: 30, y: 20) }, false),
            ("another small move: its damage only", { square.position = CGPoint(x: 40, y: 30) }, false),
        ]
        for step in steps {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            step.change()
            CATransaction.commit()
            var shown: [UInt8] = []
            var drawn: (list: RenderList, frame: FrameInfo)?
            try host.runFrame { frame in
                let list = renderer.renderList(for: root.presentationTree(at: 0), frame: frame, background: nil)
                try renderer.render(list, frame: frame)
                shown = host.readPixels()  // the back buffer, before the swap
                drawn = (list, frame)
            }
            #expect(renderer.lastFrameWentStraightToBackBuffer == step.straight, "\(step.name)")
            // Headless outside the window's frame: its EGL context cannot be made current while the window's is.
            let (list, frame) = try #require(drawn)
            _ = try offscreen.draw(list)
            let expected = offscreen.host.readPixels()
            #expect(shown.count == frame.framebufferWidth * frame.framebufferHeight * 4)
            #expect(
                differingColourBytes(shown, expected) == 0, "\(step.name): the window differs from a headless render")
        }
        // After a frame drawn straight into the (since swapped) back buffer, the last frame is drawn again.
        var last: RenderList?
        for red in [0.5, 0.7] {  // a whole change into the target, then one straight
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            root.backgroundColor = CGColor(red: red, green: 0.5, blue: 0.1, alpha: 1)
            CATransaction.commit()
            try host.runFrame { frame in
                let list = renderer.renderList(for: root.presentationTree(at: 0), frame: frame, background: nil)
                try renderer.render(list, frame: frame)
                last = list
            }
        }
        #expect(renderer.lastFrameWentStraightToBackBuffer)
        let expected = try offscreen.render(try #require(last)).image.pixels
        let shownLast = try #require(renderer.lastFrame())
        #expect(differingColourBytes(shownLast.pixels, expected) == 0)
    }

    /// How many colour bytes (not alpha: the window may have none) differ; -1 for pictures of different sizes.
    private func differingColourBytes(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return -1 }
        return a.indices.filter { $0 % 4 != 3 && a[$0] != b[$0] }.count
    }
}
