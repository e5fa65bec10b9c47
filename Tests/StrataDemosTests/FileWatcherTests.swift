import Foundation
import StrataDemos
import Testing
import _StrataTestSupport

/// The file watcher behind `strata demo SCENE --watch`, with inotify and by polling.
@Suite struct FileWatcherTests {
    let folder = ScratchFolder("strata-watch")

    /// The changes `watcher` reports within `seconds` (polling it as a frame loop would), or none.
    func changes(_ watcher: FileWatcher, within seconds: Double = 3) -> [String] {
        let end = FileWatcher.monotonicTime() + seconds
        while FileWatcher.monotonicTime() < end {
            let changed = watcher.changes()
            if !changed.isEmpty { return changed.map(\.lastPathComponent) }
            usleep(5_000)
        }
        return []
    }

    func write(_ text: String, to name: String, atomically: Bool = false) throws {
        try text.write(to: folder.appendingPathComponent(name), atomically: atomically, encoding: .utf8)
    }

    @Test(arguments: [FileWatcher.Mechanism.inotify, .polling])
    func reportsWritesRenamesDeletionsAndCreationsOfTheWatchedFilesOnly(_ mechanism: FileWatcher.Mechanism) throws {
        try write("{}", to: "a.json")
        try write("x", to: "b.png")
        let watcher = FileWatcher(mechanism: mechanism)
        #expect(watcher.mechanism == mechanism)
        watcher.pollInterval = 0.02
        watcher.watch([folder.appendingPathComponent("a.json"), folder.appendingPathComponent("b.png")])
        #expect(changes(watcher, within: 0.2) == [], "nothing changed yet")

        try write("{\"a\": 1}", to: "a.json")
        #expect(changes(watcher) == ["a.json"], "a write")
        try write("other", to: "unrelated.txt")
        #expect(changes(watcher, within: 0.3) == [], "a file that is not watched")
        try write("xy", to: "b.png", atomically: true)
        #expect(changes(watcher) == ["b.png"], "an editor's save: a new file renamed over the old")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("a.json"))
        #expect(changes(watcher) == ["a.json"], "deleted")
        try write("{}", to: "a.json")
        #expect(changes(watcher) == ["a.json"], "created again")
    }

    @Test func aFileInAFolderThatDoesNotExistYetIsPolledUntilItDoes() throws {
        let watcher = FileWatcher()
        watcher.pollInterval = 0.02
        let later = folder.appendingPathComponent("images/tile.png")
        watcher.watch([later])
        #expect(changes(watcher, within: 0.1) == [])
        try FileManager.default.createDirectory(
            at: later.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "png".write(to: later, atomically: false, encoding: .utf8)
        #expect(changes(watcher) == ["tile.png"])
        try "png2".write(to: later, atomically: false, encoding: .utf8)
        #expect(changes(watcher) == ["tile.png"], "and once the folder exists, watched there")
    }

    @Test func aChangeIsReportedOnceTheFilesAreQuiet() throws {
        try write("1", to: "a.json")
        let watcher = FileWatcher(mechanism: .polling)
        watcher.pollInterval = 0
        watcher.settleDelay = 0.5
        watcher.watch([folder.appendingPathComponent("a.json")])
        try write("22", to: "a.json")
        #expect(watcher.changes(now: 100).isEmpty, "just changed: an editor may not be done")
        #expect(watcher.changes(now: 100.4).isEmpty)
        #expect(watcher.changes(now: 100.5).map(\.lastPathComponent) == ["a.json"])
        #expect(watcher.changes(now: 101).isEmpty, "reported once")
    }

    @Test func pollingLooksAtTheFilesFourTimesASecond() throws {
        try write("1", to: "a.json")
        let watcher = FileWatcher(mechanism: .polling)
        watcher.settleDelay = 0
        #expect(watcher.pollInterval == 0.25)
        watcher.watch([folder.appendingPathComponent("a.json")])
        #expect(watcher.changes(now: 10).isEmpty)
        try write("22", to: "a.json")
        #expect(watcher.changes(now: 10.1).isEmpty, "not looked at yet")
        #expect(watcher.changes(now: 10.25).map(\.lastPathComponent) == ["a.json"])
    }
}
