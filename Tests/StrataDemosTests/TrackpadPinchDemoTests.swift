import Foundation
import Strata
import StrataDemos
import StrataHost
import Testing

/// The page fold driven by a pinch the X server recognized on a trackpad (XInput 2.4 events, scripted).
@Suite struct TrackpadPinchDemoTests {
    @Test func aServerPinchFoldsThePageAndReleasingUnfoldsIt() throws {
        var script = InputScript()
        script.trackpadPinch(at: CGPoint(x: 160, y: 120), to: 0.5, time: 0.1, duration: 0.5)
        let run = try DemoRun("pagefold", script: script)
        let fold = try run.demo(PageFoldDemo.self)
        func skip(to time: Double) throws {
            while Double(run.player.frameIndex) / HeadlessDemoPlayer.frameRate <= time { try run.player.skipFrame() }
        }
        try skip(to: 0.5)
        #expect(fold.foldAngle > 0.5, "folded while pinching")
        // Released at 0.6 s at scale 0.5: the unfold takes 1 s.
        try skip(to: 1.1)
        #expect(fold.unfoldsCompleted == 0, "still unfolding")
        try skip(to: 1.7)
        #expect(fold.foldAngle == 0 && fold.unfoldsCompleted == 1)
    }
}
