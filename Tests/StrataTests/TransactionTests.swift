import Foundation
import Testing

@testable import Strata

@Suite struct TransactionTests {
    @Test func defaultsOutsideAnyTransaction() {
        CATransaction.flush()
        #expect(CATransaction.animationDuration() == 0.25)
        #expect(CATransaction.disableActions() == false)
        #expect(CATransaction.animationTimingFunction() == nil)
        #expect(CATransaction.completionBlock() == nil)
        #expect(CATransaction.value(forKey: kCATransactionAnimationDuration) == nil)
    }

    @Test func nestedTransactionsInheritAndDoNotLeakOutward() {
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setDisableActions(true)
        CATransaction.begin()
        // Inherited from the outer transaction.
        #expect(CATransaction.animationDuration() == 2)
        #expect(CATransaction.disableActions())
        CATransaction.setAnimationDuration(5)
        CATransaction.setDisableActions(false)
        // Innermost wins.
        #expect(CATransaction.animationDuration() == 5)
        #expect(!CATransaction.disableActions())
        CATransaction.commit()
        // Not leaked outward.
        #expect(CATransaction.animationDuration() == 2)
        #expect(CATransaction.disableActions())
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 0.25)
        #expect(!CATransaction.disableActions())
    }

    @Test func valueForKeyMatchesTheSetters() {
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setValue(NSNumber(value: 1.5), forKey: kCATransactionAnimationDuration)
        CATransaction.setValue(true, forKey: kCATransactionDisableActions)
        let linear = CAMediaTimingFunction(name: .linear)
        CATransaction.setValue(linear, forKey: kCATransactionAnimationTimingFunction)
        CATransaction.setValue("tag", forKey: "myKey")
        #expect(CATransaction.animationDuration() == 1.5)
        #expect(CATransaction.disableActions())
        #expect(CATransaction.animationTimingFunction() === linear)
        #expect((CATransaction.value(forKey: kCATransactionAnimationDuration) as? NSNumber)?.doubleValue == 1.5)
        #expect((CATransaction.value(forKey: kCATransactionDisableActions) as? NSNumber)?.boolValue == true)
        #expect(CATransaction.value(forKey: "myKey") as? String == "tag")
        CATransaction.begin()
        #expect(CATransaction.value(forKey: "myKey") as? String == "tag")
        CATransaction.commit()
        CATransaction.commit()
        #expect(CATransaction.value(forKey: "myKey") == nil)
    }

    @Test func completionRunsAtCommitWhenThereAreNoAnimations() {
        CATransaction.flush()
        var log: [String] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("outer") }
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("inner") }
        #expect(CATransaction.completionBlock() != nil)
        CATransaction.commit()
        #expect(log == ["inner"])
        CATransaction.commit()
        #expect(log == ["inner", "outer"])
    }

    @Test func completionWaitsForEveryAnimationIncludingNestedOnes() {
        let stage = Stage()
        let a = stage.show(CALayer())
        let b = stage.show(CALayer())
        var log: [String] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("outer") }
        CATransaction.setAnimationDuration(1)
        a.opacity = 0
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setCompletionBlock { log.append("inner") }
        b.opacity = 0
        CATransaction.commit()
        CATransaction.commit()
        #expect(log.isEmpty)
        stage.tick(1)  // a finished; b still running: neither block yet
        #expect(log.isEmpty)
        stage.tick(2)  // b finished: inner first, then outer
        #expect(log == ["inner", "outer"])
        stage.tick(3)
        #expect(log == ["inner", "outer"])
    }

    @Test func completionCountsRemovedAnimations() {
        let stage = Stage()
        let layer = stage.show(CALayer())
        var done = 0
        CATransaction.begin()
        CATransaction.setCompletionBlock { done += 1 }
        layer.position = CGPoint(x: 100, y: 0)
        CATransaction.commit()
        stage.tick(0.1)
        #expect(done == 0)
        layer.removeAnimation(forKey: "position")
        stage.tick(0.11)
        #expect(done == 1)
    }

    @Test func completionOnlyCountsAnimationsAddedAfterItWasSet() {
        let stage = Stage()
        let layer = stage.show(CALayer())
        var done = false
        CATransaction.begin()
        layer.opacity = 0  // added before the block: not waited for
        CATransaction.setCompletionBlock { done = true }
        CATransaction.commit()
        #expect(done)
    }

    @Test func implicitTransactionOpensOnChangeAndCommitsAtTheTick() {
        let stage = Stage()
        let layer = stage.show(CALayer())
        stage.tick(1)
        CATransaction.setAnimationDuration(4)  // opens the implicit transaction at clock 1
        layer.opacity = 0.5  // in it
        #expect(CATransaction.animationDuration() == 4)
        let anim = layer.animation(forKey: "opacity")
        #expect(anim?.duration == 4)
        #expect(anim?.beginTime == 0)  // not committed yet
        stage.tick(3)  // commits at the clock's time before the tick moves it
        #expect(anim?.beginTime == 1)
        #expect(CATransaction.animationDuration() == 0.25)
        #expect(
            near(
                Double(layer.presentation()?.opacity ?? 0),
                1 - 0.5 * CAMediaTimingFunction(name: .default).evaluate(0.5), 1e-6))
    }

    @Test func flushCommitsTheImplicitTransaction() {
        let stage = Stage(at: 7)
        let layer = stage.show(CALayer())
        layer.position = CGPoint(x: 1, y: 1)
        CATransaction.flush()
        #expect(layer.animation(forKey: "position")?.beginTime == 7)
    }

    @Test func implicitAnimationsUseTheTransactionCurveElseDefault() {
        let stage = Stage()
        let layer = stage.show(CALayer())
        layer.opacity = 0
        #expect(layer.animation(forKey: "opacity")?.timingFunction == CAMediaTimingFunction(name: .default))
        CATransaction.begin()
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
        layer.opacity = 1
        CATransaction.commit()
        #expect(layer.animation(forKey: "opacity")?.timingFunction == CAMediaTimingFunction(name: .easeIn))
    }

    @Test func implicitAnimationStartsFromTheCurrentPresentationValue() {
        let stage = Stage()
        let layer = stage.show(CALayer())
        CATransaction.begin()
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        CATransaction.setAnimationDuration(1)
        layer.position = CGPoint(x: 100, y: 0)
        CATransaction.commit()
        stage.tick(0.5)  // halfway: x = 50
        CATransaction.begin()
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        CATransaction.setAnimationDuration(1)
        layer.position = CGPoint(x: 0, y: 0)  // retarget from where it is
        CATransaction.commit()
        let from = (layer.animation(forKey: "position") as? CABasicAnimation)?.fromValue as? NSValue
        #expect(from?.cgPointValue == CGPoint(x: 50, y: 0))
        #expect(near(stage.sample(layer, at: 1).position, CGPoint(x: 25, y: 0)))
    }

    @Test func lockIsRecursive() {
        // A lock that is not recursive would deadlock: run it on a thread and
        // fail after a timeout rather than hang the suite.
        let done = DispatchSemaphore(value: 0)
        Thread {
            CATransaction.lock()
            CATransaction.lock()
            CATransaction.unlock()
            CATransaction.unlock()
            done.signal()
        }.start()
        #expect(done.wait(timeout: .now() + 10) == .success)
    }

    /// Seed 001's pinch: while pinching, each frame sets the transform with
    /// actions disabled; on release it animates back over 0.5/scale seconds
    /// and the completion removes a helper layer from its superlayer.
    @Test func seedPinchPattern() {
        let stage = Stage()
        let page = CALayer()
        page.bounds = CGRect(x: 0, y: 0, width: 200, height: 300)
        stage.show(page)
        let shadow = stage.show(CALayer())
        var scale: CGFloat = 1
        var time = 0.0
        for step in 1...5 {
            scale = 1 + CGFloat(step) * 0.1
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            page.transform = CATransform3DMakeScale(scale, scale, 1)
            CATransaction.commit()
            time += 1.0 / 60
            let p = stage.sample(page, at: time)
            #expect(page.animationKeys() == nil)
            #expect(near(p.transform, CATransform3DMakeScale(scale, scale, 1)))
        }
        var completed = false
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.5 / scale)  // 1/3 s
        CATransaction.setCompletionBlock {
            shadow.removeFromSuperlayer()
            completed = true
        }
        page.transform = CATransform3DIdentity
        CATransaction.commit()
        #expect(page.transform == CATransform3DIdentity)
        let start = time
        let mid = stage.sample(page, at: start + 0.25 / scale)
        let eased = CAMediaTimingFunction(name: .default).evaluate(0.5)
        let expected = scale + (1 - scale) * CGFloat(eased)
        #expect(near(mid.transform.m11, expected, 1e-6))
        #expect(!completed && shadow.superlayer === stage.root)
        stage.tick(start + 0.5 / scale - 0.001)
        #expect(!completed)
        let end = stage.tick(start + 0.5 / scale)
        #expect(completed)
        #expect(shadow.superlayer == nil)
        #expect(end.sublayers?.count == 1)
        #expect(page.presentation()?.transform == CATransform3DIdentity)
    }

    @Test func threadsHaveTheirOwnTransactions() {
        let result = ThreadResults()
        let threads = (0..<8).map { i in
            Thread {
                CATransaction.begin()
                CATransaction.setAnimationDuration(Double(i))
                usleep(2000)  // overlap with the other threads
                let ok = CATransaction.animationDuration() == Double(i)
                CATransaction.commit()
                result.record(ok && CATransaction.animationDuration() == 0.25)
            }
        }
        threads.forEach { $0.start() }
        while !threads.allSatisfy(\.isFinished) { usleep(500) }
        #expect(result.passed == 8)
    }
}

/// Results recorded by several threads (locked).
final class ThreadResults: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func record(_ ok: Bool) { lock.withLock { if ok { count += 1 } } }
    var passed: Int { lock.withLock { count } }
}
