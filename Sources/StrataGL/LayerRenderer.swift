internal import CEpoxy
import Foundation
import Strata
import StrataRender

/// Replays `FramePlan`s (StrataRender) with OpenGL: the `RenderBackend` a
/// `FrameBuilder` plans for. It makes the textures and targets the plan
/// names, one instanced draw per planned draw with the layer program compiled
/// for just that draw's features (or the textured-quad program), and blurs;
/// it decides nothing.
///
/// Use it only inside its host's `withCurrent` (it checks). Textures it makes
/// (atlas pages, ramps, clips, pass targets) live as long as the renderer.
package final class LayerRenderer: RenderBackend {
    package let context: GLContext
    let shaders: ShaderLibrary
    /// Plans each frame: atlas slots, targets, batches, damage.
    package let builder: FrameBuilder
    /// `layer.frag` compiled for each set of features met so far.
    var layerPrograms: [LayerFeatures: GLProgram] = [:]
    /// Whether draws get the layer program compiled for just their features
    /// (default); off, every draw uses the whole program (for comparisons).
    package var specializesLayerProgram: Bool {
        get { builder.specializesLayerProgram }
        set { builder.specializesLayerProgram = newValue }
    }
    /// See `FrameBuilder.drawsMeshes`.
    package var drawsMeshes: Bool {
        get { builder.drawsMeshes }
        set { builder.drawsMeshes = newValue }
    }
    /// See `FrameBuilder.sharesPassTargets`.
    package var sharesPassTargets: Bool {
        get { builder.sharesPassTargets }
        set { builder.sharesPassTargets = newValue }
    }
    /// The values of the per-frame and per-pass uniforms the layer programs share.
    var layerUniforms = (
        target: SIMD4<Float>(0, 0, 1, 1), viewportOrigin: SIMD2<Float>(0, 0)
    )
    /// The program of the last draw in this pass (nil: none yet).
    var currentProgram: (shading: Shading, features: LayerFeatures)?
    /// The blend function set (source over between frames and passes).
    var currentBlend = BlendMode.normal
    /// The `textured.frag` programs by shading: `.texturedQuad` (cached
    /// appearances and passes drawn as they are), `.texelQuad` (bitmaps drawn
    /// one texel per pixel) and `.maskedTexelQuad` (those under a mask read
    /// texel for pixel), each made when a frame first draws one, as every
    /// program is: a process compiles only what its frames use.
    var texturedPrograms: [Shading: GLProgram] = [:]
    /// `Shading.particle`: emitters' tinted images (made when a frame first has particles).
    var particleProgram: GLProgram?
    /// `Shading.particles`, without and with clips (made when a frame first has a batch).
    var particleBatchPrograms: [Bool: GLProgram] = [:]
    /// The frame's births, read by the particle program as texels, and the
    /// indices of their quads' triangles (4k + 0 1 2, 2 1 3 for birth k).
    let particleVertexArray: GLVertexArray
    let particleBuffer: GLBuffer
    let particleTexture: GLBufferTexture
    /// Births of particle runs kept between frames, a slot per chunk (``KeptParticleUpdate``).
    let keptParticleBuffer: GLBuffer
    let keptParticleTexture: GLBufferTexture
    let particleIndices: GLBuffer
    /// How many births' quads `particleIndices` holds.
    var particleIndexCapacity = 0
    /// The most births a frame can have: `GL_MAX_TEXTURE_BUFFER_SIZE` texels' worth.
    let maximumParticles: Int
    let vertexArray: GLVertexArray
    let cornerBuffer: GLBuffer
    let instanceBuffer: GLBuffer
    let white: GLTexture
    /// Contents textures (atlas pages and dedicated) by the plan's index.
    var contents: [Int: GLTexture] = [:]
    var rampTexture: GLTexture?
    let clipTexture: GLFloatTexture
    /// Offscreen targets the plans made and have not released.
    var targets: [PassTarget: GLFramebuffer] = [:]
    /// The framebuffer of the frame being drawn.
    var frameFramebuffer: UInt32 = 0
    /// What is under a draw whose blend reads the backdrop, copied before it
    /// (`copyBackdrop`): grown to the largest copy met, never shrunk.
    var backdropTexture: GLTexture?
    /// The window pixel of the pass's target that the backdrop texture's first texel holds.
    var backdropOrigin = SIMD2<Float>(0, 0)
    /// Blurred passes (`Shaders/blur.frag`), made when a frame first blurs.
    var blurProgram: GLProgram?
    /// A layer's colour filter on a pass (`Shaders/recolor.frag`), made when a frame first recolours.
    var recolorProgram: GLProgram?
    let emptyVertexArray: GLVertexArray

    /// Attribute locations, declared once here and bound by name at link time.
    static let attributes: [GLVertexAttribute] = {
        let s = MemoryLayout<LayerInstance>.self
        return [
            GLVertexAttribute("i_map0", location: 1, components: 3, offset: 0, divisor: 1),
            GLVertexAttribute("i_map1", location: 2, components: 3, offset: 12, divisor: 1),
            GLVertexAttribute("i_map2", location: 3, components: 3, offset: 24, divisor: 1),
            GLVertexAttribute("i_quad", location: 4, components: 4, offset: s.offset(of: \.quad)!, divisor: 1),
            GLVertexAttribute("i_shape", location: 5, components: 4, offset: s.offset(of: \.shape)!, divisor: 1),
            GLVertexAttribute("i_radii", location: 6, components: 4, offset: s.offset(of: \.radii)!, divisor: 1),
            GLVertexAttribute("i_fill", location: 7, components: 4, offset: s.offset(of: \.fill)!, divisor: 1),
            GLVertexAttribute("i_border", location: 8, components: 4, offset: s.offset(of: \.border)!, divisor: 1),
            GLVertexAttribute("i_params", location: 9, components: 4, offset: s.offset(of: \.params)!, divisor: 1),
            GLVertexAttribute("i_content", location: 10, components: 4, offset: s.offset(of: \.content)!, divisor: 1),
            GLVertexAttribute("i_uv", location: 11, components: 4, offset: s.offset(of: \.uv)!, divisor: 1),
            GLVertexAttribute(
                "i_flags", location: 12, components: 1, type: .int, offset: s.offset(of: \.flags)!,
                isInteger: true, divisor: 1),
            GLVertexAttribute(
                "i_tint", location: 13, components: 4, type: .unsignedByte,
                offset: s.offset(of: \.tint)!, normalized: true, divisor: 1),
            GLVertexAttribute(
                "i_maskRect", location: 14, components: 4, offset: s.offset(of: \.maskRect)!, divisor: 1),
            GLVertexAttribute("i_maskUV", location: 15, components: 4, offset: s.offset(of: \.maskUV)!, divisor: 1),
        ]
    }()
    static let cornerAttribute = GLVertexAttribute("a_corner", location: 0, components: 2, offset: 0)

    /// The unit quad's corners as a strip, then the ring's (``DrawGeometry/ring``):
    /// for each step round the circle, the inner vertex (y 2) and the outer one (y 3);
    /// then the frame's (``DrawGeometry/frame``): round the quad, each corner of the
    /// quad (y 4 or 5) and of the hole (y 6 or 7), back to the first.
    static let meshCorners: [Float] = {
        var corners: [Float] = [0, 0, 1, 0, 0, 1, 1, 1]
        let n = DrawGeometry.ringSegments
        for k in 0...n {
            let t = Float(k) / Float(n)
            corners += [t, 2, t, 3]
        }
        for (x, y) in [(0, 0), (1, 0), (1, 1), (0, 1), (0, 0)] as [(Float, Float)] {
            corners += [x, 4 + y, x, 6 + y]
        }
        return corners
    }()

    /// The first vertex and the vertex count of each instance of a draw.
    static func vertices(of geometry: DrawGeometry) -> (first: GLint, count: GLsizei) {
        switch geometry {
        case .quad: return (0, 4)
        case .ring: return (4, GLsizei(2 * (DrawGeometry.ringSegments + 1)))
        case .frame: return (GLint(4 + 2 * (DrawGeometry.ringSegments + 1)), 10)
        }
    }

    /// The texels `Shaders/particles.vert` reads a `ParticleBirth` as.
    static let texelsPerBirth = MemoryLayout<ParticleBirth>.stride / 16

    /// A renderer for `context`, drawing with programs from `shaders`.
    ///
    /// Programs are compiled (or loaded from `shaders.programCache`) when a
    /// frame first needs them, so a shader that does not compile fails the
    /// first frame that uses it, with `GLError.compileFailed`.
    package init(context: GLContext, shaders: ShaderLibrary) throws(GLError) {
        context.requireCurrent("LayerRenderer")
        self.context = context
        self.shaders = shaders
        builder = FrameBuilder(maximumTextureSize: context.info.maxTextureSize)
        emptyVertexArray = try GLVertexArray(context: context, label: "blur triangle")
        vertexArray = try GLVertexArray(context: context, label: "layer quads")
        cornerBuffer = try GLBuffer(context: context, usage: .staticDraw, label: "unit quad and ring")
        try cornerBuffer.stream(Self.meshCorners)
        vertexArray.setAttributes([Self.cornerAttribute], buffer: cornerBuffer, stride: 8)
        instanceBuffer = try GLBuffer(context: context, usage: .streamDraw, label: "layer instances")
        particleVertexArray = try GLVertexArray(context: context, label: "particle quads")
        particleBuffer = try GLBuffer(context: context, usage: .streamDraw, label: "particle births")
        particleTexture = try GLBufferTexture(context: context, buffer: particleBuffer)
        keptParticleBuffer = try GLBuffer(context: context, usage: .dynamicDraw, label: "kept particle births")
        keptParticleTexture = try GLBufferTexture(context: context, buffer: keptParticleBuffer)
        particleIndices = try GLBuffer(context: context, target: .index, usage: .staticDraw, label: "particle quads")
        particleVertexArray.setIndexBuffer(particleIndices)
        var texels: GLint = 0
        sglGetIntegerv(GLenum(GL_MAX_TEXTURE_BUFFER_SIZE), &texels)
        maximumParticles = Int(texels) / Self.texelsPerBirth
        vertexArray.bind()
        white = try GLTexture(
            context: context, width: 1, height: 1, label: "white",
            premultipliedPixels: [255, 255, 255, 255])
        clipTexture = try GLFloatTexture(context: context, label: "clips")
    }

    /// Draws `list` into `framebuffer` (0: the window's back buffer) of the given size.
    ///
    /// An offscreen framebuffer keeps its pixels, so an unchanged frame is not
    /// drawn and a changed one redraws only its damage (``FrameBuilder``).
    @discardableResult
    package func render(_ list: RenderList, framebuffer: UInt32, width: Int, height: Int) throws(GLError) -> RenderStats
    {
        context.requireCurrent("LayerRenderer.render")
        let plan = builder.plan(
            list,
            into: FrameTarget(
                id: framebuffer, width: width, height: height,
                keepsPixels: framebuffer != 0))
        do {
            try replay(plan)
        } catch {
            // What the builder believes exists may not: start over next frame.
            builder.discardAfterFailure()
            contents = [:]
            targets = [:]
            rampTexture = nil
            throw error
        }
        return plan.stats
    }

    /// The fixed-function state every layer draw uses: no depth, culling or
    /// scissor; premultiplied source-over blending.
    static func setCompositingState() {
        sglDisable(GLenum(GL_DEPTH_TEST))
        sglDisable(GLenum(GL_CULL_FACE))
        sglDisable(GLenum(GL_SCISSOR_TEST))
        sglEnable(GLenum(GL_BLEND))
        sglBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
    }

    /// The blend function of a blend mode (premultiplied colours). A mode that
    /// reads the backdrop writes its final colour itself: blending is off.
    static func setBlend(_ mode: BlendMode) {
        if mode.readsBackdrop {
            sglDisable(GLenum(GL_BLEND))
            return
        }
        sglEnable(GLenum(GL_BLEND))
        let one = GLenum(GL_ONE), zero = GLenum(GL_ZERO)
        let oneMinusSrcAlpha = GLenum(GL_ONE_MINUS_SRC_ALPHA)
        let dstAlpha = GLenum(GL_DST_ALPHA), oneMinusDstAlpha = GLenum(GL_ONE_MINUS_DST_ALPHA)
        switch mode {
        case .normal: sglBlendFunc(one, oneMinusSrcAlpha)
        case .xor: sglBlendFunc(oneMinusDstAlpha, oneMinusSrcAlpha)
        case .destinationOut: sglBlendFunc(zero, oneMinusSrcAlpha)
        case .sourceAtop: sglBlendFunc(dstAlpha, oneMinusSrcAlpha)
        case .plusLighter: sglBlendFunc(one, one)
        case .multiply:
            // src × dst + dst × (1 − αs), colour; alpha as source over.
            sglBlendFuncSeparate(GLenum(GL_DST_COLOR), oneMinusSrcAlpha, one, oneMinusSrcAlpha)
        case .screen:
            sglBlendFuncSeparate(one, GLenum(GL_ONE_MINUS_SRC_COLOR), one, oneMinusSrcAlpha)
        case .overlay, .darken, .lighten, .colorDodge, .colorBurn, .hardLight, .softLight, .difference,
            .exclusion, .hue, .saturation, .color, .luminosity:
            preconditionFailure("setBlend: \(mode.name) reads the backdrop and has no blend function")
        }
    }

    /// The `textured.frag` program of `shading` (`.texturedQuad`, `.texelQuad`
    /// or `.maskedTexelQuad`), compiled the first time a draw needs it.
    func texturedProgram(_ shading: Shading) throws(GLError) -> GLProgram {
        if let program = texturedPrograms[shading] { return program }
        let defines: [String]
        switch shading {
        case .texturedQuad: defines = []
        case .texelQuad: defines = ["TEXEL_FOR_PIXEL"]
        case .maskedTexelQuad: defines = ["TEXEL_FOR_PIXEL", "MASKED"]
        case .layer, .particle, .particles:
            preconditionFailure("LayerRenderer: \(shading) is not drawn by textured.frag")
        }
        let program = try contentsProgram(fragment: "textured.frag", defines: defines)
        if shading == .maskedTexelQuad { program.setUniform("u_mask", Int32(1)) }
        texturedPrograms[shading] = program
        return program
    }

    /// A program of `layer.vert` with `fragment`, sampling only the contents (unit 0).
    private func contentsProgram(fragment: String, defines: [String] = []) throws(GLError) -> GLProgram {
        let program = try shaders.program(
            vertex: "layer.vert", fragment: fragment, attributes: [Self.cornerAttribute] + Self.attributes,
            defines: defines)
        program.use()
        program.setUniform("u_contents", Int32(0))
        return program
    }

    /// The pass blur program, compiled the first time a pass is blurred.
    func passBlurProgram() throws(GLError) -> GLProgram {
        if let blurProgram { return blurProgram }
        let program = try shaders.program(vertex: "blur.vert", fragment: "blur.frag")
        blurProgram = program
        return program
    }

    /// The pass recolour program, compiled the first time a pass is recoloured.
    func passRecolorProgram() throws(GLError) -> GLProgram {
        if let recolorProgram { return recolorProgram }
        let program = try shaders.program(vertex: "blur.vert", fragment: "recolor.frag")
        recolorProgram = program
        return program
    }

    /// The particle program, compiled the first time a batch needs it.
    func particleShadingProgram() throws(GLError) -> GLProgram {
        if let particleProgram { return particleProgram }
        let program = try contentsProgram(fragment: "particle.frag")
        particleProgram = program
        return program
    }

    /// The program of particle batches, with or without clip tests, compiled the first time a draw needs it.
    func particleBatchProgram(clipped: Bool) throws(GLError) -> GLProgram {
        if let program = particleBatchPrograms[clipped] { return program }
        let program = try shaders.program(
            vertex: "particles.vert", fragment: "particle.frag",
            attributes: [],
            defines: clipped ? ["PARTICLE_BATCH", "WITH_CLIPS"] : ["PARTICLE_BATCH"])
        program.use()
        program.setUniform("u_contents", Int32(0))
        program.setUniform("u_clips", Int32(3))
        program.setUniform("u_births", Int32(4))
        particleBatchPrograms[clipped] = program
        return program
    }

    /// The layer program with `features` compiled in (and nothing else),
    /// made the first time a batch needs it.
    func layerProgram(_ features: LayerFeatures) throws(GLError) -> GLProgram {
        if let program = layerPrograms[features] { return program }
        let program = try shaders.program(
            vertex: "layer.vert", fragment: "layer.frag",
            attributes: [Self.cornerAttribute] + Self.attributes,
            defines: features.shaderDefines)
        program.use()
        program.setUniform("u_contents", Int32(0))
        program.setUniform("u_mask", Int32(1))
        program.setUniform("u_ramps", Int32(2))
        program.setUniform("u_clips", Int32(3))
        program.setUniform("u_backdrop", Int32(4))
        layerPrograms[features] = program
        return program
    }

    func bind(_ texture: BoundTexture, unit: Int) {
        switch texture {
        case .none: white.bind(unit: unit)
        case .atlas(let n): contents[n]!.bind(unit: unit)
        case .target(let t, _): targets[t]!.colorTexture.bind(unit: unit)
        }
    }
}
