internal import CEpoxy
import Foundation
import StrataRender

extension LayerRenderer {
    /// Draws the fill-rate floor of `list`: every item's quad, in every pass,
    /// into `framebuffer` with one textured-quad program (`Shaders/floor.frag`)
    /// and the frame's blending, one instanced draw per pass. What a frame
    /// costs the GPU beyond this is the price of its shading.
    package func renderFloor(_ list: RenderList, framebuffer: UInt32, width: Int, height: Int) throws(GLError) {
        context.requireCurrent("LayerRenderer.renderFloor")
        let floor = try shaders.program(
            vertex: "layer.vert", fragment: "floor.frag",
            attributes: [Self.cornerAttribute] + Self.attributes)
        sglBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        sglViewport(0, 0, GLsizei(width), GLsizei(height))
        Self.setCompositingState()
        let clear = list.background
        sglClearColor(clear.r, clear.g, clear.b, clear.a)
        sglClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        floor.use()
        floor.setUniform("u_contents", Int32(0))
        white.bind(unit: 0)
        let stride = MemoryLayout<LayerInstance>.stride
        for pass in list.passes where !pass.items.isEmpty {
            let origin = pass.purpose == .screen ? CGPoint.zero : pass.bounds.origin
            floor.setUniform("u_target", SIMD4<Float>(Float(origin.x), Float(origin.y), Float(width), Float(height)))
            try instanceBuffer.stream(pass.items.map { LayerInstance($0) { _, _ in (0, 0, 1, 1) } })
            vertexArray.setAttributes(Self.attributes, buffer: instanceBuffer, stride: stride)
            sglDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(pass.items.count))
        }
        builder.forgetLastFrame()
        try context.checkError(label: "LayerRenderer", operation: "floor")
    }
}
