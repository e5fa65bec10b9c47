import Foundation
import Strata
import StrataLottie
import StrataScene

/// What the commands read: a scene file, or a Lottie (Bodymovin) animation
/// played as a scene (time 0 is its first frame, `ip`).
enum SceneDocument {
    /// Why a file could not be read, on one line.
    struct LoadError: Error, CustomStringConvertible {
        let description: String
    }

    /// Reads `url` as a Lottie animation when it looks like one, else as a
    /// scene file. A Lottie file's warnings (what is not drawn as it asks)
    /// go to standard error, one line each, unless `quiet`.
    static func load(_ url: URL, quiet: Bool = false) throws(LoadError) -> Scene {
        guard LottieComposition.isLottieFile(url) else {
            do { return try Scene.load(contentsOf: url) } catch { throw LoadError(description: error.description) }
        }
        do {
            let tree = try LottieComposition.load(contentsOf: url).makeLayerTree()
            if !quiet {
                for warning in tree.warnings {
                    FileHandle.standardError.write(Data("strata: \(url.relativePath): warning: \(warning)\n".utf8))
                }
            }
            return tree.makeScene()
        } catch {
            throw LoadError(description: error.description)
        }
    }
}
