import Foundation
import StrataScene

@testable import StrataLayerRaster
@testable import StrataRender

// The scene-file tests flatten every scene as `strata render` would.
extension Flattener {
    /// A flattener sized, scaled and with the background `scene` says, drawing with `rasterizer`.
    init(for scene: Scene, rasterizer: LayerRasterizer) {
        self.init(
            size: scene.size, scale: Double(scene.scale), background: scene.background, rasterizer: rasterizer)
    }
}

extension StandardLayerRasterizer {
    /// Shapes and text, or shapes alone where no font is found.
    static func shapesAndTextIfFonts() -> LayerRasterizer {
        (try? shapesAndText()) ?? StandardLayerRasterizer([ShapeLayerRasterizer()])
    }
}
