import Foundation
import Testing
import _StrataTestSupport

@testable import Strata

/// Transactions on threads other than the one that ticks.
@Suite struct ThreadTransactionTests {
    /// A thread that exits with its implicit transaction open has it
    /// committed then: its animation starts and its completion block runs.
    @Test func anExitingThreadCommitsItsImplicitTransaction() {
        let root = CALayer()
        // Layers are not Sendable (as in Core Animation) but are safe to share: see TransactionLock.
        nonisolated(unsafe) let layer = CALayer()
        root.addSublayer(layer)
        let ticker = FrameTicker(rootLayer: root)
        ticker.tick(at: 0)
        let ran = SharedCounter()
        let thread = StressThread {
            CATransaction.setCompletionBlock { ran.increment() }
            layer.opacity = 0.5  // animates implicitly: the layer is on screen
        }
        thread.join()
        #expect(layer.animationKeys() == ["opacity"])
        ticker.tick(at: 0.1)
        #expect(ran.value == 0)
        ticker.tick(at: 1)
        #expect(ran.value == 1)
        #expect(layer.animationKeys() == nil)
    }

    /// Changes made holding `CATransaction.lock()` reach a tick together.
    @Test func changesUnderTheLockAreSeenTogether() {
        let root = CALayer()
        nonisolated(unsafe) let a = CALayer(), b = CALayer()
        root.addSublayer(a)
        root.addSublayer(b)
        let ticker = FrameTicker(rootLayer: root)
        ticker.tick(at: 0)
        let done = SharedCounter()
        let thread = StressThread {
            for i in 0..<2_000 {
                CATransaction.lock()
                CATransaction.setDisableActions(true)
                a.zPosition = CGFloat(i)
                b.zPosition = CGFloat(i)
                CATransaction.flush()
                CATransaction.unlock()
            }
            done.increment()
        }
        var apart = 0, frame = 0
        while done.value == 0 {
            frame += 1
            let tree = ticker.tick(at: Double(frame) / 60)
            if tree.sublayers![0].zPosition != tree.sublayers![1].zPosition { apart += 1 }
        }
        thread.join()
        #expect(apart == 0)
    }
}
