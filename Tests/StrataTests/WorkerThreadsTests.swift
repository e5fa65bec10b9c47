import Foundation
import Synchronization
import Testing

@testable import Strata

/// How many threads a frame's CPU work spreads over, and `perform` running every run once.
@Suite struct WorkerThreadsTests {
    @Test func aSoftwareRasterizerKeepsTheCoresItDrawsWith() {
        // llvmpipe with a thread per core: the frame's work stays on one thread.
        #expect(WorkerThreads.count(cores: 2, requested: nil, rendererThreads: 2) == 1)
        #expect(WorkerThreads.count(cores: 16, requested: nil, rendererThreads: 4) == 12)
        // LP_NUM_THREADS=0 (it draws on the drawing thread), or a GPU: every core.
        #expect(WorkerThreads.count(cores: 8, requested: nil, rendererThreads: 0) == 8)
        // STRATA_THREADS wins.
        #expect(WorkerThreads.count(cores: 2, requested: 4, rendererThreads: 2) == 4)
    }

    @Test func aThreadCountThatIsNotAPositiveWholeNumberIsAProblemNamed() {
        #expect(WorkerThreads.requested(from: "3") == (3, nil))
        #expect(WorkerThreads.requested(from: nil) == (nil, nil))
        #expect(WorkerThreads.requested(from: "") == (nil, nil))
        for value in ["0", "-2", "two", "1.5", " 4"] {
            let found = WorkerThreads.requested(from: value)
            #expect(found.count == nil, "\(value)")
            #expect(found.problem?.hasPrefix("STRATA_THREADS=\"\(value)\" is not a positive whole number") == true)
        }
    }

    @Test func performRunsEveryRunOnce() {
        let runs = Atomic<Int>(0)
        let sum = Atomic<Int>(0)
        WorkerThreads.perform(37) { r in
            runs.add(1, ordering: .relaxed)
            sum.add(r, ordering: .relaxed)
        }
        #expect(runs.load(ordering: .relaxed) == 37)
        #expect(sum.load(ordering: .relaxed) == 36 * 37 / 2)
    }
}
