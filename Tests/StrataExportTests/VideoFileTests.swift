import Foundation
import StrataExport
import Testing

/// y4m writing and joining, frame rates, formats: no GL, no ffmpeg.
@Suite struct VideoFileTests {
    let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-export-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    func frame(_ value: UInt8, width: Int, height: Int) -> [UInt8] {
        (0..<width * height).flatMap { i in [value, UInt8(i % 256), 255 - value, 255] }
    }

    func writeY4M(_ name: String, frames: [[UInt8]], width: Int = 3, height: Int = 2) throws -> String {
        let path = folder.appendingPathComponent(name).path
        let writer = try Y4MWriter(
            output: FileOutput(creating: path), width: width, height: height, rate: FrameRate(24))
        for f in frames { try writer.write(frame: f) }
        try writer.finish()
        return path
    }

    @Test func aY4MHasItsHeaderAndOnePlaneSetPerFrame() throws {
        let path = try writeY4M("a.y4m", frames: [frame(10, width: 3, height: 2), frame(200, width: 3, height: 2)])
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let header = "YUV4MPEG2 W3 H2 F24:1 Ip A1:1 C444 XCOLORRANGE=FULL\n"
        #expect(data.starts(with: Array(header.utf8)))
        #expect(data.count == header.utf8.count + 2 * (6 + 3 * 2 * 3))
        #expect(data[header.utf8.count..<header.utf8.count + 6] == Data("FRAME\n".utf8))
    }

    @Test func joiningPartsGivesTheBytesOfOneFile() throws {
        let frames = (0..<5).map { frame(UInt8($0 * 40), width: 3, height: 2) }
        let whole = try writeY4M("whole.y4m", frames: frames)
        let parts = [
            try writeY4M("p0.y4m", frames: Array(frames[0..<2])), try writeY4M("p1.y4m", frames: []),
            try writeY4M("p2.y4m", frames: Array(frames[2...])),
        ]
        let joined = folder.appendingPathComponent("joined.y4m").path
        let out = try FileOutput(creating: joined)
        try VideoParts.joinY4M(parts, into: out)
        try out.close()
        #expect(FileManager.default.contents(atPath: joined) == FileManager.default.contents(atPath: whole))
    }

    @Test func joiningRejectsPartsThatDiffer() throws {
        let a = try writeY4M("a.y4m", frames: [frame(1, width: 3, height: 2)])
        let b = try writeY4M("b.y4m", frames: [frame(1, width: 2, height: 2)], width: 2, height: 2)
        let junk = folder.appendingPathComponent("junk.y4m").path
        try Data("hello".utf8).write(to: URL(fileURLWithPath: junk))
        let out = try FileOutput(creating: folder.appendingPathComponent("j.y4m").path)
        #expect(throws: ExportError.self) { try VideoParts.joinY4M([a, b], into: out) }
        #expect(throws: ExportError.self) { try VideoParts.joinY4M([junk], into: out) }
    }

    @Test func frameRatesParseAndGiveExactTimes() throws {
        #expect(try FrameRate(parsing: "30") == FrameRate(30))
        #expect(try FrameRate(parsing: "30000/1001") == FrameRate(30000, 1001))
        for bad in ["0", "-1", "abc", "30/0", "29.97", "", "1/2/3", "5000"] {
            #expect(throws: ExportError.self, "\(bad)") { try FrameRate(parsing: bad) }
        }
        // What `--time` reads for "k/fps" written as a decimal.
        #expect(FrameRate(30).time(ofFrame: 7) == Double("0.23333333333333334"))
        #expect(FrameRate(30).frames(before: 2) == 60)
        #expect(FrameRate(30).frames(before: 2.01) == 61)
        #expect(FrameRate(30).frames(before: 0) == 0)
        #expect(FrameRate(30).frames(before: .infinity) > 100_000)
    }

    @Test func formatsComeFromTheExtension() throws {
        #expect(try VideoFormat(file: "a/b.MP4") == .mp4)
        #expect(try VideoFormat(file: "x.y4m") == .y4m)
        #expect(throws: ExportError.unknownFormat(file: "clip.avi")) { try VideoFormat(file: "clip.avi") }
        let args = FFmpegEncoder.arguments(
            file: "o.mp4", format: .mp4,
            input: .frames(width: 4, height: 2, rate: FrameRate(25)))
        #expect(args.contains("libx264") && args.contains("rgb0") && args.last == "o.mp4")
    }
}
