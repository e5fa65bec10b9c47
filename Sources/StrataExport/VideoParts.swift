import Foundation

/// Joins the parts a split render wrote (one per process or per farm job, each
/// a run of consecutive frames) into one output, in order.
///
/// A y4m part is a complete file; the joined file is the first part's header
/// followed by every part's frames, so it has the same bytes as one run that
/// wrote all the frames. Raw parts are frames with no header.
///
/// Parts may be joined while they are being written (`follow`), so joining and
/// encoding overlap the rendering of the later parts.
public enum VideoParts {
    /// Asked when a followed part has no more bytes yet: sleeps a little and
    /// returns whether its writer may still add to it (false once it has exited);
    /// throws to give up (a writer failed).
    public typealias Follow = () throws(ExportError) -> Bool

    /// Bytes copied at a time.
    static let chunk = 1 << 20

    /// Writes the y4m `parts` (all with the same header) as one y4m to `output`.
    /// `follow(i)` follows part i while it is written (nil: the parts are complete).
    ///
    /// Every part must be a Strata y4m (4:4:4) of the first part's size and rate,
    /// made of whole frames: a part cut short (its render stopped part way) is an
    /// error, not a shorter video.
    public static func joinY4M(
        _ parts: [String], into output: FileOutput,
        follow: ((Int) -> Follow)? = nil
    ) throws(ExportError) {
        precondition(!parts.isEmpty, "VideoParts.joinY4M: no parts")
        var first: (file: String, line: [UInt8], header: Y4MHeader)?
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        for (i, part) in parts.enumerated() {
            let input = try InputFile(part, follow: follow?(i))
            let line = try input.readLine(max: 512)
            let header = try Y4MHeader(line: line, file: part)
            if let first {
                if line != first.line { throw header.mismatch(file: part, first: first.header, firstFile: first.file) }
            } else {
                first = (part, line, header)
                try output.write(line)
            }
            try copyFrames(of: input, planeBytes: header.planeBytes, to: output, through: buffer)
        }
    }

    /// Copies the frames after a part's header, each a `FRAME` marker and
    /// `planeBytes` of planes, checking that the part ends after a whole frame.
    private static func copyFrames(
        of input: InputFile, planeBytes: Int, to output: FileOutput, through buffer: UnsafeMutableRawBufferPointer
    ) throws(ExportError) {
        let marker = Y4MWriter.frameMarker
        let frameBytes = marker.count + planeBytes
        var frame = 0
        while true {
            let head = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<marker.count])
            let got = try input.fill(head)
            if got == 0 { return }
            guard got == marker.count else {
                throw .partCutShort(file: input.name, frame: frame, bytes: got, frameBytes: frameBytes)
            }
            guard head.elementsEqual(marker) else {
                throw .badY4M(file: input.name, reason: "its frame \(frame) does not start with \"FRAME\"")
            }
            try output.write(UnsafeRawBufferPointer(head))
            let copied = try input.copy(planeBytes, to: output, through: buffer)
            guard copied == planeBytes else {
                throw .partCutShort(
                    file: input.name, frame: frame, bytes: marker.count + copied, frameBytes: frameBytes)
            }
            frame += 1
        }
    }

    /// Checks the order of parts whose names carry their index, as a farm's jobs
    /// write them (`part-00000.y4m`, `part-00001.y4m`, …): where every part's
    /// path is the same but for the number just before its extension, the
    /// numbers must go up in the order given, by one, with none left out; and
    /// numbers written with leading zeros (`%05d`) count from 0, so a lost first
    /// part is found too. Paths not numbered alike are not checked.
    public static func checkNumbering(_ parts: [String]) throws(ExportError) {
        var numbered: [NumberedPath] = []
        for part in parts {
            guard let name = NumberedPath(part), numbered.first?.sameSequence(as: name) ?? true else { return }
            numbered.append(name)
        }
        guard let head = numbered.first else { return }
        for i in numbered.indices.dropFirst() where numbered[i].number <= numbered[i - 1].number {
            throw .partsOutOfOrder(file: parts[i], previous: parts[i - 1])
        }
        if head.zeroPadded && head.number != 0 {
            throw .partMissing(file: head.path(number: 0), previous: nil, next: parts[0])
        }
        for i in numbered.indices.dropFirst() where numbered[i].number != numbered[i - 1].number + 1 {
            throw .partMissing(
                file: numbered[i - 1].path(number: numbered[i - 1].number + 1), previous: parts[i - 1], next: parts[i])
        }
    }

    /// Writes `parts` one after another to `output`, byte for byte (raw frames).
    public static func concatenate(
        _ parts: [String], into output: FileOutput,
        follow: ((Int) -> Follow)? = nil
    ) throws(ExportError) {
        for (i, part) in parts.enumerated() { try InputFile(part, follow: follow?(i)).copyRest(to: output) }
    }

    /// Sends the frames of raw `parts` (`frameBytes` each, no header), in order, to `sink`.
    public static func sendRawFrames(
        _ parts: [String], frameBytes: Int, to sink: FrameSink,
        follow: ((Int) -> Follow)? = nil
    ) throws(ExportError) {
        for (i, part) in parts.enumerated() {
            let input = try InputFile(part, follow: follow?(i))
            var index = 0
            while true {
                let frame = try input.read(upTo: frameBytes)
                if frame.isEmpty { break }
                guard frame.count == frameBytes else {
                    throw .partCutShort(file: part, frame: index, bytes: frame.count, frameBytes: frameBytes)
                }
                try sink.write(frame: frame)
                index += 1
            }
        }
    }
}

