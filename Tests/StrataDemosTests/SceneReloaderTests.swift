import Foundation
import Strata
import StrataDemos
import StrataHost
import StrataRender
import Testing
import _StrataTestSupport

/// `strata demo SCENE --watch` without a window: write the file, change it,
/// break it, fix it, and look at the states, the trees and the pictures.
@Suite struct SceneReloaderTests {
    let folder = ScratchFolder("strata-reload")
    var file: URL { folder.appendingPathComponent("card.scene.json") }
    static let size = CGSize(width: 200, height: 150)

    /// A 200 × 150 scene: a `colour` card that moves from x = 0 to 100 over 2 s, and `extra` layers.
    func scene(_ colour: String, extra: String = "") -> String {
        """
        {"size": [200, 150], "background": "#ffffff", "root": {"sublayers": [
          {"name": "card", "bounds": [0, 0, 100, 100], "anchorPoint": [0, 0], "position": [0, 50],
           "backgroundColor": "\(colour)",
           "animations": [{"keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 2}]}\(extra)
        ]}}
        """
    }

    func write(_ text: String) throws { try text.write(to: file, atomically: true, encoding: .utf8) }

    /// A watcher that looks at the files at every check (no waiting for editors to finish).
    func eagerWatcher() -> FileWatcher {
        let watcher = FileWatcher(mechanism: .polling)
        watcher.pollInterval = 0
        watcher.settleDelay = 0
        return watcher
    }

    /// Checks for changes until the reloader reloads (up to 3 s), as a frame loop would.
    func awaitReload(_ reloader: SceneReloader) -> SceneReloader.State? {
        let end = FileWatcher.monotonicTime() + 3
        while FileWatcher.monotonicTime() < end {
            if let state = reloader.checkForChanges() { return state }
            usleep(5_000)
        }
        return nil
    }

    /// The card's presentation layer in `trees` (the scene's tree comes first).
    func card(_ trees: [CALayer]) throws -> CALayer {
        try #require(trees.first?.sublayers?.first { $0.name == "card" })
    }

    @Test func editsReloadAtThePlaybackTimeAndABrokenFileKeepsTheLastGoodTreeUnderTheBanner() throws {
        try write(scene("#ff0000"))
        let reloader = SceneReloader(url: file, watcher: eagerWatcher())
        #expect(reloader.state == .playing && reloader.loadCount == 1)
        #expect(reloader.watchedFiles.map(\.lastPathComponent) == ["card.scene.json"])
        #expect(reloader.loopLength == 2)
        _ = reloader.frame(at: 10, size: Self.size)  // the loop starts at clock time 10
        var trees = reloader.frame(at: 11, size: Self.size)
        #expect(trees.count == 1, "no banner")
        #expect(try card(trees).backgroundColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(abs(try card(trees).position.x - 50) < 1e-9)

        // A new colour: reloaded, and the new card is where the old one was in its animation.
        try write(scene("#0000ff"))
        #expect(reloader.checkForChanges() == .playing)
        #expect(reloader.loadCount == 2)
        trees = reloader.frame(at: 11.5, size: Self.size)
        #expect(reloader.playbackTime == 1.5)
        #expect(try card(trees).backgroundColor == CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        #expect(abs(try card(trees).position.x - 75) < 1e-9)

        // Broken: the error names the file, the field and what is wrong; the blue card plays on.
        try write(scene("#00zz00"))
        let state = reloader.checkForChanges()
        guard case .failed(let error) = state else {
            Issue.record("expected a failure, got \(String(describing: state))")
            return
        }
        #expect(error.file?.hasSuffix("card.scene.json") == true)
        #expect(error.path == "root.sublayers[0].backgroundColor")
        #expect(error.reason.contains("#00zz00"))
        #expect(reloader.loadCount == 2 && reloader.banner.isShown)
        trees = reloader.frame(at: 11.75, size: Self.size)
        #expect(trees.count == 2, "the scene, then the banner")
        #expect(try card(trees).backgroundColor == CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        #expect(abs(try card(trees).position.x - 87.5) < 1e-9, "the last good scene goes on playing")
        let banner = trees[1]
        #expect(banner.bounds.size == Self.size)
        let panel = try #require(banner.sublayers?.first)
        #expect(!panel.isHidden && panel.frame.minY == 0 && panel.frame.width == 200)
        let text = try #require(panel.sublayers?.first as? CATextLayer)
        #expect((text.string as? String) == "\(error.file!): root.sublayers[0].backgroundColor\n\(error.reason)")
        let hint = try #require(panel.sublayers?.last as? CATextLayer)
        #expect((hint.string as? String)?.hasPrefix("Showing the last version that loaded") == true)

        // Fixed: the banner goes, the fix plays from the same moment.
        try write(scene("#00ff00"))
        #expect(reloader.checkForChanges() == .playing)
        trees = reloader.frame(at: 11.8, size: Self.size)
        #expect(trees.count == 1 && !reloader.banner.isShown)
        #expect(try card(trees).backgroundColor == CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        #expect(abs(try card(trees).position.x - 90) < 1e-9)
        // The loop goes on: at 2 s it starts again.
        trees = reloader.frame(at: 12.5, size: Self.size)
        #expect(try reloader.playbackTime == 0 && abs(card(trees).position.x) < 1e-9)
    }

