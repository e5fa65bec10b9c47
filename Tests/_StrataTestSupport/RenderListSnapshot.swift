import Foundation
import StrataRender
import Testing

/// Text snapshots of render lists and their frame plans (`RenderList.dump()` then
/// `FramePlan.dump()`, what `strata render --dump` prints), kept beside the tests in `Snapshots/` (the folder
/// beside the calling test file). A missing snapshot is recorded and the test
/// fails; `STRATA_RECORD_SNAPSHOTS=1` re-records after a reviewed change.
public enum RenderListSnapshot {
    /// `Snapshots/` beside the test file `filePath` (the caller's `#filePath`).
    public static func folder(besides filePath: StaticString) -> URL {
        URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().appendingPathComponent("Snapshots")
    }

    public static func check(
        _ list: RenderList, named name: String, filePath: StaticString = #filePath,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let folder = Self.folder(besides: filePath)
        let url = folder.appendingPathComponent(name + ".txt")
        let target = FrameTarget(id: 1, width: list.pixelWidth, height: list.pixelHeight, keepsPixels: false)
        let text = list.dump() + FrameBuilder().plan(list, into: target).dump()
        let record = ProcessInfo.processInfo.environment["STRATA_RECORD_SNAPSHOTS"] == "1"
        guard !record, let expected = try? String(contentsOf: url, encoding: .utf8) else {
            try? text.write(to: url, atomically: true, encoding: .utf8)
            if !record {
                Issue.record(
                    "snapshot \(name).txt was missing: recorded it, review and commit it",
                    sourceLocation: sourceLocation)
            }
            return
        }
        if text != expected {
            let actual = folder.appendingPathComponent(name + ".actual.txt")
            try? text.write(to: actual, atomically: true, encoding: .utf8)
            let firstDifference =
                zip(text.split(separator: "\n"), expected.split(separator: "\n"))
                .first { $0 != $1 }.map { "got\n  \($0)\nexpected\n  \($1)" } ?? "the line counts differ"
            Issue.record(
                Comment(rawValue: "\(name): render list differs (wrote \(name).actual.txt); \(firstDifference)"),
                sourceLocation: sourceLocation)
        }
    }
}
