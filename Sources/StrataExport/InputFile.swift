import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file read with `read(2)`, for joining parts; optionally followed while
/// another process is still writing it (see ``VideoParts/Follow``).
final class InputFile {
    let name: String
    private let fd: Int32
    private let follow: VideoParts.Follow?

    /// Opens `path`. When `follow` is given, a file not there yet is waited for
    /// and the end of the file is only the end once `follow` says the writer is done.
    init(_ path: String, follow: VideoParts.Follow? = nil) throws(ExportError) {
        name = path
        self.follow = follow
        var fd = open(path, O_RDONLY | O_CLOEXEC)
        while fd < 0, errno == ENOENT, let follow {
            let writing = try follow()
            fd = open(path, O_RDONLY | O_CLOEXEC)
            if !writing { break }
        }
        guard fd >= 0 else { throw .cannotRead(file: path, reason: String(cString: strerror(errno))) }
        self.fd = fd
    }

    deinit { _ = close(fd) }

    /// Reads up to `count` bytes into `buffer`; 0 at the end of the file (when
    /// followed: at the end once the writer is done).
    private func read(into buffer: UnsafeMutableRawPointer, count: Int) throws(ExportError) -> Int {
        while true {
            let n = Glibc.read(fd, buffer, count)
            if n > 0 { return n }
            if n < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(file: name, reason: String(cString: strerror(errno)))
            }
            guard let follow else { return 0 }
            // Done writing: one more read gets whatever came after the last one.
            if try !follow() {
                while true {
                    let last = Glibc.read(fd, buffer, count)
                    if last >= 0 { return last }
                    if errno != EINTR { throw .cannotRead(file: name, reason: String(cString: strerror(errno))) }
                }
            }
        }
    }

    /// The first line, newline included, read a byte at a time so nothing after it is consumed.
    func readLine(max: Int) throws(ExportError) -> [UInt8] {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.count < max {
            guard try read(into: &byte, count: 1) == 1 else {
                throw .badY4M(file: name, reason: "the header line has no end")
            }
            line.append(byte)
            if byte == UInt8(ascii: "\n") { return line }
        }
        throw .badY4M(file: name, reason: "the header line is longer than \(max) bytes")
    }

    /// The next `count` bytes; nil at the end of the file; an error for a cut-short frame.
    func read(exactly count: Int) throws(ExportError) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        let result = buffer.withUnsafeMutableBytes { raw in
            Result { () throws(ExportError) -> Int in
                var filled = 0
                while filled < count {
                    let n = try read(into: raw.baseAddress! + filled, count: count - filled)
                    if n == 0 { break }
                    filled += n
                }
                return filled
            }
        }
        let filled = try result.get()
        if filled == 0 { return nil }
        guard filled == count else {
            throw .cannotRead(file: name, reason: "it ends \(filled) bytes into a \(count)-byte frame")
        }
        return buffer
    }

    /// Copies everything left to `output`.
    func copyRest(to output: FileOutput) throws(ExportError) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: VideoParts.chunk, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let n = try read(into: buffer.baseAddress!, count: buffer.count)
            if n == 0 { return }
            try output.write(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
        }
    }
}
