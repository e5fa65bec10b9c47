import Foundation
import Glibc

/// Tells which of a set of files changed since it was last asked, without
/// blocking: for a frame loop that checks once a frame.
///
/// On Linux it asks the kernel (inotify) to report writes, renames, deletions
/// and attribute changes in the files' folders. Folders, not the files
/// themselves, are watched because editors save by writing a new file and
/// renaming it over the old one, which a watch on the old file would lose.
/// Where inotify cannot be had (its limits are reached, or a folder does not
/// exist yet) the files are polled instead: their modification time, size and
/// inode are compared every ``pollInterval`` seconds.
///
/// Editors save in steps (a backup, a truncate, a write), so a change is
/// reported only once the files have been quiet for ``settleDelay`` seconds.
public final class FileWatcher {
    /// How changes are noticed.
    public enum Mechanism: String, Sendable {
        /// The kernel reports changes to the watched folders (inotify).
        case inotify
        /// Each file's modification time, size and inode are compared every ``FileWatcher/pollInterval``.
        case polling
    }

    /// How this watcher notices changes (``Mechanism/polling`` when inotify was asked for but is unavailable).
    public let mechanism: Mechanism
    /// Seconds between looks at the polled files (4 Hz by default).
    public var pollInterval = 0.25
    /// Seconds without further changes before a change is reported.
    public var settleDelay = 0.03
    /// The watched files (absolute, standardized), in the order given.
    public private(set) var files: [URL] = []

    /// inotify's descriptor; -1 when polling.
    private var descriptor: Int32 = -1
    /// Watched folder path → its watch descriptor, and back.
    private var folderWatches: [String: Int32] = [:]
    private var folderByWatch: [Int32: String] = [:]
    /// Files whose folder has no inotify watch: polled.
    private var polled: Set<String> = []
    private var signatures: [String: FileSignature?] = [:]
    private var pending: Set<String> = []
    private var lastEvent = -Double.infinity
    private var lastPoll = -Double.infinity

    /// A watcher using `mechanism` (default: inotify where the kernel gives
    /// it, else polling). Watches nothing until ``watch(_:)``.
    public init(mechanism: Mechanism = .inotify) {
        if mechanism == .inotify {
            descriptor = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
        }
        self.mechanism = descriptor >= 0 ? .inotify : .polling
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Watches `files` (replacing the files watched before); changes from now on are reported.
    public func watch(_ files: [URL]) {
        let paths = files.map { $0.standardizedFileURL.path }
        var seen = Set<String>()
        self.files = zip(files, paths).filter { seen.insert($0.1).inserted }.map { $0.0.standardizedFileURL }
        let wanted = Set(paths)
        signatures = Dictionary(uniqueKeysWithValues: wanted.map { ($0, FileSignature(path: $0)) })
        pending.formIntersection(wanted)
        guard descriptor >= 0 else {
            polled = wanted
            return
        }
        let folders = Set(wanted.map(Self.folder(of:)))
        for (folder, watch) in folderWatches where !folders.contains(folder) {
            inotify_rm_watch(descriptor, watch)
            folderWatches[folder] = nil
            folderByWatch[watch] = nil
        }
        for folder in folders where folderWatches[folder] == nil { addWatch(folder) }
        polled = wanted.filter { folderWatches[Self.folder(of: $0)] == nil }
    }

    /// The watched files that changed (written, replaced, created, deleted,
    /// touched) since the last call, once they have been quiet for
    /// ``settleDelay``; empty otherwise. `now` is seconds on a monotonic clock.
    public func changes(now: Double = FileWatcher.monotonicTime()) -> [URL] {
        if descriptor >= 0 { readEvents(now: now) }
        if !polled.isEmpty, now - lastPoll >= pollInterval {
            lastPoll = now
            if descriptor >= 0 {
                // A folder that has appeared since is watched from now on (its files are still compared once below).
                for folder in Set(polled.map(Self.folder(of:))) where folderWatches[folder] == nil { addWatch(folder) }
            }
            for path in polled {
                let signature = FileSignature(path: path)
                if signature != signatures[path] ?? nil {
                    signatures[path] = signature
                    pending.insert(path)
                    lastEvent = now
                }
            }
            polled = polled.filter { folderWatches[Self.folder(of: $0)] == nil }
        }
        guard !pending.isEmpty, now - lastEvent >= settleDelay else { return [] }
        defer { pending.removeAll() }
        return files.filter { pending.contains($0.path) }
    }

    /// Seconds on the monotonic clock (the default `now`).
    public static func monotonicTime() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// The folder a standardized path is in.
    static func folder(of path: String) -> String { (path as NSString).deletingLastPathComponent }

    // MARK: - inotify

    /// Writes done, files renamed in or out, created, deleted or touched; the folder itself going away.
    private static let folderEvents: UInt32 =
        UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_CREATE)
        | UInt32(IN_DELETE) | UInt32(IN_ATTRIB) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)

    private func addWatch(_ folder: String) {
        let watch = inotify_add_watch(descriptor, folder, Self.folderEvents)
        guard watch >= 0 else { return }  // no such folder, or out of watches: its files are polled
        folderWatches[folder] = watch
        folderByWatch[watch] = folder
    }

    private func readEvents(now: Double) {
        let headerSize = MemoryLayout<inotify_event>.size
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return }  // EAGAIN: nothing more for now
            var offset = 0
            while offset + headerSize <= count {
                let (watch, mask, nameLength) = buffer.withUnsafeBytes { raw in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let nameStart = offset + headerSize
                let nameBytes = buffer[nameStart..<min(count, nameStart + nameLength)].prefix { $0 != 0 }
                offset = nameStart + nameLength
                handle(watch: watch, mask: mask, name: String(decoding: nameBytes, as: UTF8.self), now: now)
            }
        }
    }

    private func handle(watch: Int32, mask: UInt32, name: String, now: Double) {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            // Events were lost: any file may have changed.
            pending.formUnion(signatures.keys)
            lastEvent = now
            return
        }
        guard let folder = folderByWatch[watch] else { return }
        if mask & (UInt32(IN_IGNORED) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)) != 0 {
            // The folder went away (or moved): its files are polled from now on.
            inotify_rm_watch(descriptor, watch)
            folderWatches[folder] = nil
            folderByWatch[watch] = nil
            let orphans = signatures.keys.filter { Self.folder(of: $0) == folder }
            polled.formUnion(orphans)
            pending.formUnion(orphans)
            lastEvent = now
            return
        }
        let path = folder == "/" ? "/" + name : folder + "/" + name
        guard signatures.keys.contains(path) else { return }
        signatures[path] = FileSignature(path: path)
        pending.insert(path)
        lastEvent = now
    }
}
