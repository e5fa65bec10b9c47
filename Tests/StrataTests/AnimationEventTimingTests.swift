import Foundation
import Strata
import Testing

/// When delegates hear an animation start and stop, frame by frame, while the
/// tick skips layers whose animations have nothing due.
@Suite struct AnimationEventTimingTests {
    final class Log: NSObject, CAAnimationDelegate, @unchecked Sendable {
        var events: [String] = []
        var now: () -> Double = { 0 }
        func animationDidStart(_ anim: CAAnimation) {
            events.append("start \(anim.value(forKey: "tag") ?? "") at \(now())")
        }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            events.append("stop \(anim.value(forKey: "tag") ?? "") at \(now())")
        }
    }

    func animation(_ tag: String, begin: Double, duration: Double, log: Log) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0
        a.toValue = 1
        a.beginTime = begin
        a.duration = duration
        a.setValue(tag, forKey: "tag")
        a.delegate = log
        return a
    }

    @Test func startsAndStopsComeOnTheFirstFrameAtOrAfterThemThroughQuietFrames() {
        let root = CALayer()
        let layer = CALayer()
        root.addSublayer(layer)
        let ticker = FrameTicker(rootLayer: root)
        let log = Log()
        var time = 0.0
        log.now = { time }
        ticker.tick(at: 0)
        // A long one, and a short one that begins later: many frames in
        // between have nothing due for this layer.
        layer.add(animation("long", begin: 0, duration: 10, log: log), forKey: "long")
        layer.add(animation("short", begin: 2, duration: 1, log: log), forKey: "short")
        CATransaction.flush()
        for frame in 0...40 {
            time = Double(frame) / 4
            ticker.tick(at: time)
            if frame == 20 {
                // Added while the layer's animations are quiet: begins at this frame's time (the commit), heard at the next.
                layer.add(animation("late", begin: 0, duration: 0.5, log: log), forKey: "late")
            }
        }
        #expect(
            log.events == [
                "start long at 0.0", "start short at 2.0", "stop short at 3.0", "start late at 5.25",
                "stop late at 5.5", "stop long at 10.0",
            ])
    }
}
