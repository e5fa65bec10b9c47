import Foundation

/// Reads a pipe to its end on a thread of its own, keeping only the last
/// non-empty line (a chatty process cannot fill memory).
public final class StderrTail: @unchecked Sendable {
    // @unchecked Sendable: `tail` is written by the reading thread before it
    // signals `done`, and read only after waiting on it.
    private var tail = Data()
    private let done = DispatchSemaphore(value: 0)

    /// Starts reading `handle` (the read end of a process's standard error).
    public init(_ handle: FileHandle) {
        let thread = Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                tail.append(chunk)
                if tail.count > 8192 { tail = tail.suffix(4096) }
            }
            done.signal()
        }
        thread.start()
    }

    /// Waits for the end of the stream and returns its last non-empty line.
    public func waitForLastLine() -> String {
        done.wait()
        done.signal()
        let text = String(decoding: tail, as: UTF8.self)
        let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
        return lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    }
}
