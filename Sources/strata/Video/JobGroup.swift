import Foundation
import StrataExport

/// The processes `--jobs` runs: this executable once per run of frames, each
/// with its own `--frames A:B`. Their standard output is dropped; the last line
/// of their standard error is what a failure reports.
final class JobGroup {
    struct Job {
        let process: Process
        let errors: StderrTail
        let chunk: Range<Int>
    }

    private(set) var jobs: [Job] = []

    /// Starts one process per chunk, `arguments(i, chunk)` its arguments.
    init(chunks: [Range<Int>], arguments: (Int, Range<Int>) -> [String]) throws {
        let executable: String
        do {
            executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        } catch {
            throw failure(
                "--jobs: cannot find this program's own file (/proc/self/exe): \((error as NSError).localizedDescription)"
            )
        }
        for (i, chunk) in chunks.enumerated() {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments(i, chunk)
            process.standardOutput = FileHandle.nullDevice
            let stderr = Pipe()
            process.standardError = stderr
            do {
                try process.run()
            } catch {
                stop()
                throw failure("--jobs: cannot start \(executable): \((error as NSError).localizedDescription)")
            }
            jobs.append(Job(process: process, errors: StderrTail(stderr.fileHandleForReading), chunk: chunk))
        }
    }

    /// Whether job `i` is still running.
    func isRunning(_ i: Int) -> Bool { jobs[i].process.isRunning }

    /// Whether any job is still running.
    var anyRunning: Bool { jobs.contains { $0.process.isRunning } }

    /// The first failed job's message (its own one-line error), or nil while none has failed.
    func failureMessage() -> String? {
        for job in jobs where !job.process.isRunning {
            let p = job.process
            guard p.terminationStatus != 0 || p.terminationReason == .uncaughtSignal else { continue }
            let line = job.errors.waitForLastLine()
            let why = line.hasPrefix("strata: ") ? String(line.dropFirst(8)) : line
            return "job for frames \(job.chunk.lowerBound):\(job.chunk.upperBound) failed: "
                + (why.isEmpty ? "exit status \(p.terminationStatus)" : why)
        }
        return nil
    }

    /// Waits for every job to end.
    func wait() {
        for job in jobs { job.process.waitUntilExit() }
    }

    /// Stops the jobs still running (SIGTERM, each by its own process id) and waits for them.
    func stop() {
        for job in jobs where job.process.isRunning { job.process.terminate() }
        wait()
    }
}
