import Foundation
import StrataHost
import Testing

/// The process's malloc is tuned for frame loops when the first host is made,
/// unless glibc is being tuned by hand through its own environment variables.
@Suite struct FrameMemoryTests {
    @Test func theFirstHostTunesMallocUnlessGlibcIsTunedByHand() throws {
        _ = try OffscreenHost(width: 4, height: 4)
        let env = ProcessInfo.processInfo.environment
        let byHand = ["MALLOC_TRIM_THRESHOLD_", "MALLOC_MMAP_THRESHOLD_", "MALLOC_TOP_PAD_", "GLIBC_TUNABLES"]
            .contains { env[$0] != nil }
        #expect(FrameMemory.tuned == !byHand)
    }
}
