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
        let environment = Self.childEnvironment(jobs: chunks.count)
        for (i, chunk) in chunks.enumerated() {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments(i, chunk)
            process.environment = environment
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

    /// This process's environment, with llvmpipe's rasterizer threads
    /// (`LP_NUM_THREADS`: as set, else one per core) shared among the jobs: N
    /// processes each drawing with every core's thread only contend, while one
    /// thread each keeps every core busy with drawing, encoding and the CPU
    /// side of frames at once. A GPU driver ignores the variable.
    static func childEnvironment(jobs: Int) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        let total = environment["LP_NUM_THREADS"].flatMap(Int.init) ?? ProcessInfo.processInfo.activeProcessorCount
        environment["LP_NUM_THREADS"] = String(max(1, total / max(1, jobs)))
        return environment
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
