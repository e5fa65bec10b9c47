import Foundation
import Strata
import StrataHost
import StrataRender
import Testing

@testable import StrataGL

/// Linked programs saved on disk (`ProgramBinaryCache`): a loaded program
/// draws as a compiled one, a bad file means compiling, and the key follows
/// the source. Every test has its own cache folder, so they run in parallel.
@Suite struct ProgramBinaryCacheTests {
    static let size = CGSize(width: 48, height: 32)

    /// A fresh, empty cache folder (not made yet: the cache makes it).
    static func temporaryCache() -> ProgramBinaryCache {
        ProgramBinaryCache(
            directory: FileManager.default.temporaryDirectory
                .appendingPathComponent("strata-program-cache-\(UUID().uuidString)", isDirectory: true))
    }

    /// The entries' files in `cache`, and any temporary files left behind.
    static func files(in cache: ProgramBinaryCache) -> (entries: [URL], temporary: [String]) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: cache.directory.path)) ?? []
        let entries = names.filter { $0.hasSuffix(".bin") && !$0.hasPrefix(".") }.sorted()
            .map { cache.directory.appendingPathComponent($0) }
        return (entries, names.filter { $0.hasSuffix(".tmp") })
    }

    /// Bodies with a border, a gradient, an image and a group drawn through a pass:
    /// several layer programs and the textured-quad one.
    static func tree() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let card = CALayer()
        card.frame = CGRect(x: 2, y: 2, width: 20, height: 12)
        card.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: 1, alpha: 1)
        card.cornerRadius = 4
        card.borderWidth = 1
        card.borderColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        root.addSublayer(card)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 26, y: 2, width: 20, height: 12)
        gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        root.addSublayer(gradient)
        let picture = CALayer()
        picture.frame = CGRect(x: 2, y: 18, width: 12, height: 12)
        var pixels: [UInt8] = []
        for y in 0..<4 { for x in 0..<4 { pixels += [UInt8(x * 64), UInt8(y * 64), 128, 255] } }
        picture.contents = CGImage(width: 4, height: 4, pixels: pixels, label: "ramp")
        root.addSublayer(picture)
        let group = CALayer()
        group.frame = CGRect(x: 20, y: 16, width: 20, height: 14)
        group.opacity = 0.5
        for x in [0, 6] as [CGFloat] {
            let sub = CALayer()
            sub.frame = CGRect(x: x, y: 0, width: 12, height: 12)
            sub.backgroundColor = CGColor(red: 0, green: 0.6, blue: 0.2, alpha: 1)
            group.addSublayer(sub)
        }
        root.addSublayer(group)
        return root
    }

    /// Draws `tree()` in a new context with programs from `cache`: the pixels,
    /// the programs the frame used, and whether the driver can save programs.
    static func draw(cache: ProgramBinaryCache?) throws -> (pixels: [UInt8], programs: [GLProgram], saves: Bool) {
        let host = try OffscreenHost(width: Int(size.width), height: Int(size.height))
        let list = Flattener(size: size).renderList(for: tree())
        let programs = try host.withCurrent { () throws(GLError) -> [GLProgram] in
            let shaders = try ShaderLibrary(context: host.context, programCache: cache)
            let renderer = try LayerRenderer(context: host.context, shaders: shaders)
            try renderer.render(list, framebuffer: host.drawableFramebuffer, width: host.width, height: host.height)
            return Array(renderer.layerPrograms.values) + Array(renderer.texturedPrograms.values)
        }
        return (host.readPixels(), programs, host.context.info.supportsProgramBinaries)
    }

    @Test func aProgramLoadedFromTheCacheDrawsAsACompiledOne() throws {
        let cache = Self.temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        let compiled = try Self.draw(cache: nil)
        let first = try Self.draw(cache: cache)
        #expect(first.pixels == compiled.pixels)
        #expect(first.programs.count >= 3, "layer variants and the textured or texel quad")
        #expect(!first.programs.contains { $0.loadedFromBinary })
        guard first.saves else {
            // A driver without program binaries: nothing saved, nothing to load.
            #expect(Self.files(in: cache).entries.isEmpty)
            return
        }
        #expect(Self.files(in: cache).entries.count == first.programs.count)
        #expect(Self.files(in: cache).temporary.isEmpty)

        let loaded = try Self.draw(cache: cache)
        #expect(loaded.programs.count == first.programs.count)
        #expect(loaded.programs.allSatisfy { $0.loadedFromBinary })
        #expect(loaded.pixels == compiled.pixels)
    }

    /// A file cut short, bytes the driver refuses (with a valid checksum),
    /// another format, garbage, an empty file: each is compiled instead, and
    /// its file replaced by a good one.
    @Test(arguments: ["truncated", "refused binary", "foreign format", "garbage", "empty"])
    func aDamagedCacheFileFallsBackToCompiling(damage: String) throws {
        let cache = Self.temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        let first = try Self.draw(cache: cache)
        guard first.saves else { return }
        for url in Self.files(in: cache).entries {
            let bytes = [UInt8](try Data(contentsOf: url))
            let damaged: [UInt8]
            switch damage {
            case "truncated": damaged = Array(bytes.prefix(bytes.count - 100))
            case "garbage": damaged = (0..<bytes.count).map { UInt8(truncatingIfNeeded: $0 &* 7919) }
            case "empty": damaged = []
            default:
                // Rewrite the entry with valid framing around bytes the driver must refuse.
                let key = try #require(Self.key(ofFile: bytes))
                let entry = try #require(ProgramBinaryCache.decode(bytes, key: key))
                let refused =
                    damage == "foreign format"
                    ? ProgramBinaryCache.Entry(format: entry.format &+ 0x1234, binary: entry.binary)
                    : ProgramBinaryCache.Entry(format: entry.format, binary: entry.binary.map { $0 ^ 0x5a })
                damaged = ProgramBinaryCache.encode(refused, key: key)
            }
            try Data(damaged).write(to: url)
        }
        let recompiled = try Self.draw(cache: cache)
        #expect(!recompiled.programs.contains { $0.loadedFromBinary })
        #expect(recompiled.pixels == first.pixels)
        // The files were replaced: the next context loads every program.
        let loaded = try Self.draw(cache: cache)
        #expect(loaded.programs.allSatisfy { $0.loadedFromBinary })
        #expect(loaded.pixels == first.pixels)
    }

    /// The key stored in an entry's file (its layout: `ProgramBinaryCache.encode`).
    static func key(ofFile bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 40 else { return nil }
        let length = bytes[16..<24].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        guard 40 + length <= bytes.count else { return nil }
        return Array(bytes[40..<40 + length])
    }

    /// Changing a shader file (or a define, or the driver) gives another key,
    /// so the stale program is never loaded.
    @Test func theKeyChangesWithTheSource() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("strata-key-\(UUID().uuidString)").appendingPathComponent("Shaders")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let cache = Self.temporaryCache()
        defer {
            try? FileManager.default.removeItem(at: folder.deletingLastPathComponent())
            try? FileManager.default.removeItem(at: cache.directory)
        }
        try "#version 330 core\nin vec2 a_position;\nvoid main() { gl_Position = vec4(a_position, 0.0, 1.0); }\n"
            .write(to: folder.appendingPathComponent("plain.vert"), atomically: true, encoding: .utf8)
        func setColor(_ color: String) throws {
            try "#version 330 core\nout vec4 fragColor;\nvoid main() { fragColor = \(color); }\n"
                .write(to: folder.appendingPathComponent("plain.frag"), atomically: true, encoding: .utf8)
        }
        let position = GLVertexAttribute("a_position", location: 0, components: 2, offset: 0)
        /// Whether a new context's program came from the cache.
        func loadedFromCache(defines: [String] = []) throws -> Bool {
            let host = try OffscreenHost(width: 1, height: 1)
            return try host.withCurrent { () throws(GLError) -> Bool in
                let library = try ShaderLibrary(context: host.context, directory: folder, programCache: cache)
                return try library.program(
                    vertex: "plain.vert", fragment: "plain.frag", attributes: [position],
                    defines: defines
                ).loadedFromBinary
            }
        }
        try setColor("vec4(1.0)")
        #expect(try !loadedFromCache())
        let saves = !Self.files(in: cache).entries.isEmpty
        #expect(try loadedFromCache() == saves)
        try setColor("vec4(0.5)")
        #expect(try !loadedFromCache(), "the fragment shader changed")
        #expect(try !loadedFromCache(defines: ["WITH_SOMETHING"]), "a define was added")
        #expect(Self.files(in: cache).entries.count == (saves ? 3 : 0))

        let info = try OffscreenHost(width: 1, height: 1).context.info
        var otherDriver = info
        otherDriver.renderer += " (another build)"
        let bindings = ["a_position": UInt32(0)]
        let key = ProgramBinaryCache.key(info: info, bindings: bindings, stages: ["a", "b"])
        #expect(key == ProgramBinaryCache.key(info: info, bindings: bindings, stages: ["a", "b"]))
        #expect(key != ProgramBinaryCache.key(info: otherDriver, bindings: bindings, stages: ["a", "b"]))
        #expect(key != ProgramBinaryCache.key(info: info, bindings: ["a_position": 1], stages: ["a", "b"]))
        // Stage boundaries count: "ab" + "" is not "a" + "b".
        #expect(key != ProgramBinaryCache.key(info: info, bindings: bindings, stages: ["ab", ""]))
        #expect(
            cache.fileURL(forKey: key)
                != cache.fileURL(
                    forKey: ProgramBinaryCache.key(
                        info: otherDriver, bindings: bindings, stages: ["a", "b"])))
    }

    /// Contexts on several threads filling one cold cache at once: every one
    /// draws right, no temporary file is left, and every file is whole.
    @Test func contextsSharingACacheFolderInParallel() throws {
        let cache = Self.temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        let expected = try Self.draw(cache: nil).pixels
        let results = ThreadResults()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<2 {
                results.append(Result { try Self.draw(cache: cache).pixels })
            }
        }
        for result in results.all {
            #expect(try result.get() == expected)
        }
        let files = Self.files(in: cache)
        #expect(files.temporary.isEmpty)
        for url in files.entries {
            let bytes = [UInt8](try Data(contentsOf: url))
            let key = try #require(Self.key(ofFile: bytes))
            #expect(ProgramBinaryCache.decode(bytes, key: key) != nil, "\(url.lastPathComponent) is whole")
        }
    }

    /// An entry's bytes decode only whole and only for their own key.
    @Test func entriesDecodeOnlyWholeAndForTheirKey() {
        let key = Array("key".utf8)
        let entry = ProgramBinaryCache.Entry(format: 7, binary: [1, 2, 3, 4, 5])
        let bytes = ProgramBinaryCache.encode(entry, key: key)
        #expect(ProgramBinaryCache.decode(bytes, key: key) == entry)
        #expect(ProgramBinaryCache.decode(bytes, key: Array("kez".utf8)) == nil)
        #expect(ProgramBinaryCache.decode(bytes + [0], key: key) == nil)
        for length in 0..<bytes.count {
            #expect(ProgramBinaryCache.decode(Array(bytes.prefix(length)), key: key) == nil)
        }
        for index in bytes.indices {
            if (12..<16).contains(index) { continue }  // the format number: the driver judges it
            var flipped = bytes
            flipped[index] ^= 0x01
            #expect(ProgramBinaryCache.decode(flipped, key: key) == nil, "byte \(index) flipped")
        }
    }

    @Test func theEnvironmentChoosesTheFolder() {
        #expect(ProgramBinaryCache.fromEnvironment(["STRATA_PROGRAM_CACHE": "off", "HOME": "/home/a"]) == nil)
        #expect(
            ProgramBinaryCache.fromEnvironment(["STRATA_PROGRAM_CACHE": "/tmp/p", "HOME": "/home/a"])?
                .directory.path == "/tmp/p")
        #expect(
            ProgramBinaryCache.fromEnvironment(["XDG_CACHE_HOME": "/x", "HOME": "/home/a"])?
                .directory.path == "/x/strata/programs")
        #expect(
            ProgramBinaryCache.fromEnvironment(["XDG_CACHE_HOME": "relative", "HOME": "/home/a"])?
                .directory.path == "/home/a/.cache/strata/programs")
        #expect(
            ProgramBinaryCache.fromEnvironment(["HOME": "/home/a"])?
                .directory.path == "/home/a/.cache/strata/programs")
        #expect(ProgramBinaryCache.fromEnvironment([:]) == nil)
    }
}

/// Results gathered from several threads.
private final class ThreadResults: @unchecked Sendable {
    // @unchecked Sendable: `results` is only touched holding `lock`.
    private let lock = NSLock()
    private var results: [Result<[UInt8], any Error>] = []

    func append(_ result: Result<[UInt8], any Error>) { lock.withLock { results.append(result) } }
    var all: [Result<[UInt8], any Error>] { lock.withLock { results } }
}
