import Foundation

extension CGContext {
    // MARK: Graphics state stack

    /// Pushes a copy of the graphics state (CTM, clip, colours, line and text
    /// settings, alpha, blend mode, shadow).
    public func saveGState() { savedStates.append(state) }

    /// Pops the state saved last; does nothing when none is saved.
    public func restoreGState() {
        if let saved = savedStates.popLast() { state = saved }
    }

    // MARK: Transforms

    /// The current transformation matrix: user space → device space.
    public var ctm: CGAffineTransform { state.ctm }

    /// The transform from user space to device space (the CTM).
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { state.ctm }

    /// Moves the origin of user space by (`tx`, `ty`).
    public func translateBy(x tx: CGFloat, y ty: CGFloat) {
        state.ctm = CGAffineTransform(translationX: tx, y: ty).concatenating(state.ctm)
    }

    /// Scales user space.
    public func scaleBy(x sx: CGFloat, y sy: CGFloat) {
        state.ctm = CGAffineTransform(scaleX: sx, y: sy).concatenating(state.ctm)
    }

    /// Rotates user space by `angle` radians (counterclockwise in Core Graphics' y-up space).
    public func rotate(by angle: CGFloat) {
        state.ctm = CGAffineTransform(rotationAngle: angle).concatenating(state.ctm)
    }

    /// Applies `transform` to user space before the current CTM.
    public func concatenate(_ transform: CGAffineTransform) {
        state.ctm = transform.concatenating(state.ctm)
    }

    /// A point in user space, in device space.
    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm) }
    /// A point in device space, in user space.
    public func convertToUserSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm.inverted()) }
    /// A size in user space, in device space.
    public func convertToDeviceSpace(_ size: CGSize) -> CGSize { size.applying(state.ctm) }
    /// A size in device space, in user space.
    public func convertToUserSpace(_ size: CGSize) -> CGSize { size.applying(state.ctm.inverted()) }
    /// The bounding box in device space of a rectangle in user space.
    public func convertToDeviceSpace(_ rect: CGRect) -> CGRect { rect.applying(state.ctm) }
    /// The bounding box in user space of a rectangle in device space.
    public func convertToUserSpace(_ rect: CGRect) -> CGRect { rect.applying(state.ctm.inverted()) }

    // MARK: Colours, alpha and compositing

    /// The colour fills (and text) are painted with.
    public func setFillColor(_ color: CGColor) { state.fillColor = color }
    /// The fill colour from sRGB components.
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// The fill colour as a grey.
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { state.fillColor = CGColor(gray: gray, alpha: alpha) }

    /// The colour strokes are painted with.
    public func setStrokeColor(_ color: CGColor) { state.strokeColor = color }
    /// The stroke colour from sRGB components.
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// The stroke colour as a grey.
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { state.strokeColor = CGColor(gray: gray, alpha: alpha) }

    /// An opacity 0…1 applied to everything drawn after it.
    public func setAlpha(_ alpha: CGFloat) { state.alpha = alpha.isFinite ? min(max(alpha, 0), 1) : 1 }

    /// How later drawing combines with the pixels already there.
    public func setBlendMode(_ mode: CGBlendMode) { state.blendMode = mode }

    /// A shadow under everything drawn after it: offset and blur in base
    /// space, in `color` (nil or clear: no shadow). The blur is about twice the
    /// Gaussian's standard deviation, as for the HTML canvas.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard let color, color.alpha > 0, offset.width.isFinite, offset.height.isFinite, blur.isFinite else {
            state.shadow = nil
            return
        }
        state.shadow = (offset, max(0, blur), color)
    }

    /// A shadow in black at one-third alpha, Core Graphics' default shadow colour.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3))
    }

    /// How images are sampled when scaled.
    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolationQuality }
        set { state.interpolationQuality = newValue }
    }

    /// Whether edges are anti-aliased (off: each pixel is in or out at its centre).
    public func setShouldAntialias(_ shouldAntialias: Bool) { state.shouldAntialias = shouldAntialias }
    /// Whether anti-aliasing may be turned on (kept for compatibility; anti-aliasing follows `setShouldAntialias`).
    public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) {}
    /// Curve flatness (curves are always flattened finely enough for the pixels).
    public func setFlatness(_ flatness: CGFloat) { state.flatness = flatness }

    // MARK: Lines

    /// The width of strokes, in user space when they are stroked (0: the thinnest line, one pixel).
    public func setLineWidth(_ width: CGFloat) { state.lineWidth = width.isFinite ? max(0, width) : 1 }
    /// The shape of open stroke ends.
    public func setLineCap(_ cap: CGLineCap) { state.lineCap = cap }
    /// The shape of stroke corners.
    public func setLineJoin(_ join: CGLineJoin) { state.lineJoin = join }
    /// How long a miter join may get, in line widths, before it is bevelled.
    public func setMiterLimit(_ limit: CGFloat) { state.miterLimit = limit }
    /// Dashes for strokes: lengths of painted and unpainted parts in turn,
    /// starting `phase` into the pattern; an empty `lengths` strokes solid.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        let usable = !lengths.isEmpty && lengths.allSatisfy { $0 >= 0 && $0.isFinite } && lengths.contains { $0 > 0 }
        state.dashLengths = usable ? lengths : []
        state.dashPhase = phase.isFinite ? phase : 0
    }

    // MARK: Text settings

    /// Extra space added after each glyph, in text space.
    public func setCharacterSpacing(_ spacing: CGFloat) { state.characterSpacing = spacing.isFinite ? spacing : 0 }
    /// How glyphs are painted.
    public func setTextDrawingMode(_ mode: CGTextDrawingMode) { state.textDrawingMode = mode }

    /// Where the next text is drawn, in user space: the translation of the text matrix.
    public var textPosition: CGPoint {
        get { CGPoint(x: textMatrix.tx, y: textMatrix.ty) }
        set {
            textMatrix.tx = newValue.x
            textMatrix.ty = newValue.y
        }
    }

    /// Sets the text position.
    public func setTextPosition(x: CGFloat, y: CGFloat) { textPosition = CGPoint(x: x, y: y) }
}
