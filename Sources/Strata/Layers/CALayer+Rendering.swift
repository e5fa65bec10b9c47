import Foundation

// `render(in:)`: a layer tree drawn into a Core Graphics context on the CPU,
// as iOS code takes snapshots (`layer.render(in: UIGraphicsGetCurrentContext()!)`).
extension CALayer {

    func renderSubtree(in ctx: CGContext, alpha: CGFloat) {
        let s = _state
        let opacity = alpha * CGFloat(s.opacity)
        guard !s.isHidden, opacity > 0, CATransform3DIsAffine(s.transform) else { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        // Superlayer's bounds space → this layer's: about the anchor point.
        let anchor = CGPoint(
            x: s.bounds.minX + s.anchorPoint.x * s.bounds.width,
            y: s.bounds.minY + s.anchorPoint.y * s.bounds.height)
        ctx.translateBy(x: s.position.x, y: s.position.y)
        ctx.concatenate(CATransform3DGetAffineTransform(s.transform))
        ctx.translateBy(x: -anchor.x, y: -anchor.y)
        ctx.setAlpha(opacity)
        let shape = CGPath.roundedRect(
            s.bounds, radius: s.cornerRadius, corners: s.maskedCorners,
            continuous: s.cornerCurve == .continuous)
        if let background = s.backgroundColor {
            ctx.setFillColor(background)
            ctx.addPath(shape)
            ctx.fillPath()
        }
        if s.masksToBounds {
            ctx.addPath(shape)
            ctx.clip()
        }
        if let image = ContentsCrossfade.shown(s.contents) as? CGImage {
            renderContents(image, in: ctx)
        }
        renderOwnContent(in: ctx)
        if !_sublayers.isEmpty {
            ctx.saveGState()
            if CATransform3DIsAffine(s.sublayerTransform), !CATransform3DIsIdentity(s.sublayerTransform) {
                ctx.translateBy(x: anchor.x, y: anchor.y)
                ctx.concatenate(CATransform3DGetAffineTransform(s.sublayerTransform))
                ctx.translateBy(x: -anchor.x, y: -anchor.y)
            }
            // Stable by zPosition, as drawn on screen.
            let ordered = _sublayers.enumerated().sorted {
                ($0.element._state.zPosition, $0.offset) < ($1.element._state.zPosition, $1.offset)
            }
            for (_, sublayer) in ordered { sublayer.renderSubtree(in: ctx, alpha: opacity) }
            ctx.restoreGState()
        }
        if s.borderWidth > 0, let border = s.borderColor {
            // Inside the bounds: twice the width, half of it clipped away.
            ctx.saveGState()
            ctx.addPath(shape)
            ctx.clip()
            ctx.setStrokeColor(border)
            ctx.setLineWidth(s.borderWidth * 2)
            ctx.addPath(shape)
            ctx.strokePath()
            ctx.restoreGState()
        }
    }

    /// The contents image placed by `contentsGravity`, upright in the y-down user space.
    private func renderContents(_ image: CGImage, in ctx: CGContext) {
        let b = _state.bounds
        let scale = _state.contentsScale > 0 && _state.contentsScale.isFinite ? _state.contentsScale : 1
        let natural = CGSize(width: CGFloat(image.width) / scale, height: CGFloat(image.height) / scale)
        var rect = b
        switch _state.contentsGravity {
        case .resize:
            break
        case .resizeAspect, .resizeAspectFill:
            guard natural.width > 0, natural.height > 0 else { break }
            let sx = b.width / natural.width, sy = b.height / natural.height
            let k = _state.contentsGravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            rect = CGRect(
                x: b.midX - natural.width * k / 2, y: b.midY - natural.height * k / 2,
                width: natural.width * k, height: natural.height * k)
        case let gravity:
            // As the renderer places them: names in macOS's y-up terms (`top` at maxY unless flipped).
            let name = gravity.rawValue.lowercased()
            var x = b.midX - natural.width / 2, y = b.midY - natural.height / 2
            if name.hasSuffix("left") { x = b.minX }
            if name.hasSuffix("right") { x = b.maxX - natural.width }
            if name.hasPrefix("top") { y = _state.isGeometryFlipped ? b.minY : b.maxY - natural.height }
            if name.hasPrefix("bottom") { y = _state.isGeometryFlipped ? b.maxY - natural.height : b.minY }
            rect = CGRect(x: x, y: y, width: natural.width, height: natural.height)
        }
        ctx.saveGState()
        // Core Graphics draws images y-up: flip about the rectangle so that the first row is at its top.
        ctx.translateBy(x: 0, y: rect.minY + rect.maxY)
        ctx.scaleBy(x: 1, y: -1)
        ctx.draw(image, in: rect)
        ctx.restoreGState()
    }

    /// What the layer's class draws over its background: a shape layer's
    /// path, a gradient, a text layer's string.
    private func renderOwnContent(in ctx: CGContext) {
        switch self {
        case let shape as CAShapeLayer:
            let content = shape.shapeContent
            guard var path = content.path else { return }
            if content.strokeStart > 0 || content.strokeEnd < 1 {
                if content.fillColor != nil { fill(path, content.fillColor, content.fillRule, in: ctx) }
                path = path.trimmed(from: content.strokeStart, to: content.strokeEnd)
            } else {
                fill(path, content.fillColor, content.fillRule, in: ctx)
            }
            guard let stroke = content.strokeColor, content.lineWidth > 0 else { return }
            ctx.saveGState()
            ctx.setStrokeColor(stroke)
            ctx.setLineWidth(content.lineWidth)
            ctx.setLineCap(content.lineCap)
            ctx.setLineJoin(content.lineJoin)
            ctx.setMiterLimit(content.miterLimit)
            if !content.lineDashPattern.isEmpty {
                ctx.setLineDash(phase: content.lineDashPhase, lengths: content.lineDashPattern)
            }
            ctx.addPath(path)
            ctx.strokePath()
            ctx.restoreGState()
        case let gradient as CAGradientLayer:
            renderGradient(gradient, in: ctx)
        case let text as CATextLayer where !text._text.drawsThroughDisplay:
            // (A subclass drawn through `display()` has its text in its contents.)
            text.drawText(in: ctx)
        default:
            break
        }
    }

    private func fill(_ path: CGPath, _ color: CGColor?, _ rule: CGPathFillRule, in ctx: CGContext) {
        guard let color else { return }
        ctx.setFillColor(color)
        ctx.addPath(path)
        ctx.fillPath(using: rule)
    }

    /// An axial or radial gradient over the bounds (conic ones are not drawn).
    private func renderGradient(_ layer: CAGradientLayer, in ctx: CGContext) {
        guard let colors = layer.colors as? [CGColor], !colors.isEmpty else { return }
        let locations = layer.locations.map { $0.map { CGFloat($0.doubleValue) } }
        let gradient: CGGradient? =
            if let locations, locations.count == colors.count {
                locations.withUnsafeBufferPointer {
                    CGGradient(colorsSpace: nil, colors: colors as CFArray, locations: $0.baseAddress)
                }
            } else {
                CGGradient(colorsSpace: nil, colors: colors as CFArray, locations: nil)
            }
        guard let gradient else { return }
        let b = _state.bounds
        func point(_ unit: CGPoint) -> CGPoint { CGPoint(x: b.minX + unit.x * b.width, y: b.minY + unit.y * b.height) }
        let start = point(layer.startPoint), end = point(layer.endPoint)
        ctx.saveGState()
        ctx.clip(to: b)
        switch layer.type {
        case .axial:
            ctx.drawLinearGradient(
                gradient, start: start, end: end,
                options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        case .radial:
            // An ellipse about the start point reaching the end point on each axis (a circle
            // when the points share an x or a y), spreading from the focal point, as the
            // renderer draws it.
            var rx = abs(end.x - start.x), ry = abs(end.y - start.y)
            if rx <= 0 { rx = ry }
            if ry <= 0 { ry = rx }
            if rx > 0, ry > 0 {
                ctx.translateBy(x: start.x, y: start.y)
                ctx.scaleBy(x: rx, y: ry)
                ctx.drawRadialGradient(
                    gradient, startCenter: layer.radialFocus, startRadius: 0, endCenter: .zero,
                    endRadius: 1, options: [.drawsAfterEndLocation])
            }
        default:
            break
        }
        ctx.restoreGState()
    }
}
