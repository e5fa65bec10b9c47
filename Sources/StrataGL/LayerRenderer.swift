import Foundation
import Strata
import StrataRender
internal import CEpoxy

/// Replays a ``RenderList`` with OpenGL: one instanced draw per batch, each with
/// the layer program compiled for just the features its items use (or the
/// textured-quad program), offscreen passes into pooled framebuffers.
///
/// Use it only inside its host's `withCurrent` (it checks). Textures it makes
/// (atlas pages, ramps, clips, pass targets) live as long as the renderer.
public final class LayerRenderer {
    public let context: GLContext
    let shaders: ShaderLibrary
    /// `layer.frag` compiled for each set of features met so far.
    var layerPrograms: [LayerFeatures: GLProgram] = [:]
    /// Whether batches get the layer program compiled for just their features
    /// (default); off, every batch uses the whole program (for comparisons).
    public var specializesLayerProgram = true
    /// The values of the per-frame and per-pass uniforms the layer programs share.
    var layerUniforms = (target: SIMD4<Float>(0, 0, 1, 1), rampCount: Float(1))
    /// `Shading.texturedQuad`: cached appearances and passes drawn as they are.
    let texturedProgram: GLProgram
    /// `Shading.particle`: emitters' tinted images (made when a frame first has particles).
    var particleProgram: GLProgram?
    let vertexArray: GLVertexArray
    let cornerBuffer: GLBuffer
    let instanceBuffer: GLBuffer
    let white: GLTexture
    var textures: TextureCache
    var rampTexture: GLTexture?
    /// The ramps `rampTexture` holds.
    var uploadedRamps: [GradientRamp] = []
    let clipTexture: GLFloatTexture
    var passTargets: [GLFramebuffer] = []
    /// The part of each pass's framebuffer this frame uses (targets may be larger).
    var fbUsed: [Int: (width: Int, height: Int)] = [:]
    /// Pixels of cacheable passes by content key; kept while used frame to frame.
    var passCache: [Int: GLFramebuffer] = [:]
    /// Passes of this frame whose pixels came from `passCache`.
    var reusedPasses: Set<Int> = []
    let blur: GLProgram
    let emptyVertexArray: GLVertexArray
    /// Scratch targets for the blur's first direction, in sizes rounded up to
    /// 64 pixels and shared by every blur they hold: keyed by exact size,
    /// a shadow whose blur radius animated left one behind per size it took.
    var blurScratch: [GLFramebuffer] = []
    /// The last frame drawn into an offscreen target, to skip an unchanged frame.
    var lastFrame: (list: RenderList, framebuffer: UInt32, width: Int, height: Int, stats: RenderStats)?

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
            GLVertexAttribute("i_flags", location: 12, components: 1, type: .int, offset: s.offset(of: \.flags)!,
                              isInteger: true, divisor: 1),
        ]
    }()
    static let cornerAttribute = GLVertexAttribute("a_corner", location: 0, components: 2, offset: 0)

    /// A renderer for `context`, compiling `Shaders/layer.vert/.frag` from `shaders`.
    public init(context: GLContext, shaders: ShaderLibrary) throws(GLError) {
        context.requireCurrent("LayerRenderer")
        self.context = context
        self.shaders = shaders
        texturedProgram = try shaders.program(vertex: "layer.vert", fragment: "textured.frag",
                                              attributes: [Self.cornerAttribute] + Self.attributes)
        blur = try shaders.program(vertex: "blur.vert", fragment: "blur.frag")
        emptyVertexArray = try GLVertexArray(context: context, label: "blur triangle")
        vertexArray = try GLVertexArray(context: context, label: "layer quads")
        cornerBuffer = try GLBuffer(context: context, usage: .staticDraw, label: "unit quad")
        try cornerBuffer.stream([Float(0), 0, 1, 0, 0, 1, 1, 1])
        vertexArray.setAttributes([Self.cornerAttribute], buffer: cornerBuffer, stride: 8)
        instanceBuffer = try GLBuffer(context: context, usage: .streamDraw, label: "layer instances")
        white = try GLTexture(context: context, width: 1, height: 1, label: "white",
                              premultipliedPixels: [255, 255, 255, 255])
        textures = TextureCache(context: context)
        clipTexture = try GLFloatTexture(context: context, label: "clips")
        // The whole layer program now, so a broken shader fails here rather
        // than at the first frame (specialized variants come from the same file).
        _ = try layerProgram(.all)
    }

    /// Draws `list` into `framebuffer` (0: the window's back buffer) of the given size.
    @discardableResult
    public func render(_ list: RenderList, framebuffer: UInt32, width: Int, height: Int) throws(GLError) -> RenderStats {
        context.requireCurrent("LayerRenderer.render")
        // Nothing changed, nothing drawn: an offscreen target still holds the last
        // frame (the window's back buffer, framebuffer 0, does not after a swap).
        // Otherwise, where only some screen items changed, only their old and
        // new bounds are redrawn (scissored) into the pixels the target keeps.
        var damage: [CGRect]?
        if framebuffer != 0, let last = lastFrame, last.framebuffer == framebuffer, last.width == width,
           last.height == height {
            // One walk of both lists: equal lists give no damage.
            damage = list.damage(since: last.list)
            if damage?.isEmpty == true {
                var stats = last.stats
                stats.drawCalls = 0
                stats.uploads = 0
                stats.blurs = 0
                stats.damage = []
                stats.keptPasses = []
                stats.unchangedFrame = true
                return stats
            }
        }
        lastFrame = nil
        var stats = RenderStats()
        stats.layers = list.layerCount
        stats.items = list.itemCount
        stats.passes = list.passes.count
        try prepareSharedTextures(list, stats: &stats)
        try textures.prepare(list, stats: &stats)
        let targets = try passFramebuffers(for: list)

        Self.setCompositingState()
        texturedProgram.use()
        texturedProgram.setUniform("u_contents", Int32(0))
        layerUniforms.rampCount = Float(max(1, list.gradients.count))
        (rampTexture ?? white).bind(unit: 2)
        clipTexture.bind(unit: 3)

        for (index, pass) in list.passes.enumerated() {
            if reusedPasses.contains(index) {
                stats.cachedPasses += 1
                continue
            }
            let isScreen = index == list.passes.count - 1
            let w = isScreen ? width : Int(pass.bounds.width)
            let h = isScreen ? height : Int(pass.bounds.height)
            if isScreen {
                sglBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
            } else {
                sglBindFramebuffer(GLenum(GL_FRAMEBUFFER), targets[index]!.name)
            }
            sglViewport(0, 0, GLsizei(w), GLsizei(h))
            let clear = isScreen ? list.background : .clear
            sglClearColor(clear.r, clear.g, clear.b, clear.a)
            let origin = isScreen ? CGPoint.zero : pass.bounds.origin
            let target = SIMD4<Float>(Float(origin.x), Float(origin.y), Float(w), Float(h))
            texturedProgram.use()
            texturedProgram.setUniform("u_target", target)
            layerUniforms.target = target
            if isScreen, let damage {
                sglEnable(GLenum(GL_SCISSOR_TEST))
                for rect in damage {
                    // GL's window rows count up from the bottom.
                    sglScissor(GLint(rect.minX), GLint(h) - GLint(rect.maxY), GLsizei(rect.width), GLsizei(rect.height))
                    sglClear(GLbitfield(GL_COLOR_BUFFER_BIT))
                    let meeting = pass.items.filter { item in
                        let box = RenderList.deviceBounds(of: item, within: rect)
                        return !box.isNull && box.width > 0 && box.height > 0
                    }
                    try draw(meeting, targets: targets, list: list, stats: &stats)
                }
                sglDisable(GLenum(GL_SCISSOR_TEST))
                stats.damage = damage
            } else {
                sglClear(GLbitfield(GL_COLOR_BUFFER_BIT))
                try draw(pass.items, targets: targets, list: list, stats: &stats)
            }
            if pass.blurSigma > 0.05, let target = targets[index] {
                try blur(target, width: w, height: h, sigma: pass.blurSigma)
                stats.blurs += 1
                (rampTexture ?? white).bind(unit: 2)
                clipTexture.bind(unit: 3)
            }
        }
        vertexArray.bind()
        stats.keptPasses = reusedPasses
        try context.checkError(label: "LayerRenderer", operation: "render")
        if framebuffer != 0 { lastFrame = (list, framebuffer, width, height, stats) }
        return stats
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

    /// Packs and draws one pass's items, batch by batch.
    func draw(_ items: [DrawItem], targets: [Int: GLFramebuffer], list: RenderList,
              stats: inout RenderStats) throws(GLError) {
        guard !items.isEmpty else { return }
        let instances = items.map { LayerInstance($0) { source, rect in self.textureRect(source, rect, targets) } }
        try instanceBuffer.stream(instances)
        let stride = MemoryLayout<LayerInstance>.stride
        let batches = Batcher.batches(items) { self.batchTexture($0) }
        var current: (shading: Shading, features: LayerFeatures)?
        for batch in batches {
            let wanted = (batch.shading, batch.shading == .layer ? batch.features : [])
            if current == nil || current! != wanted {
                current = wanted
                if batch.shading == .texturedQuad {
                    texturedProgram.use()
                } else if batch.shading == .particle {
                    let program = try particleShadingProgram()
                    program.use()
                    program.setUniform("u_target", layerUniforms.target)
                } else {
                    let program = try layerProgram(specializesLayerProgram ? batch.features : .all)
                    program.use()
                    program.setUniform("u_target", layerUniforms.target)
                    program.setUniform("u_rampCount", layerUniforms.rampCount)
                }
            }
            let base = batch.range.lowerBound * stride
            vertexArray.setAttributes(Self.attributes.map { a in
                var a = a
                a.offset += base
                return a
            }, buffer: instanceBuffer, stride: stride)
            bind(batch.texture, unit: 0, targets: targets)
            bind(batch.mask, unit: 1, targets: targets)
            sglDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(batch.range.count))
            stats.drawCalls += 1
        }
    }

    /// The particle program, compiled the first time a batch needs it.
    func particleShadingProgram() throws(GLError) -> GLProgram {
        if let particleProgram { return particleProgram }
        let program = try shaders.program(vertex: "layer.vert", fragment: "particle.frag",
                                          attributes: [Self.cornerAttribute] + Self.attributes)
        program.use()
        program.setUniform("u_contents", Int32(0))
        particleProgram = program
        return program
    }

    /// The layer program with `features` compiled in (and nothing else),
    /// made the first time a batch needs it.
    func layerProgram(_ features: LayerFeatures) throws(GLError) -> GLProgram {
        if let program = layerPrograms[features] { return program }
        let program = try shaders.program(vertex: "layer.vert", fragment: "layer.frag",
                                          attributes: [Self.cornerAttribute] + Self.attributes,
                                          defines: features.shaderDefines)
        program.use()
        program.setUniform("u_contents", Int32(0))
        program.setUniform("u_mask", Int32(1))
        program.setUniform("u_ramps", Int32(2))
        program.setUniform("u_clips", Int32(3))
        layerPrograms[features] = program
        return program
    }

    func batchTexture(_ source: TextureSource) -> BatchTexture {
        switch source {
        case .pass(let p): return .pass(p)
        case .image, .raster: return .page(textures.page(of: source))
        }
    }

    func bind(_ texture: BatchTexture, unit: Int, targets: [Int: GLFramebuffer]) {
        switch texture {
        case .none: white.bind(unit: unit)
        case .page(let p): textures.pages[p].bind(unit: unit)
        case .pass(let p): targets[p]!.colorTexture.bind(unit: unit)
        }
    }

    /// Texture coordinates of `rect` (unit coordinates of the source, y down).
    func textureRect(_ source: TextureSource, _ rect: CGRect, _ targets: [Int: GLFramebuffer]) -> (Float, Float, Float, Float) {
        switch source {
        case .pass(let p):
            // Pass targets keep GL's bottom-up rows and may be larger than the pass.
            let fb = targets[p]!
            let sx = Double(fbUsed[p]?.width ?? fb.width) / Double(fb.width)
            let sy = Double(fbUsed[p]?.height ?? fb.height) / Double(fb.height)
            return (Float(rect.minX * sx), Float((1 - rect.minY) * sy),
                    Float(rect.maxX * sx), Float((1 - rect.maxY) * sy))
        case .image, .raster:
            return textures.textureRect(source, rect)
        }
    }

    /// A framebuffer for every offscreen pass, reused across passes and frames
    /// (rounded up to 64 pixels so animated sizes don't churn).
    func passFramebuffers(for list: RenderList) throws(GLError) -> [Int: GLFramebuffer] {
        var out: [Int: GLFramebuffer] = [:]
        fbUsed = [:]
        reusedPasses = []
        var free = passTargets
        var keep: [Int: GLFramebuffer] = [:]
        for (i, pass) in list.passes.enumerated().dropLast() {
            let w = max(1, Int(pass.bounds.width)), h = max(1, Int(pass.bounds.height))
            if let key = pass.cacheKey {
                // Cacheable passes own their framebuffer so it survives the frame.
                if let cached = passCache[key] ?? keep[key] {
                    reusedPasses.insert(i)
                    out[i] = cached
                    keep[key] = cached
                } else {
                    let fb = try GLFramebuffer(context: context, width: w, height: h,
                                               label: "pass \(i) \(pass.purpose.rawValue) (cached)")
                    out[i] = fb
                    keep[key] = fb
                }
                fbUsed[i] = (w, h)
                continue
            }
            // A target is free again once every pass that samples it has been drawn;
            // keep it simple: one target per pass per frame.
            if let k = free.firstIndex(where: { $0.width >= w && $0.height >= h }) {
                out[i] = free.remove(at: k)
            } else {
                let fb = try GLFramebuffer(context: context, width: (w + 63) / 64 * 64, height: (h + 63) / 64 * 64,
                                           label: "pass \(i) \(pass.purpose.rawValue)")
                passTargets.append(fb)
                out[i] = fb
            }
            fbUsed[i] = (w, h)
        }
        passCache = keep
        return out
    }


    /// Blurs the `width × height` corner of `target` in place: across into a
    /// scratch target, then down back into `target`.
    func blur(_ target: GLFramebuffer, width: Int, height: Int, sigma: Double) throws(GLError) {
        let scratch: GLFramebuffer
        if let s = blurScratch.filter({ $0.width >= width && $0.height >= height })
            .min(by: { $0.width * $0.height < $1.width * $1.height }) {
            scratch = s
        } else {
            scratch = try GLFramebuffer(context: context, width: (width + 63) / 64 * 64,
                                        height: (height + 63) / 64 * 64, label: "blur scratch")
            blurScratch.append(scratch)
        }
        sglDisable(GLenum(GL_BLEND))
        blur.use()
        blur.setUniform("u_source", Int32(0))
        blur.setUniform("u_sigma", Float(sigma))
        emptyVertexArray.bind()
        for (source, destination, across) in [(target, scratch, true), (scratch, target, false)] {
            // Texel steps and the used corner in the source's own uv (the two may differ in size).
            let sw = Float(source.width), sh = Float(source.height)
            sglBindFramebuffer(GLenum(GL_FRAMEBUFFER), destination.name)
            sglViewport(0, 0, GLsizei(width), GLsizei(height))
            source.colorTexture.bind(unit: 0)
            blur.setUniform("u_texel", across ? SIMD2<Float>(1 / sw, 0) : SIMD2<Float>(0, 1 / sh))
            blur.setUniform("u_limit", SIMD2<Float>(Float(width) / sw, Float(height) / sh))
            sglDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        }
        sglEnable(GLenum(GL_BLEND))
        vertexArray.bind()
    }

    /// Gradient ramps and clips for this frame.
    func prepareSharedTextures(_ list: RenderList, stats: inout RenderStats) throws(GLError) {
        if !list.gradients.isEmpty && list.gradients != uploadedRamps {
            rampTexture = try GLTexture(context: context, width: GradientRamp.width, height: list.gradients.count,
                                        label: "gradient ramps", premultipliedPixels: list.gradients.flatMap(\.texels))
            uploadedRamps = list.gradients
            stats.uploads += 1
        }
        if !list.clips.isEmpty {
            var data: [Float] = []
            data.reserveCapacity(list.clips.count * 20)
            for clip in list.clips {
                let m = clip.deviceToLocal
                let r = clip.rect
                data += [Float(m.m11), Float(m.m12), Float(m.m13), Float(m.m21),
                         Float(m.m22), Float(m.m23), Float(m.m31), Float(m.m32),
                         Float(m.m33), Float(r.minX), Float(r.minY), Float(r.width),
                         Float(r.height), Float(clip.radii.minXMinY), Float(clip.radii.maxXMinY), Float(clip.radii.maxXMaxY),
                         Float(clip.radii.minXMaxY), clip.continuousCorners ? 1 : 0, Float(clip.parent),
                         clip.antialiased ? 0 : 1]
            }
            try clipTexture.upload(width: 5, height: list.clips.count, rgba: data)
            stats.uploads += 1
        }
    }
}
