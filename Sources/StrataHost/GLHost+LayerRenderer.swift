import Foundation
import StrataGL
import StrataLayerRaster
import StrataRender

extension GLHost {
    /// A layer renderer for this host's context, its shaders compiled there.
    func makeLayerRenderer() throws(HostError) -> LayerRenderer {
        do {
            return try withCurrent { () throws(GLError) in
                try LayerRenderer(context: context, shaders: try ShaderLibrary(context: context))
            }
        } catch {
            throw .gl(error)
        }
    }
}

extension StandardLayerRasterizer {
    /// `given`, or shape and text layers (text needs the default font).
    static func orDefault(_ given: LayerRasterizer?) throws(HostError) -> LayerRasterizer {
        if let given { return given }
        do { return try shapesAndText() } catch { throw .render(error) }
    }
}