    @Test func aShorterSceneStartsOverAndAFirstLoadThatFailsShowsOnlyTheBanner() throws {
        try write("{\"size\": [200, 150], \"root\": ")
        let reloader = SceneReloader(url: file, watcher: eagerWatcher())
        guard case .failed(let error) = reloader.state else {
            Issue.record("a truncated file loaded")
            return
        }
        #expect(reloader.scene == nil && reloader.banner.isShown)
        #expect(error.description.contains("card.scene.json"))
        var trees = reloader.frame(at: 0, size: Self.size)
        #expect(trees.count == 1 && trees[0].name == "reload overlay")
        let hint = try #require(reloader.banner.hint.string as? String)
        #expect(hint.hasPrefix("Nothing has loaded yet"))

        // A 4 s animation, played to 3 s; then a 2 s one: it starts over.
        try write(scene("#ff0000").replacingOccurrences(of: "\"duration\": 2", with: "\"duration\": 4"))
        #expect(awaitReload(reloader) == .playing)
        _ = reloader.frame(at: 1, size: Self.size)
        trees = reloader.frame(at: 4, size: Self.size)
        #expect(abs(try card(trees).position.x - 75) < 1e-9)
        try write(scene("#ff0000"))
        #expect(awaitReload(reloader) == .playing)
        trees = reloader.frame(at: 4.5, size: Self.size)
        #expect(try reloader.playbackTime == 0 && abs(card(trees).position.x) < 1e-9)
    }

    @Test func anImageTheSceneUsesIsWatchedAndAMissingOneIsTheErrorUntilItExists() throws {
        let tile = folder.appendingPathComponent("tiles/tile.png")
        let layer =
            #", {"name": "tile", "bounds": [0, 0, 20, 20], "position": [150, 20], "contents": {"image": "tiles/tile.png"}}"#
        try write(scene("#ff0000", extra: layer))
        let reloader = SceneReloader(url: file, watcher: eagerWatcher())
        guard case .failed(let missing) = reloader.state else {
            Issue.record("loaded without its image")
            return
        }
        #expect(missing.path == "root.sublayers[1].contents.image" && missing.reason.contains("no such file"))
        #expect(reloader.watchedFiles.map(\.path) == [file.path, tile.path])

        func writeTile(_ rgba: [UInt8]) throws {
            try FileManager.default.createDirectory(
                at: tile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try CGImage(width: 2, height: 2, pixels: Array([[UInt8]](repeating: rgba, count: 4).joined()))
                .write(toPNG: tile)
        }
        try writeTile([0, 255, 0, 255])
        #expect(awaitReload(reloader) == .playing, "the image appeared")
        func tilePixel() throws -> [UInt8] {
            let trees = reloader.frame(at: 0, size: Self.size)
            let layer = try #require(trees[0].sublayers?.last)
            let image = try #require(layer.contents as? CGImage)
            return Array(image.pixels.prefix(4))
        }
        #expect(try tilePixel() == [0, 255, 0, 255])
        try writeTile([0, 0, 255, 255])
        #expect(awaitReload(reloader) == .playing, "the image changed")
        #expect(try tilePixel() == [0, 0, 255, 255])
    }

    /// The trees drawn together, as the window draws them: the banner over the last good picture.
    @Test func theBannerIsDrawnOverTheLastGoodPicture() throws {
        try write(scene("#0000ff"))
        let reloader = SceneReloader(url: file, watcher: eagerWatcher())
        let renderer = try OffscreenRenderer()
        func picture(at time: Double) throws -> CGImage {
            let trees = reloader.frame(at: time, size: Self.size)
            let flattener = Flattener(
                size: Self.size, background: reloader.scene?.background,
                rasterizer: renderer.layerRasterizer)
            return try renderer.render(flattener.renderList(for: trees)).image
        }
        let good = try picture(at: 0)
        try write(scene("[1, 2"))
        #expect(reloader.checkForChanges() != .playing)
        let broken = try picture(at: 0)
        // Top: the red strip; below it, the blue card at x 0…100 as before.
        for (x, y) in [(100, 4), (4, 20), (196, 40)] {  // in the strip's margins, clear of the text
            #expect(broken.isNear(x, y, (188, 39, 34)), "banner at (\(x), \(y)): \(broken.rgb(x, y))")
        }
        for (x, y, colour) in [(50, 120, (0, 0, 255)), (150, 120, (255, 255, 255))] {
            #expect(broken.isNear(x, y, colour) && good.isNear(x, y, colour), "(\(x), \(y)): \(broken.rgb(x, y))")
        }
        try write(scene("#0000ff"))
        #expect(reloader.checkForChanges() == .playing)
        #expect(try picture(at: 0).differingFraction(from: good) == 0, "fixed: the banner is gone")
    }
}
