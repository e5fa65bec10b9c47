import ArgumentParser
import Strata

@main
struct StrataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata",
        abstract: "Core Animation's layer model on OpenGL: render scene files headless, open a demo window, benchmark.",
        subcommands: [
            ValidateCommand.self, RenderCommand.self, JoinCommand.self, FramesCommand.self, SchemaCommand.self,
            BenchCommand.self, DemoCommand.self, SoakCommand.self,
        ])

    /// Runs the command line, after the settings read from the environment.
    static func main() {
        if let problem = WorkerThreads.settingProblem { exit(withError: failure(problem)) }
        main(nil)
    }
}
