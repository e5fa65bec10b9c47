import Foundation
import Testing
@testable import StrataRender

@Suite struct FramePipelineTests {
    /// A counter only the worker writes while the pipeline runs.
    final class Made: @unchecked Sendable {
        var indices: [Int] = []
        var thread: Thread?
    }

    @Test func framesComeInOrderFromAnotherThreadAndTheSequenceEnds() {
        let made = Made()
        let pipeline = FramePipeline<Int> { i in
            made.indices.append(i)
            made.thread = Thread.current
            return i < 20 ? i * i : nil
        }
        var got: [Int] = []
        while let frame = pipeline.next() { got.append(frame) }
        pipeline.stop()
        #expect(got == (0..<20).map { $0 * $0 })
        #expect(made.indices == Array(0...20))
        #expect(made.thread != nil && made.thread != Thread.current)
        #expect(pipeline.next() == nil)
    }

    @Test func theWorkerRunsAtMostDepthFramesAhead() {
        let made = Made()
        let pipeline = FramePipeline<Int>(depth: 2) { i in
            made.indices.append(i)
            return i
        }
        #expect(pipeline.next() == 0)
        // Give the worker time to run ahead as far as it may.
        Thread.sleep(forTimeInterval: 0.2)
        pipeline.stop()
        // Frame 0 taken, frames 1 and 2 waiting: the worker waits before making frame 3.
        #expect(made.indices == [0, 1, 2])
        #expect(pipeline.next() == nil)
        pipeline.stop()  // a second stop is harmless
    }
}
