import Foundation

/// A folder of linked GL programs saved with `glGetProgramBinary`, so a new
/// process loads a program (`glProgramBinary`) instead of compiling and
/// linking its shaders again.
///
/// An entry's file is named by a hash of its key, and holds the key itself:
/// the driver (`GL_VENDOR`, `GL_RENDERER`, `GL_VERSION`, GLSL version), the
/// attribute bindings and every stage's full source as compiled (includes
/// expanded, `ShaderConstants` and the variant's defines inserted). A file
/// whose key differs, that is cut short, damaged or made by another driver
/// is not used: the program is compiled and the file replaced. Files are
/// written to a temporary name and renamed, so processes and threads
/// sharing the folder never read half a file.
///
/// The cache is an optimisation: a folder that cannot be read or written
/// only means compiling, as without it.
package struct ProgramBinaryCache: Sendable, Equatable {
    /// The folder entries are kept in (made on first write).
    package let directory: URL

    /// A cache in `directory`.
    package init(directory: URL) {
        self.directory = directory
    }

    /// The cache the environment asks for: none when `STRATA_PROGRAM_CACHE`
    /// is `off`; the folder it names when it names one; else
    /// `$XDG_CACHE_HOME/strata/programs`, else `$HOME/.cache/strata/programs`
    /// (none without a home folder).
    package static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> ProgramBinaryCache? {
        if let setting = environment["STRATA_PROGRAM_CACHE"], !setting.isEmpty {
            if setting == "off" { return nil }
            return ProgramBinaryCache(directory: URL(fileURLWithPath: setting, isDirectory: true))
        }
        let base: URL
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            // The XDG spec: a relative path is invalid and must be ignored.
            base = URL(fileURLWithPath: xdg, isDirectory: true)
        } else if let home = environment["HOME"], !home.isEmpty {
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache", isDirectory: true)
        } else {
            return nil
        }
        return ProgramBinaryCache(
            directory: base.appendingPathComponent("strata", isDirectory: true)
                .appendingPathComponent("programs", isDirectory: true))
    }

    /// A saved program: the driver's binary format and bytes.
    struct Entry: Equatable {
        var format: UInt32
        var binary: [UInt8]
    }

    /// The key of a program: everything that decides what its binary is.
    static func key(info: GLContextInfo, bindings: [String: UInt32], stages: [String]) -> [UInt8] {
        var text = "strata program binary \(Self.formatVersion)\n"
        text += "vendor \(info.vendor)\nrenderer \(info.renderer)\nversion \(info.version)\n"
        text += "glsl \(info.shadingLanguageVersion)\n"
        for (name, location) in bindings.sorted(by: { $0.key < $1.key }) {
            text += "attribute \(name) \(location)\n"
        }
        for stage in stages {
            text += "stage \(stage.utf8.count)\n\(stage)"
        }
        return Array(text.utf8)
    }

    /// The file an entry with `key` is kept in.
    func fileURL(forKey key: [UInt8]) -> URL {
        let hash = String(Self.fnv1a(key), radix: 16)
        return directory.appendingPathComponent(String(repeating: "0", count: 16 - hash.count) + hash + ".bin")
    }

    /// The entry saved for `key`, or nil when there is none or its file is
    /// not a whole entry for exactly this key.
    func load(key: [UInt8]) -> Entry? {
        guard let data = FileManager.default.contents(atPath: fileURL(forKey: key).path) else { return nil }
        return Self.decode([UInt8](data), key: key)
    }

    /// Saves `entry` for `key`, replacing what was there; failures are ignored
    /// (the next process compiles again).
    func store(_ entry: Entry, key: [UInt8]) {
        let url = fileURL(forKey: key)
        // A name no other writer uses, in the same folder so the rename is atomic.
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            // No `.atomic`: it syncs to disk, which a cache does not need (a file
            // cut short by a crash fails its length or checksum check).
            try Data(Self.encode(entry, key: key)).write(to: temporary)
            guard rename(temporary.path, url.path) == 0 else {
                try? FileManager.default.removeItem(at: temporary)
                return
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
        }
    }

    // MARK: - File format

    /// Bumped when the file layout or the key's text changes.
    static let formatVersion: UInt32 = 1
    private static let magic = Array("STRATAPB".utf8)
    private static let headerSize = 8 + 4 + 4 + 8 + 8 + 8

    /// The file's bytes, little-endian:
    ///
    ///     "STRATAPB" | version u32 | format u32 | key length u64 | binary length u64 |
    ///     binary FNV-1a u64 | key | binary
    static func encode(_ entry: Entry, key: [UInt8]) -> [UInt8] {
        var bytes = magic
        bytes.reserveCapacity(headerSize + key.count + entry.binary.count)
        func append<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
        append(formatVersion)
        append(entry.format)
        append(UInt64(key.count))
        append(UInt64(entry.binary.count))
        append(fnv1a(entry.binary))
        bytes += key
        bytes += entry.binary
        return bytes
    }

    /// The entry in `bytes` when they are one whole entry for `key`.
    static func decode(_ bytes: [UInt8], key: [UInt8]) -> Entry? {
        guard bytes.count >= headerSize, bytes.starts(with: magic) else { return nil }
        func read<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T {
            var value = T.zero
            withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: bytes[offset..<offset + MemoryLayout<T>.size]) }
            return T(littleEndian: value)
        }
        guard read(UInt32.self, at: 8) == formatVersion else { return nil }
        let format = read(UInt32.self, at: 12)
        let keyLength = read(UInt64.self, at: 16), binaryLength = read(UInt64.self, at: 24)
        let checksum = read(UInt64.self, at: 32)
        guard keyLength == UInt64(key.count), binaryLength > 0,
            UInt64(bytes.count - headerSize) == keyLength + binaryLength
        else { return nil }
        let keyEnd = headerSize + key.count
        guard bytes[headerSize..<keyEnd].elementsEqual(key) else { return nil }
        let binary = Array(bytes[keyEnd...])
        guard fnv1a(binary) == checksum else { return nil }
        return Entry(format: format, binary: binary)
    }

    /// FNV-1a, 64 bits: names files and catches damaged binaries (the key
    /// itself is compared whole, so a collision only costs a compile).
    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
