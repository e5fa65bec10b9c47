import Foundation
import Testing

/// `strata soak`: 10,000 frames of layers with images, text, shapes, masks,
/// blurred shadows and group opacity arriving, animating and leaving, drawn
/// headless at 128 × 128. Live GL objects, what the renderer keeps, malloc's
/// bytes in use and resident memory must level off after warm-up, and the
/// atlas stay within its page budget (the command checks; see SoakReport).
///
/// Run as its own process so that resident memory is the soak's alone, not
/// that of the tests running beside it. About 90 s on two cores (debug).
/// `$STRATA_SOAK_FRAMES` shortens it, and `$STRATA_SANITIZER` leaves memory
/// unchecked (a sanitizer's allocator keeps freed memory; Scripts/sanitize
/// sets both).
///
/// llvmpipe rasterizes on the thread that draws (`strata soak`'s default
/// `--llvmpipe-threads 0`, whatever `LP_NUM_THREADS` Scripts/test exports):
/// with rasterizer threads, Mesa's llvmpipe may free a scene's fence while a
/// rasterizer thread still unlocks its mutex, which corrupted the heap of
/// about one soak in fifteen on a loaded machine (see `SoakCommand`).
@Suite struct SoakTests {
    @Test func tenThousandFramesLevelOff() throws {
        let environment = ProcessInfo.processInfo.environment
        let frames = environment["STRATA_SOAK_FRAMES"].flatMap(Int.init) ?? 10_000
        let memory = environment["STRATA_SANITIZER"] == nil ? [] : ["--ignore-memory"]
        let r = try StrataProcess.run(
            [
                "soak", "--frames", "\(frames)", "--warmup", "\(frames / 5)",
                "--every", "\(max(frames / 20, 1))", "--json",
            ] + memory, timeout: 280)
        #expect(!r.signalled, "killed: crashed, or took longer than the hang guard")
        #expect(r.status == 0, "\(r.err)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any],
            "not JSON: \(r.out.prefix(200))")
        #expect(report["problems"] as? [String] == [])
        #expect(report["frames"] as? Int == frames)
        // No rasterizer threads, so no fence for them to signal after it is freed.
        #expect(report["llvmpipe_threads"] as? Int == 0)
        // It drew what it is meant to: offscreen passes (masks, groups, silhouettes), blurs, uploads.
        #expect((report["passes"] as? Int ?? 0) > frames)
        #expect((report["blurs"] as? Int ?? 0) > frames / 2)
        #expect((report["uploads"] as? Int ?? 0) > frames / 4)
        let checkpoints = report["checkpoints"] as? [[String: Any]] ?? []
        #expect(checkpoints.count >= 20)
        #expect(checkpoints.allSatisfy { ($0["gl_objects"] as? Int ?? 0) > 0 })
    }
}
