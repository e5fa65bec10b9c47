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

    /// The next `count` bytes, or fewer where the file ends (none at its end).
    func read(upTo count: Int) throws(ExportError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        let result = buffer.withUnsafeMutableBytes { raw in
            Result { () throws(ExportError) -> Int in try fill(raw) }
        }
        let filled = try result.get()
        if filled < count { buffer.removeLast(count - filled) }
        return buffer
    }

    /// Reads until `buffer` is full or the file ends; the number of bytes read.
    func fill(_ buffer: UnsafeMutableRawBufferPointer) throws(ExportError) -> Int {
        var filled = 0
        while filled < buffer.count {
            let n = try read(into: buffer.baseAddress! + filled, count: buffer.count - filled)
            if n == 0 { break }
            filled += n
        }
        return filled
    }

    /// Copies the next `count` bytes to `output`, `buffer` at a time; the number
    /// of bytes copied, fewer than `count` only where the file ends.
    func copy(_ count: Int, to output: FileOutput, through buffer: UnsafeMutableRawBufferPointer)
        throws(ExportError) -> Int
    {
        var copied = 0
        while copied < count {
            let n = try read(into: buffer.baseAddress!, count: min(buffer.count, count - copied))
            if n == 0 { break }
            try output.write(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
            copied += n
        }
        return copied
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
