import ArgumentParser
import Foundation
import StrataExport

struct JoinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "join",
        abstract: "Join y4m parts rendered apart (render --frames A:B) into one video, in the order given.",
        discussion: """
            The last step of a render farm: every part is a y4m from 'strata render --video PART.y4m \\
            --frames A:B' of the same scene, size and rate, and the parts together cover the frames in order \\
            (name them part-00000.y4m, part-00001.y4m, … so a shell glob sorts them). A y4m output has the \\
            same bytes as one run; .mp4, .webm and .gif are encoded by ffmpeg from the joined stream.

            Parts numbered alike must come in order, none missing (from 0 where the numbers have leading \\
            zeros). A part of another size or frame rate, or one cut short (its render stopped part way), is \\
            an error too; each error names the part, and no output is left behind.
            """)

    @Argument(help: "The parts, in frame order.")
    var parts: [String]

    @Option(name: .shortAndLong, help: "The video to write: .y4m, .mp4, .webm or .gif.")
    var output: String

    func validate() throws {
        if parts.isEmpty { throw ValidationError("give at least one part") }
    }

    func run() throws {
        FileOutput.ignoreBrokenPipes()
        do throws(ExportError) {
            try VideoParts.checkNumbering(parts)
            let format = try VideoFormat(file: output)
            switch format {
            case .y4m:
                let out = try FileOutput(creating: output)
                try VideoParts.joinY4M(parts, into: out)
                try out.close()
            case .mp4, .webm, .gif:
                let encoder = try FFmpegEncoder(file: output, format: format, input: .y4m)
                do {
                    try VideoParts.joinY4M(parts, into: encoder.stream)
                } catch {
                    // ffmpeg stopping early explains a failed write better than the write does.
                    try encoder.finish()
                    throw error
                }
                try encoder.finish()
            case .rgba:
                throw .unknownFormat(file: output)
            }
        } catch {
            // A half-joined video would pass for the clip: only the whole one is kept.
            if FileManager.default.fileExists(atPath: output) { try? FileManager.default.removeItem(atPath: output) }
            throw failure(error.description)
        }
        print("wrote \(output) from \(parts.count) part\(parts.count == 1 ? "" : "s")")
    }
}
