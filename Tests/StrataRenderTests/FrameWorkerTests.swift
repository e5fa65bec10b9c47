import Foundation
import Testing

@testable import StrataRender

@Suite struct FrameWorkerTests {
    /// What the worker saw, written only by the worker while it runs. The threads are
    /// held, not named by identity: a thread object freed once the worker stops may be
    /// replaced at the same address by the test thread's.
    final class Seen: @unchecked Sendable {
        var requests: [Int] = []
        var threads: [Thread] = []
    }

    @Test func framesComeBackInOrderMadeOnAnotherThread() {
        let seen = Seen()
        let worker = FrameWorker<Int, String> { i in
            seen.requests.append(i)
            let thread = Thread.current
            if !seen.threads.contains(where: { $0 === thread }) { seen.threads.append(thread) }
            // Making and drawing both longer than a hand-off, so frames stay on the worker.
            Thread.sleep(forTimeInterval: 0.001)
            return "frame \(i)"
        }
        var got: [String] = []
        worker.submit(0)
        for k in 1...20 {
            let frame = worker.take()
            if k < 20 { worker.submit(k) }
            Thread.sleep(forTimeInterval: 0.002)
            got.append(frame)
        }
        #expect(!worker.hasPending)
        worker.stop()
        #expect(got == (0..<20).map { "frame \($0)" })
        #expect(seen.requests == Array(0..<20))
        let caller = Thread.current
        #expect(seen.threads.count == 1 && !seen.threads.contains(where: { $0 === caller }))
    }

    /// Plays frames 0…`count` through a worker whose making of frame k takes
    /// `making(k)` seconds, the caller drawing frame k for `drawing(k)` seconds;
    /// whether each frame was made on the caller's thread. The frames must come back in order.
    private func madeHere(
        _ count: Int, making: @escaping @Sendable (Int) -> Double, drawing: (Int) -> Double
    ) -> [Bool] {
        final class Threads: @unchecked Sendable { var made: [Thread] = [] }
        let threads = Threads()
        let worker = FrameWorker<Int, Int> { i in
            threads.made.append(Thread.current)
            let seconds = making(i)
            if seconds > 0 { Thread.sleep(forTimeInterval: seconds) }
            return i
        }
        let caller = Thread.current
        var got: [Int] = []
        worker.submit(0)
        for k in 1...count {
            got.append(worker.take())
            worker.submit(k)
            let seconds = drawing(k)
            if seconds > 0 { Thread.sleep(forTimeInterval: seconds) }
        }
        got.append(worker.take())
        worker.stop()
        #expect(got == Array(0...count))
        return threads.made.map { $0 === caller }
    }

    /// A caller that draws next to nothing gets its frames made on its own
    /// thread after a run of such frames (the hand-off would be the frame's
    /// whole cost), in order, and on the worker again once it draws.
    @Test func framesAreMadeOnTheCallersThreadWhileItHasLittleToDraw() {
        // Making and drawing nothing for 30 frames, then both taking time for 10 (quick
        // frames while there is nothing to draw: a run of them is not cut short by a
        // loaded machine's pauses between them, as 1 ms frames were).
        let here = madeHere(40, making: { $0 > 30 ? 0.001 : 0 }) { $0 > 30 ? 0.002 : 0 }
        #expect(!here[0], "the first frame is the worker's")
        // Made here after the run, up to where the caller draws again.
        let still = here[min(FrameWorker<Int, Int>.inlineRun + 2, 31)..<31]
        #expect(!still.isEmpty && still.allSatisfy { $0 }, "\(here)")
        #expect(here[35...].allSatisfy { !$0 }, "drawing again: the worker's: \(here)")
    }

    /// Frames quicker to make than a hand-off are made on the caller's thread
    /// however long it draws: overlapping would save less than it costs.
    @Test func framesQuickToMakeAreMadeOnTheCallersThread() {
        let here = madeHere(20, making: { _ in 0 }) { _ in 0.002 }
        #expect(here[(FrameWorker<Int, Int>.inlineRun + 2)...].allSatisfy { $0 }, "\(here)")
    }

    @Test func theNextFrameIsMadeWhileTheCallerWorks() {
        let started = DispatchSemaphore(value: 0)
        let worker = FrameWorker<Int, Int> { i in
            started.signal()
            return i * 2
        }
        worker.submit(21)
        // The worker starts without waiting for take().
        #expect(started.wait(timeout: .now() + 5) == .success)
        #expect(worker.hasPending)
        #expect(worker.take() == 42)
        worker.stop()
        worker.stop()  // a second stop is harmless
    }

    @Test func stopWaitsForTheFrameBeingMade() {
        let seen = Seen()
        let worker = FrameWorker<Int, Int> { i in
            Thread.sleep(forTimeInterval: 0.1)
            seen.requests.append(i)
            return i
        }
        worker.submit(7)
        worker.stop()
        // After stop() the worker touches nothing: its last frame was finished first.
        #expect(seen.requests == [7])
    }
}
