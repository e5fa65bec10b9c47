import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file descriptor written with `write(2)`, so a failed write (a full disk,
/// ffmpeg gone from the other end of a pipe) is a typed error rather than a
/// signal or a trap.
///
/// `SIGPIPE` must be ignored by the process for a closed pipe to report
/// `EPIPE` here (``ignoreBrokenPipes()``).
public final class FileOutput: @unchecked Sendable {
    // @unchecked Sendable: used by one thread at a time (the frame writer's).

    /// The file's name in messages.
    public let name: String
    private var fd: Int32
    private let ownsDescriptor: Bool

    /// Creates (or truncates) `path` for writing.
    public init(creating path: String) throws(ExportError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotCreate(file: path, reason: String(cString: strerror(errno))) }
        self.fd = fd
        self.name = path
        self.ownsDescriptor = true
    }

    /// Writes to an open descriptor (a pipe, standard output); `close()` closes it
    /// only when `owned`.
    public init(descriptor: Int32, name: String, owned: Bool) {
        self.fd = descriptor
        self.name = name
        self.ownsDescriptor = owned
    }

    deinit { if ownsDescriptor, fd >= 0 { _ = Glibc.close(fd) } }

    /// Writes all of `bytes`.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(ExportError) {
        guard var next = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let n = Glibc.write(fd, next, left)
            if n < 0 {
                if errno == EINTR { continue }
                throw .cannotWrite(file: name, reason: String(cString: strerror(errno)))
            }
            left -= n
            next += n
        }
    }

    /// Writes all of `bytes`.
    public func write(_ bytes: [UInt8]) throws(ExportError) {
        let result = bytes.withUnsafeBytes { raw in Result { () throws(ExportError) in try write(raw) } }
        try result.get()
    }

    /// Writes `text` as UTF-8.
    public func write(_ text: String) throws(ExportError) {
        try write(Array(text.utf8))
    }

    /// Closes the descriptor (if owned); reports what `close` reports (a delayed write error).
    public func close() throws(ExportError) {
        guard fd >= 0 else { return }
        let descriptor = fd
        fd = -1
        guard ownsDescriptor else { return }
        if Glibc.close(descriptor) != 0, errno != EINTR {
            throw .cannotWrite(file: name, reason: String(cString: strerror(errno)))
        }
    }

    /// Makes a write to a pipe whose reader has gone fail with `EPIPE` instead
    /// of killing the process (the default for `SIGPIPE`).
    public static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }
}
