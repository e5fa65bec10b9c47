import Foundation

extension CGContext {
    // MARK: Painting the current path

    /// Fills the current path with the fill colour by `rule`, then empties the path.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        let path = currentPath
        beginPath()
        fillPixelPath(path, rule: rule, paint: fillPaint)
    }

    /// Strokes the current path with the stroke colour and line settings, then empties the path.
    public func strokePath() {
        guard let user = path else { return beginPath() }
        beginPath()
        strokeUserPath(user, paint: strokePaint)
    }

    /// Paints the current path as `mode` says (the fill under the stroke), then empties it.
    public func drawPath(using mode: CGPathDrawingMode) {
        let pixelPath = currentPath
        let user = path
        beginPath()
        switch mode {
        case .fill, .eoFill, .fillStroke, .eoFillStroke:
            let rule: CGPathFillRule = mode == .eoFill || mode == .eoFillStroke ? .evenOdd : .winding
            fillPixelPath(pixelPath, rule: rule, paint: fillPaint)
        case .stroke:
            break
        }
        if mode == .stroke || mode == .fillStroke || mode == .eoFillStroke, let user {
            strokeUserPath(user, paint: strokePaint)
        }
    }

    // MARK: Shapes that leave the current path alone

    /// Fills `rect` with the fill colour.
    public func fill(_ rect: CGRect) { fill([rect]) }

    /// Fills each rectangle with the fill colour.
    public func fill(_ rects: [CGRect]) {
        let path = CGMutablePath()
        path.addRects(rects, transform: userToPixel)
        fillPixelPath(path, rule: .winding, paint: fillPaint)
    }

    /// Fills the ellipse inscribed in `rect`.
    public func fillEllipse(in rect: CGRect) {
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: userToPixel)
        fillPixelPath(path, rule: .winding, paint: fillPaint)
    }

    /// Strokes the outline of `rect`.
    public func stroke(_ rect: CGRect) {
        strokeUserPath(CGPath(rect: rect, transform: nil), paint: strokePaint)
    }

    /// Strokes the outline of `rect` with line width `width` (the state keeps its own width).
    public func stroke(_ rect: CGRect, width: CGFloat) {
        let saved = state.lineWidth
        setLineWidth(width)
        stroke(rect)
        state.lineWidth = saved
    }

    /// Strokes the ellipse inscribed in `rect`.
    public func strokeEllipse(in rect: CGRect) {
        strokeUserPath(CGPath(ellipseIn: rect, transform: nil), paint: strokePaint)
    }

    /// Strokes separate segments: points 0–1, 2–3, … (a last odd point is ignored).
    public func strokeLineSegments(between points: [CGPoint]) {
        let path = CGMutablePath()
        var i = 0
        while i + 1 < points.count {
            path.move(to: points[i])
            path.addLine(to: points[i + 1])
            i += 2
        }
        strokeUserPath(path, paint: strokePaint)
    }

    /// Makes the pixels of `rect` (through the clip) transparent: no blend mode, alpha or shadow applies.
    public func clear(_ rect: CGRect) {
        let path = CGMutablePath()
        path.addRect(rect, transform: userToPixel)
        guard let coverage = fillCoverage(path, rule: .winding, within: clipBounds) else { return }
        composite(coverage, paint: .solid(.clear), mode: .copy, alpha: 1, shadow: false)
    }

    // MARK: Clipping

    /// Narrows the clip to the inside of the current path by `rule`, then empties the path.
    public func clip(using rule: CGPathFillRule = .winding) {
        let path = currentPath
        beginPath()
        clip(toPixelPath: path, rule: rule)
    }

    /// Narrows the clip to `rect`.
    public func clip(to rect: CGRect) {
        let path = CGMutablePath()
        path.addRect(rect, transform: userToPixel)
        clip(toPixelPath: path, rule: .winding)
    }

    /// Narrows the clip to the union of `rects`.
    public func clip(to rects: [CGRect]) {
        let path = CGMutablePath()
        path.addRects(rects, transform: userToPixel)
        clip(toPixelPath: path, rule: .winding)
    }

    /// Widens the clip back to the whole bitmap.
    public func resetClip() { state.clip = nil }

    /// The bounding box of the clip in user space.
    public var boundingBoxOfClipPath: CGRect {
        guard let back = pixelToUser else { return .null }
        let r = clipBounds
        return r.isEmpty ? .zero : r.cgRect.applying(back)
    }

    // MARK: Internals

    /// The pixels the clip lets through, as a rectangle.
    var clipBounds: PixelRect { state.clip?.bounds.intersection(pixelBounds) ?? pixelBounds }

    func clip(toPixelPath path: CGPath, rule: CGPathFillRule) {
        let current = state.clip ?? ClipMask(bounds: pixelBounds, coverage: nil)
        guard !current.bounds.isEmpty else { return }
        var rect = CGRect()
        if path.isRect(&rect), Self.isIntegral(rect) {
            // A pixel-aligned rectangle needs no coverage bytes.
            state.clip = current.intersected(with: PixelRect(covering: rect), mask: nil)
            return
        }
        guard let coverage = fillCoverage(path, rule: rule, within: current.bounds) else {
            state.clip = ClipMask(bounds: .empty, coverage: nil)
            return
        }
        state.clip = current.intersected(with: coverage.rect, mask: coverage.bytes)
    }

    static func isIntegral(_ r: CGRect) -> Bool {
        r.minX == r.minX.rounded() && r.minY == r.minY.rounded() && r.maxX == r.maxX.rounded()
            && r.maxY == r.maxY.rounded()
    }

    /// Fills a path given in pixels.
    func fillPixelPath(_ path: CGPath, rule: CGPathFillRule, paint: Paint) {
        guard let coverage = fillCoverage(path, rule: rule, within: drawingBounds) else { return }
        composite(coverage, paint: paint)
    }

    /// Strokes a path given in user space with the state's line settings.
    func strokeUserPath(_ path: CGPath, paint: Paint) {
        let t = userToPixel
        let scale = t.largestScale
        guard !path.isEmpty, scale > 0, scale.isFinite else { return }
        let width = effectiveLineWidth
        var reach = width / 2
        if state.lineJoin == .miter { reach *= max(1, state.miterLimit) }
        if state.lineCap == .square { reach = max(reach, width / 2 * 2.squareRoot()) }
        let box = path.boundingBoxOfPath
        guard !box.isNull else { return }
        let rect = PixelRect(covering: box.applying(t).insetBy(dx: -reach * scale - 1, dy: -reach * scale - 1))
            .intersection(drawingBounds)
        guard !rect.isEmpty else { return }
        let mask = PathRasterizer.stroke(
            path: path, lineWidth: width, cap: state.lineCap, join: state.lineJoin, miterLimit: state.miterLimit,
            dash: state.dashLengths.isEmpty ? nil : (state.dashPhase, state.dashLengths),
            transform: t.concatenating(CGAffineTransform(translationX: CGFloat(-rect.x), y: CGFloat(-rect.y))),
            width: rect.width, height: rect.height, precision: .exact)
        composite(Coverage(rect: rect, bytes: mask.bytes), paint: paint)
    }

    /// The coverage of `path` (pixels) by `rule`, over the part of its box inside `bounds`.
    func fillCoverage(_ path: CGPath, rule: CGPathFillRule, within bounds: PixelRect) -> Coverage? {
        let box = path.boundingBoxOfPath
        guard !box.isNull else { return nil }
        let rect = PixelRect(covering: box).intersection(bounds)
        guard !rect.isEmpty else { return nil }
        let toMask = CGAffineTransform(translationX: CGFloat(-rect.x), y: CGFloat(-rect.y))
        let mask = PathRasterizer.fill(
            path: path, rule: rule, transform: toMask, width: rect.width,
            height: rect.height, precision: .exact)
        return Coverage(rect: rect, bytes: mask.bytes)
    }

    /// Where drawing can show: the clip's pixels, widened by how far a shadow
    /// reaches (an object outside the clip may cast a shadow into it).
    var drawingBounds: PixelRect {
        let clip = clipBounds
        guard let shadow = shadowInPixels else { return clip }
        let reach = Int(min(3 * shadow.sigma + abs(shadow.dx) + abs(shadow.dy), 4096).rounded(.up)) + 1
        return clip.insetBy(-reach)
    }
}
