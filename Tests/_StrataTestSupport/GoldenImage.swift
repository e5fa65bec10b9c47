import Foundation
import Strata
import Testing

/// Compares rendered pictures with golden PNGs kept beside the tests in `Golden/`
/// (the folder beside the calling test file).
///
/// A missing golden is written and the test fails (review it, then commit it).
/// A mismatch writes `NAME.actual.png` and `NAME.diff.png` beside the golden.
/// `STRATA_RECORD_GOLDEN=1` rewrites goldens after a reviewed change.
public enum GoldenImage {
    /// `Golden/` beside the test file `filePath` (the caller's `#filePath`).
    public static func folder(besides filePath: StaticString) -> URL {
        URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().appendingPathComponent("Golden")
    }

    /// Mean absolute channel error allowed (0…255), and the share of pixels
    /// allowed to be off by more than 24 levels: room for anti-aliasing
    /// differences between GL drivers, not for wrong geometry.
    public static func check(
        _ image: CGImage, named name: String, meanTolerance: Double = 0.6,
        badShare: Double = 0.002, filePath: StaticString = #filePath,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let folder = Self.folder(besides: filePath)
        let url = folder.appendingPathComponent(name + ".png")
        let record = ProcessInfo.processInfo.environment["STRATA_RECORD_GOLDEN"] == "1"
        guard !record, FileManager.default.fileExists(atPath: url.path) else {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try image.write(toPNG: url)
            } catch {
                Issue.record("could not write golden \(url.path): \(error)", sourceLocation: sourceLocation)
                return
            }
            if !record {
                Issue.record(
                    "golden \(name).png was missing: recorded it, review and commit it",
                    sourceLocation: sourceLocation)
            }
            return
        }
        let golden: CGImage
        do { golden = try CGImage(contentsOfPNG: url) } catch {
            Issue.record("cannot read golden \(url.path): \(error)", sourceLocation: sourceLocation)
            return
        }
        guard golden.width == image.width, golden.height == image.height else {
            let message =
                "\(name): size \(image.width)x\(image.height) differs from golden "
                + "\(golden.width)x\(golden.height)"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            writeFailure(image, diff: nil, name: name, in: folder)
            return
        }
        var total = 0, bad = 0
        var diff = [UInt8](repeating: 255, count: image.pixels.count)
        for p in 0..<(image.width * image.height) {
            var worst = 0
            for c in 0..<4 {
                let d = abs(Int(image.pixels[p * 4 + c]) - Int(golden.pixels[p * 4 + c]))
                total += d
                worst = max(worst, d)
            }
            if worst > 24 { bad += 1 }
            let v = UInt8(255 - min(255, worst * 4))
            diff[p * 4] = 255; diff[p * 4 + 1] = v; diff[p * 4 + 2] = v
        }
        let mean = Double(total) / Double(image.pixels.count)
        let share = Double(bad) / Double(image.width * image.height)
        if mean > meanTolerance || share > badShare {
            let message =
                "\(name): mean error \(String(format: "%.3f", mean)) (max \(meanTolerance)), "
                + "\(bad) pixels off by > 24 (\(String(format: "%.3f", share * 100))%); "
                + "wrote \(name).actual.png and \(name).diff.png"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            writeFailure(
                image, diff: CGImage(width: image.width, height: image.height, pixels: diff), name: name,
                in: folder)
        }
    }

    static func writeFailure(_ image: CGImage, diff: CGImage?, name: String, in folder: URL) {
        try? image.write(toPNG: folder.appendingPathComponent(name + ".actual.png"))
        try? diff?.write(toPNG: folder.appendingPathComponent(name + ".diff.png"))
    }
}
