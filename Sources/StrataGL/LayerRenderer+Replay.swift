internal import CEpoxy
import Foundation
import Strata
import StrataRender

/// The ``RenderBackend`` calls: each does what the plan says with GL.
extension LayerRenderer {
    package func apply(_ upload: AtlasUpload) throws(GLError) {
        switch upload {
        case .reset:
            // Delete the old pages now, before the new ones are made: a page
            // with its levels is ~22 MB on a CPU rasterizer, and holding both
            // at once raised resident memory by that much at every restart.
            contents = [:]
            context.collectGarbage()
        case let .page(index, size, levels), let .grownPage(index, size, levels):
            // A grown page replaces the smaller texture; the plan uploads its slots again.
            let page = try GLTexture(context: context, width: size, height: size, label: "atlas page \(index)")
            try page.allocateMipLevels(levels)
            contents[index] = page
        case let .dedicated(index, width, height, _, levels, label):
            let texture = try GLTexture(
                context: context, width: width, height: height, label: label,
                premultipliedPixels: upload.pixels)
            texture.generateMipmaps(levels: levels)
            contents[index] = texture
        case let .coveragePage(index, size):
            // A grown page replaces the smaller texture; the plan uploads its slots again.
            let page = try GLTexture(
                context: context, width: size, height: size, label: "coverage page \(index)", format: .coverage)
            try page.allocateMipLevels(0)
            contents[index] = page
        case .slot(let index, _, _, _, _), .coverageSlot(let index, _, _, _):
            guard let texture = contents[index] else {
                preconditionFailure("LayerRenderer: the plan fills texture \(index), which it never made")
            }
            try upload.forEachRegion { (level, x, y, width, height, pixels) throws(GLError) in
                try texture.replaceRegion(
                    level: level, x: x, y: y, width: width, height: height,
                    premultipliedPixels: pixels)
            }
        }
    }

    package func apply(_ change: TargetChange) throws(GLError) {
        switch change {
        case let .make(target, width, height):
            targets[target] = try GLFramebuffer(
                context: context, width: width, height: height,
                label: "pass target \(target)")
        case .release(let target):
            targets[target] = nil
        }
    }

    package func uploadRamps(_ ramps: [GradientRamp]) throws(GLError) {
        rampTexture = try GLTexture(
            context: context, width: GradientRamp.width, height: ramps.count,
            label: "gradient ramps", premultipliedPixels: ramps.flatMap(\.texels))
    }

    package func uploadClips(_ texels: [Float], count: Int) throws(GLError) {
        try clipTexture.upload(width: ClipShape.texelsPerClip, height: count, rgba: texels)
    }

    package func uploadInstances(_ instances: [LayerInstance]) throws(GLError) {
        if !instances.isEmpty { try instanceBuffer.stream(instances) }
        Self.setCompositingState()
        (rampTexture ?? white).bind(unit: 2)
        clipTexture.bind(unit: 3)
    }

    package func uploadParticles(_ births: [ParticleBirth]) throws(GLError) {
        guard births.count <= maximumParticles else {
            throw .tooLarge(label: particleBuffer.label, width: births.count, height: 1, maximum: maximumParticles)
        }
        try particleBuffer.stream(births)
        try makeParticleIndices(births.count)
    }

    package func updateKeptParticles(_ update: KeptParticleUpdate) throws(GLError) {
        let stride = MemoryLayout<ParticleBirth>.stride, slotBytes = ParticleRun.chunkCapacity * stride
        if let slots = update.slots {
            guard slots * ParticleRun.chunkCapacity <= maximumParticles else {
                throw .tooLarge(
                    label: keptParticleBuffer.label, width: slots * ParticleRun.chunkCapacity, height: 1,
                    maximum: maximumParticles)
            }
            try keptParticleBuffer.allocate(bytes: slots * slotBytes)
            try makeParticleIndices(ParticleRun.chunkCapacity)
        }
        for upload in update.uploads {
            keptParticleBuffer.write(upload.births, at: upload.slot * slotBytes + upload.from * stride)
        }
    }

