import ArgumentParser
import Foundation
import Strata
import StrataHost
import StrataLayerRaster
import StrataRender

/// Prints `strata: MESSAGE` as one line on standard error and returns the exit
/// code to throw, so ArgumentParser prints nothing more.
func failure(_ message: String) -> ExitCode {
    let line = "strata: " + message.replacingOccurrences(of: "\n", with: " ") + "\n"
    FileHandle.standardError.write(Data(line.utf8))
    return ExitCode(1)
}

/// The one-line failure for a renderer that could not start, `what` naming it
/// ("headless OpenGL", "window").
func failure(starting error: HostError, _ what: String) -> ExitCode {
    if case .render = error { return failure(error.description) }
    return failure("\(what): \(error.description)")
}

/// What draws shape and text layers for `root`: text layers need the default
/// font, so only a tree that has one fails when the font is missing.
func layerRasterizer(for root: CALayer?) throws -> LayerRasterizer {
    guard root?.containsTextLayer == true else { return StandardLayerRasterizer([ShapeLayerRasterizer()]) }
    do { return try StandardLayerRasterizer.shapesAndText() } catch { throw failure(error.description) }
}

extension CALayer {
    /// Whether this layer, its mask or any sublayer is a `CATextLayer`.
    var containsTextLayer: Bool {
        self is CATextLayer || (mask?.containsTextLayer ?? false) || (sublayers ?? []).contains { $0.containsTextLayer }
    }
}
