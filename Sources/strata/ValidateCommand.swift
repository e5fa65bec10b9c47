import ArgumentParser

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate", abstract: "Check a scene file and report the first error.")

    @Argument(help: "The scene file (*.scene.json).")
    var scene: String

    func run() throws {}
}
