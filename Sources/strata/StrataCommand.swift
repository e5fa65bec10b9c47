import ArgumentParser

@main
struct StrataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata",
        abstract: "Core Animation's layer model on OpenGL: validate and render scene files.",
        subcommands: [ValidateCommand.self, RenderCommand.self, BenchCommand.self, DemoCommand.self])
}
