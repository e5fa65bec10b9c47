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
            throw failure(error.description)
        }
        print("wrote \(output) from \(parts.count) part\(parts.count == 1 ? "" : "s")")
    }
}