    /// Indices of the quads of at least `count` births.
    private func makeParticleIndices(_ count: Int) throws(GLError) {
        if count > particleIndexCapacity {
            // Made once for the most births seen (and grown by doubling), not per frame.
            let capacity = max(count, 2 * particleIndexCapacity)
            var indices: [UInt32] = []
            indices.reserveCapacity(6 * capacity)
            for k in 0..<UInt32(capacity) {
                let v = 4 * k
                // The two triangles a strip of the quad's corners makes, in the order a strip makes them.
                indices.append(contentsOf: [v, v + 1, v + 2, v + 2, v + 1, v + 3])
            }
            try particleIndices.stream(indices)
            particleIndexCapacity = capacity
        }
    }

    package func begin(_ pass: PlannedPass, of plan: FramePlan) throws(GLError) {
        switch pass.target {
        case .screen: frameFramebuffer = plan.target.id
        default: frameFramebuffer = targets[pass.target]!.name
        }
        sglBindFramebuffer(GLenum(GL_FRAMEBUFFER), frameFramebuffer)
        sglViewport(GLint(pass.viewportX), GLint(pass.viewportY), GLsizei(pass.width), GLsizei(pass.height))
        let target = SIMD4<Float>(Float(pass.origin.x), Float(pass.origin.y), Float(pass.width), Float(pass.height))
        layerUniforms = (target, SIMD2(Float(pass.viewportX), Float(pass.viewportY)))
        currentProgram = nil
        // Source over is the state every pass starts in.
        if currentBlend != .normal {
            currentBlend = .normal
            Self.setBlend(.normal)
        }
    }

    package func begin(_ region: PlannedPass.Region, of pass: PlannedPass) throws(GLError) {
        let clear = pass.clear
        sglClearColor(clear.r, clear.g, clear.b, clear.a)
        if pass.sharesTarget {
            if pass.clearsSharedTarget {
                sglClearColor(0, 0, 0, 0)
                sglDisable(GLenum(GL_SCISSOR_TEST))
                sglClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            }
            // Its part of the target and the gutter around it, for every draw.
            sglEnable(GLenum(GL_SCISSOR_TEST))
            let x = max(0, pass.viewportX - 1), y = max(0, pass.viewportY - 1)
            sglScissor(
                GLint(x), GLint(y), GLsizei(pass.viewportX + pass.width + 1 - x),
                GLsizei(pass.viewportY + pass.height + 1 - y))
            // A pass cleared to a colour (an inverted matte's opaque cover) fills its part
            // and its gutter with it, as the target of its own it would otherwise have.
            if clear != .clear {
                sglClearColor(clear.r, clear.g, clear.b, clear.a)
                sglClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            }
            return
        } else if let rect = region.scissor {
            sglEnable(GLenum(GL_SCISSOR_TEST))
            // GL's window rows count up from the bottom.
            sglScissor(
                GLint(rect.minX), GLint(pass.height) - GLint(rect.maxY), GLsizei(rect.width),
                GLsizei(rect.height))
        } else {
            sglDisable(GLenum(GL_SCISSOR_TEST))
        }
        sglClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }

    package func copyBackdrop(_ rect: CGRect, of pass: PlannedPass) throws(GLError) {
        let width = Int(rect.width), height = Int(rect.height)
        let texture: GLTexture
        if let backdropTexture, backdropTexture.width >= width, backdropTexture.height >= height {
            texture = backdropTexture
        } else {
            // Rounded up, and never smaller than before, so growing copies do not remake it each draw.
            func rounded(_ n: Int) -> Int { (n + 63) / 64 * 64 }
            let w = max(rounded(width), backdropTexture?.width ?? 0)
            let h = max(rounded(height), backdropTexture?.height ?? 0)
            let limit = context.info.maxTextureSize
            texture = try GLTexture(
                context: context, width: min(w, limit), height: min(h, limit),
                label: "blend backdrop", filter: .nearest)
            backdropTexture = texture
        }
        // Window rows count up from the bottom; the first texel holds the copy's lower-left pixel.
        let x = Int(rect.minX), y = pass.height - Int(rect.maxY)
        backdropOrigin = SIMD2(Float(x), Float(y))
        texture.bind(unit: 4)
        sglCopyTexSubImage2D(
            GLenum(GL_TEXTURE_2D), 0, 0, 0, GLint(x), GLint(y), GLsizei(min(width, texture.width)),
            GLsizei(min(height, texture.height)))
    }