/// The fields of a part's y4m header line that joining reads.
struct Y4MHeader {
    let width: Int, height: Int
    /// The `F` field, `30:1`.
    let rate: String
    let line: String

    /// Reads `line` (newline included) of `file`; only Strata's 4:4:4 y4m is accepted.
    init(line bytes: [UInt8], file: String) throws(ExportError) {
        line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .newlines)
        let fields = line.split(separator: " ")
        guard fields.first == "YUV4MPEG2" else {
            throw .badY4M(file: file, reason: "it does not start with \"YUV4MPEG2 \"")
        }
        func field(_ tag: Character) -> Substring? {
            fields.dropFirst().first { $0.first == tag }.map { $0.dropFirst() }
        }
        // Bounds that keep width × height × 3 far from overflowing.
        guard let w = field("W").flatMap({ Int($0) }), let h = field("H").flatMap({ Int($0) }),
            (1...65536).contains(w), (1...65536).contains(h)
        else {
            throw .badY4M(file: file, reason: "its header \"\(line)\" has no frame size")
        }
        guard let f = field("F"), f.split(separator: ":").count == 2 else {
            throw .badY4M(file: file, reason: "its header \"\(line)\" has no frame rate")
        }
        guard field("C") == "444" else {
            throw .badY4M(file: file, reason: "its header \"\(line)\" is not 4:4:4 (C444)")
        }
        width = w
        height = h
        rate = String(f)
    }

    /// Bytes of one frame's planes, after its marker.
    var planeBytes: Int { Y4MWriter.planeBytes(width: width, height: height) }

    /// `30`, or `30000/1001`: the rate as `--fps` takes it.
    var ratePerSecond: String {
        let parts = rate.split(separator: ":")
        return parts[1] == "1" ? String(parts[0]) : "\(parts[0])/\(parts[1])"
    }

    /// Why a part with this header cannot follow `first`'s part, whose line differs.
    func mismatch(file: String, first: Y4MHeader, firstFile: String) -> ExportError {
        if (width, height) != (first.width, first.height) {
            return .partSizeDiffers(
                file: file, size: "\(width)×\(height)", first: firstFile, firstSize: "\(first.width)×\(first.height)")
        }
        if rate != first.rate {
            return .partRateDiffers(
                file: file, rate: ratePerSecond, first: firstFile, firstRate: first.ratePerSecond)
        }
        return .partsDiffer(file: file, reason: "header \"\(line)\" is not \"\(first.line)\"")
    }
}

/// A part's path split around the number just before its extension:
/// `parts/part-00007.y4m` is `parts/part-`, `00007`, `.y4m`.
struct NumberedPath {
    let stem: String, digits: String, suffix: String
    let number: Int

    init?(_ path: String) {
        let nameStart = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let suffixStart = path[nameStart...].lastIndex(of: ".") ?? path.endIndex
        var digitsStart = suffixStart
        while digitsStart > nameStart, path[path.index(before: digitsStart)].isASCII,
            path[path.index(before: digitsStart)].isNumber
        {
            digitsStart = path.index(before: digitsStart)
        }
        // Nine digits at most: no overflow, and more than a farm's jobs.
        let digits = path[digitsStart..<suffixStart]
        guard (1...9).contains(digits.count), let number = Int(digits) else { return nil }
        stem = String(path[..<digitsStart])
        self.digits = String(digits)
        suffix = String(path[suffixStart...])
        self.number = number
    }

    /// Written with leading zeros, as `%05d` writes 7.
    var zeroPadded: Bool { digits.count > 1 && digits.first == "0" }

    func sameSequence(as other: NumberedPath) -> Bool { stem == other.stem && suffix == other.suffix }

    /// The path of part `number` of this sequence, padded as this one is.
    func path(number: Int) -> String {
        let text = String(number)
        let padding = zeroPadded ? String(repeating: "0", count: max(0, digits.count - text.count)) : ""
        return stem + padding + text + suffix
    }
}
