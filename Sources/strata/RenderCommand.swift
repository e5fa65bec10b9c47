import ArgumentParser

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render", abstract: "Render a scene file to a PNG, headless.")

    @Argument(help: "The scene file (*.scene.json).")
    var scene: String

    func run() throws {}
}