    package func draw(_ draw: PlannedDraw, of plan: FramePlan) throws(GLError) {
        if draw.blend != currentBlend {
            currentBlend = draw.blend
            Self.setBlend(draw.blend)
        }
        if let particles = draw.particles {
            try drawParticles(particles, texture: draw.texture)
            return
        }
        let wanted = (draw.shading, draw.features)
        if currentProgram == nil || currentProgram! != wanted {
            currentProgram = wanted
            let program: GLProgram
            switch draw.shading {
            case .texturedQuad, .texelQuad, .maskedTexelQuad: program = try texturedProgram(draw.shading)
            case .particle: program = try particleShadingProgram()
            case .layer, .particles: program = try layerProgram(draw.features)
            }
            program.use()
            program.setUniform("u_target", layerUniforms.target)
            // Only the programs that read the device position have it (elsewhere a no-op).
            program.setUniform("u_viewportOrigin", layerUniforms.viewportOrigin)
        }
        if draw.shading == .layer, draw.features.contains(.blendModes) {
            // The program is in use (chosen above); a draw without a backdrop blends by function.
            let program = try layerProgram(draw.features)
            program.setUniform("u_blendMode", draw.blend.shaderCode)
            program.setUniform("u_backdropOrigin", backdropOrigin)
            (backdropTexture ?? white).bind(unit: 4)
        }
        let stride = MemoryLayout<LayerInstance>.stride
        let base = draw.instances.lowerBound * stride
        vertexArray.setAttributes(Self.attributes(Self.attributes, from: base), buffer: instanceBuffer, stride: stride)
        bind(draw.texture, unit: 0)
        bind(draw.mask, unit: 1)
        let mesh = Self.vertices(of: draw.geometry)
        sglDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), mesh.first, mesh.count, GLsizei(draw.instances.count))
    }

    /// One batch's births: one draw of their quads' triangles, each vertex
    /// reading its birth from the births' buffer texture (llvmpipe runs an
    /// instanced draw's vertex pipeline once per instance, four vertices at a time).
    func drawParticles(_ particles: PlannedParticles, texture: BoundTexture) throws(GLError) {
        let program = try particleBatchProgram(clipped: particles.clip >= 0)
        program.use()
        currentProgram = nil
        program.setUniform("u_target", layerUniforms.target)
        program.setUniform("u_viewportOrigin", layerUniforms.viewportOrigin)
        program.setUniform("u_map", vec3Array: particles.mapping)
        program.setUniform("u_time", particles.time)
        program.setUniform("u_looks", vec4Array: particles.looks)
        program.setUniform("u_opacity", particles.opacity)
        program.setUniform("u_tint", particles.tint)
        program.setUniform("u_clip", Float(particles.clip))
        program.setUniform("u_additive", Int32(particles.additive ? 1 : 0))
        program.setUniform("u_first", Int32(particles.births.lowerBound))
        program.setUniform("u_look", particles.look)
        program.setUniform("u_last", Int32(particles.reversed ? particles.births.count - 1 : -1))
        bind(texture, unit: 0)
        (particles.kept ? keptParticleTexture : particleTexture).bind(unit: 4)
        particleVertexArray.bind()
        sglDrawElements(GLenum(GL_TRIANGLES), GLsizei(6 * particles.births.count), GLenum(GL_UNSIGNED_INT), nil)
        vertexArray.bind()
    }

    /// Blurs the pass's corner of its target in place: across into the
    /// scratch target, then down back.
    package func blur(_ blur: PlannedPass.Blur, of pass: PlannedPass) throws(GLError) {
        sglDisable(GLenum(GL_SCISSOR_TEST))
        let target = targets[pass.target]!, scratch = targets[blur.scratch]!
        let width = pass.width, height = pass.height
        let program = try passBlurProgram()
        sglDisable(GLenum(GL_BLEND))
        program.use()
        program.setUniform("u_source", Int32(0))
        emptyVertexArray.bind()
        for (source, destination, across) in [(target, scratch, true), (scratch, target, false)] {
            // A direction not blurred is copied (a σ this small weighs only the middle texel).
            let blurred = across ? blur.axes.contains(.horizontal) : blur.axes.contains(.vertical)
            program.setUniform("u_sigma", blurred ? Float(blur.sigma) : 1e-3)
            // Texel steps and the used corner in the source's own uv (the two may differ in size).
            let sw = Float(source.width), sh = Float(source.height)
            sglBindFramebuffer(GLenum(GL_FRAMEBUFFER), destination.name)
            sglViewport(0, 0, GLsizei(width), GLsizei(height))
            source.colorTexture.bind(unit: 0)
            program.setUniform("u_texel", across ? SIMD2<Float>(1 / sw, 0) : SIMD2<Float>(0, 1 / sh))
            program.setUniform("u_limit", SIMD2<Float>(Float(width) / sw, Float(height) / sh))
            sglDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        }
        resumeLayerDrawing()
    }

    /// Recolours the pass's corner of its target in place: mapped into the
    /// scratch target, then copied back.
    package func recolor(_ step: PlannedPass.ColorStep, of pass: PlannedPass) throws(GLError) {
        sglDisable(GLenum(GL_SCISSOR_TEST))
        let target = targets[pass.target]!, scratch = targets[step.scratch]!
        let recolor = try passRecolorProgram()
        sglDisable(GLenum(GL_BLEND))
        recolor.use()
        recolor.setUniform("u_source", Int32(0))
        recolor.setUniform("u_shadows", step.map.shadows)
        recolor.setUniform("u_midtones", step.map.midtones)
        recolor.setUniform("u_highlights", step.map.highlights)
        emptyVertexArray.bind()
        for (source, destination, amount) in [(target, scratch, step.map.amount), (scratch, target, Float(0))] {
            sglBindFramebuffer(GLenum(GL_FRAMEBUFFER), destination.name)
            sglViewport(0, 0, GLsizei(pass.width), GLsizei(pass.height))
            source.colorTexture.bind(unit: 0)
            recolor.setUniform("u_amount", amount)
            sglDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        }
        resumeLayerDrawing()
    }

    package func end(_ plan: FramePlan) throws(GLError) {
        if currentBlend != .normal {
            currentBlend = .normal
            Self.setBlend(.normal)
        }
        sglDisable(GLenum(GL_SCISSOR_TEST))
        vertexArray.bind()
        try context.checkError(label: "LayerRenderer", operation: "render")
    }

    /// `attributes` read from `base` bytes into their buffer (the first instance of a draw).
    static func attributes(_ attributes: [GLVertexAttribute], from base: Int) -> [GLVertexAttribute] {
        attributes.map { a in
            var a = a
            a.offset += base
            return a
        }
    }

    /// The state layer draws expect back after a full-target step (blur, recolour):
    /// blending on, the instance vertex array, the shared textures, no program assumed.
    func resumeLayerDrawing() {
        sglEnable(GLenum(GL_BLEND))
        vertexArray.bind()
        currentProgram = nil
        (rampTexture ?? white).bind(unit: 2)
        clipTexture.bind(unit: 3)
    }
}
