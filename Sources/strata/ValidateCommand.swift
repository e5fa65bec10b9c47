import ArgumentParser
import Foundation
import Strata
import StrataScene

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a scene file and report the first error.",
        discussion: """
            Prints "SCENE: ok (N layers, N animations, N transactions)" and exits 0, or prints the \
            first error on one line to standard error ("strata: SCENE: root.sublayers[2].transform[1]: \
            unknown op \\"rotat\\"") and exits 1.
            """)

    @Argument(help: "The scene file (*.scene.json).")
    var scene: String

    func run() throws {
        let loaded: Scene
        do {
            loaded = try SceneDocument.load(URL(fileURLWithPath: scene))
        } catch {
            throw failure(error.description)
        }
        print(
            "\(scene): ok (\(loaded.layerCount) layers, \(loaded.animations.count) animations, "
                + "\(loaded.timeline.count) transactions)")
    }
}
