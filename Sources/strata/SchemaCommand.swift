import ArgumentParser
import Strata
import StrataScene

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft-07) of scene files, for editors and other tools.",
        discussion: """
            Made from the tables the scene reader reads with, so it lists exactly the fields and key paths \\
            'strata validate' accepts. It cannot check what needs the file's context (timeline layer names, \\
            images, SVG path syntax, tree limits): validate does. VS Code: save it as scene.schema.json and add \\
            "json.schemas": [{"fileMatch": ["*.scene.json"], "url": "./scene.schema.json"}] to settings.json.
            """)

    func run() {
        print(SceneSchema.text, terminator: "")
    }
}
