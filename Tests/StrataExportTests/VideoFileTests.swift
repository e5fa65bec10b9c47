import Foundation
import StrataExport
import Testing
import _StrataTestSupport

/// y4m writing and joining, frame rates, formats: no GL, no ffmpeg.
@Suite struct VideoFileTests {
    let folder = ScratchFolder("strata-export")

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
        #expect(throws: ExportError.partSizeDiffers(file: b, size: "2×2", first: a, firstSize: "3×2")) {
            try VideoParts.joinY4M([a, b], into: out)
        }
        #expect(throws: ExportError.badY4M(file: junk, reason: "the header line has no end")) {
            try VideoParts.joinY4M([junk], into: out)
        }
    }

    @Test func joiningRejectsAPartOfAnotherFrameRate() throws {
        let a = try writeY4M("a.y4m", frames: [frame(1, width: 3, height: 2)])
        let path = folder.appendingPathComponent("b.y4m").path
        let writer = try Y4MWriter(
            output: FileOutput(creating: path), width: 3, height: 2, rate: FrameRate(30000, 1001))
        try writer.write(frame: frame(2, width: 3, height: 2))
        try writer.finish()
        let out = try FileOutput(creating: folder.appendingPathComponent("j.y4m").path)
        #expect(throws: ExportError.partRateDiffers(file: path, rate: "30000/1001", first: a, firstRate: "24")) {
            try VideoParts.joinY4M([a, path], into: out)
        }
        let error = ExportError.partRateDiffers(file: path, rate: "30000/1001", first: a, firstRate: "24")
        #expect(
            error.description == "\(path): parts do not match: its frame rate is 30000/1001 fps, that of \(a) 24 fps")
    }

    /// A part whose render was stopped part way ends inside a frame: joining it
    /// is an error naming the frame, whether the cut is in its planes or its marker.
    @Test func joiningRejectsAPartCutShort() throws {
        let frames = (0..<3).map { frame(UInt8($0 * 40), width: 3, height: 2) }
        let a = try writeY4M("a.y4m", frames: frames)
        let header = Y4MWriter.header(width: 3, height: 2, rate: FrameRate(24)).utf8.count
        let frameBytes = 6 + 3 * 2 * 3
        let whole = try #require(FileManager.default.contents(atPath: a))
        #expect(whole.count == header + 3 * frameBytes)
        let cases: [(keep: Int, frame: Int, bytes: Int)] = [
            (header + 2 * frameBytes + 10, 2, 10),  // in the planes of the last frame
            (header + frameBytes + 3, 1, 3),  // in the second frame's marker
            (header + 3 * frameBytes - 1, 2, frameBytes - 1),  // one byte short
        ]
        for (n, c) in cases.enumerated() {
            let cut = folder.appendingPathComponent("cut-\(n).y4m").path
            try whole.prefix(c.keep).write(to: URL(fileURLWithPath: cut))
            let out = try FileOutput(creating: folder.appendingPathComponent("j.y4m").path)
            #expect(throws: ExportError.partCutShort(file: cut, frame: c.frame, bytes: c.bytes, frameBytes: frameBytes))
            {
                try VideoParts.joinY4M([a, cut], into: out)
            }
        }
        // A frame that does not start with its marker.
        let bad = folder.appendingPathComponent("bad.y4m").path
        var broken = whole
        broken[header + frameBytes] = UInt8(ascii: "X")
        try broken.write(to: URL(fileURLWithPath: bad))
        let out = try FileOutput(creating: folder.appendingPathComponent("j.y4m").path)
        #expect(throws: ExportError.badY4M(file: bad, reason: "its frame 1 does not start with \"FRAME\"")) {
            try VideoParts.joinY4M([bad], into: out)
        }
    }

    /// Raw parts (what `render --jobs` joins into ffmpeg) cut short are an error too.
    @Test func sendingRawFramesRejectsAPartCutShort() throws {
        final class Count: FrameSink {
            var frames = 0
            func write(frame: [UInt8]) throws(ExportError) { frames += 1 }
            func finish() throws(ExportError) {}
        }
        let raw = folder.appendingPathComponent("p.rgba").path
        try Data(repeating: 7, count: 2 * 24 + 5).write(to: URL(fileURLWithPath: raw))
        let sink = Count()
        #expect(throws: ExportError.partCutShort(file: raw, frame: 2, bytes: 5, frameBytes: 24)) {
            try VideoParts.sendRawFrames([raw], frameBytes: 24, to: sink)
        }
        #expect(sink.frames == 2)
    }

    /// Parts numbered as a farm names them must come in order from 0, none left out.
    @Test func numberedPartsMustRunFromZeroWithoutAGap() throws {
        let p = { (i: Int) in String(format: "parts/part-%05d.y4m", i) }
        try VideoParts.checkNumbering([p(0), p(1), p(2)])
        try VideoParts.checkNumbering([p(0)])
        #expect(throws: ExportError.partMissing(file: p(2), previous: p(1), next: p(3))) {
            try VideoParts.checkNumbering([p(0), p(1), p(3)])
        }
        #expect(throws: ExportError.partMissing(file: p(0), previous: nil, next: p(1))) {
            try VideoParts.checkNumbering([p(1), p(2)])
        }
        #expect(throws: ExportError.partsOutOfOrder(file: p(1), previous: p(2))) {
            try VideoParts.checkNumbering([p(0), p(2), p(1)])
        }
        #expect(throws: ExportError.partsOutOfOrder(file: p(1), previous: p(1))) {
            try VideoParts.checkNumbering([p(0), p(1), p(1)])
        }
        // Unpadded numbers as a shell glob sorts them: 10 before 2.
        #expect(throws: ExportError.partsOutOfOrder(file: "part-2.y4m", previous: "part-11.y4m")) {
            try VideoParts.checkNumbering(
                (0..<2).map { "part-\($0).y4m" } + ["part-10.y4m", "part-11.y4m", "part-2.y4m"])
        }
        #expect(throws: ExportError.partMissing(file: "take9.y4m", previous: "take8.y4m", next: "take10.y4m")) {
            try VideoParts.checkNumbering(["take8.y4m", "take10.y4m"])
        }
        // Unpadded numbers may start anywhere; names not numbered alike are not checked.
        try VideoParts.checkNumbering(["clip1.y4m", "clip2.y4m"])
        try VideoParts.checkNumbering(["intro.y4m", "part-00003.y4m"])
        try VideoParts.checkNumbering(["a/part-00001.y4m", "b/part-00000.y4m"])
        try VideoParts.checkNumbering(["run2/intro.y4m", "run1/intro.y4m"])
        #expect(
            ExportError.partMissing(file: p(2), previous: p(1), next: p(3)).description
                == "parts/part-00002.y4m: missing: the parts are numbered, and parts/part-00003.y4m comes right after parts/part-00001.y4m"
        )
    }

    @Test func frameRatesParseAndGiveExactTimes() throws {
        #expect(try FrameRate(parsing: "30") == FrameRate(30))
        #expect(try FrameRate(parsing: "30000/1001") == FrameRate(30000, 1001))
        for bad in ["0", "-1", "abc", "30/0", "29,97", "", "1/2/3", "5000"] {
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
