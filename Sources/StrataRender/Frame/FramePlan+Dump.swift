import Foundation

extension FramePlan {
    /// A stable text form of the plan: uploads, targets, and each pass's draw
    /// calls (instances, program features, textures) for `strata render --dump`
    /// and snapshot tests.
    package func dump() -> String {
        // Cache keys are hashes, seeded per process: cached targets are
        // numbered in order of appearance instead, so dumps are stable.
        var cachedNumbers: [Int: Int] = [:]
        func name(_ target: PassTarget) -> String {
            guard case .cached(let key) = target else { return "\(target)" }
            if cachedNumbers[key] == nil { cachedNumbers[key] = cachedNumbers.count }
            return "cached \(cachedNumbers[key]!)"
        }
        func name(_ texture: BoundTexture) -> String {
            guard case let .target(target, pass) = texture else { return "\(texture)" }
            return "\(name(target)) (pass \(pass))"
        }
        func name(_ change: TargetChange) -> String {
            switch change {
            case let .make(target, width, height): return "make \(name(target)) \(width)×\(height)"
            case .release(let target): return "release \(name(target))"
            }
        }
        var lines = [
            "frame plan \(target.width)x\(target.height)\(unchanged ? " unchanged" : "")"
                + " instances \(instances.count) draws \(stats.drawCalls)"
        ]
        for upload in atlas { lines.append("upload \(upload)") }
        for change in targets { lines.append("target \(name(change))") }
        if let ramps { lines.append("ramps \(ramps.count)") }
        if let clips { lines.append("clips \(clips.count)") }
        for kept in stats.keptPasses.sorted() { lines.append("pass \(kept) kept (cached pixels)") }
        for pass in passes {
            lines.append(
                "pass \(pass.index) \(pass.purpose.rawValue) -> \(name(pass.target)) \(pass.width)x\(pass.height)"
                    + "\(pass.sharesTarget ? " at \(pass.viewportX),\(pass.viewportY)" : "")"
                    + "\(pass.colorStep.map { " recolour via \(name($0.scratch))" } ?? "")"
                    + "\(pass.blur.map { " blur \(RenderList.num($0.sigma))\($0.axes == .both ? "" : $0.axes == .horizontal ? " across" : " down") via \(name($0.scratch))" } ?? "")"
            )
            for region in pass.regions {
                if let scissor = region.scissor { lines.append("  scissor \(RenderList.text(scissor))") }
                for draw in region.draws {
                    let parts = draw.features.shaderDefines.dropFirst().map { $0.dropFirst(5).lowercased() }
                    var program: String
                    switch draw.shading {
                    case .texturedQuad: program = "textured"
                    case .texelQuad: program = "texel"
                    case .maskedTexelQuad: program = "texel[masked]"
                    case .particle: program = "particle"
                    case .layer, .particles: program = "layer[\(parts.joined(separator: ","))]"
                    }
                    if let particles = draw.particles {
                        program =
                            "particles \(particles.births.lowerBound)..<\(particles.births.upperBound)"
                            + (particles.kept ? " kept" : "") + (particles.look >= 0 ? " look \(particles.look)" : "")
                            + (particles.reversed ? " reversed" : "")
                            + (particles.clip >= 0 ? " clip \(particles.clip)" : "")
                    }
                    lines.append(
                        "  draw \(draw.instances.lowerBound)..<\(draw.instances.upperBound) \(program)"
                            + " texture \(name(draw.texture)) mask \(name(draw.mask))"
                            + (draw.blend == .normal ? "" : " blend \(draw.blend.name)")
                            + (draw.backdrop.map { " backdrop \(RenderList.text($0))" } ?? ""))
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
