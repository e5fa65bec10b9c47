import Foundation

/// The part of a `CGContext` that `saveGState()` saves and `restoreGState()`
/// restores: Core Graphics' graphics state. (The current path and the text
/// matrix are not part of it, as in Core Graphics.)
struct GraphicsState {
    /// User space → Core Graphics' device space (origin bottom left, y up).
    var ctm: CGAffineTransform
    /// The clip in pixels; nil: the whole bitmap.
    var clip: ClipMask?
    /// Setting a colour replaces a pattern.
    var fillColor: CGColor = .black { didSet { fillPattern = nil } }
    var strokeColor: CGColor = .black { didSet { strokePattern = nil } }
    /// The pattern fills paint with instead of `fillColor` (nil: none).
    var fillPattern: PatternPaint?
    var strokePattern: PatternPaint?
    /// The spaces `setFillColorSpace`/`setStrokeColorSpace` chose (nil: device RGB).
    var fillColorSpace: CGColorSpace?
    var strokeColorSpace: CGColorSpace?
    /// Multiplies the alpha of everything drawn.
    var alpha: CGFloat = 1
    var lineWidth: CGFloat = 1
    var lineCap: CGLineCap = .butt
    var lineJoin: CGLineJoin = .miter
    var miterLimit: CGFloat = 10
    var dashPhase: CGFloat = 0
    var dashLengths: [CGFloat] = []
    var blendMode: CGBlendMode = .normal
    /// Offset and blur in base space, and the colour (nil: no shadow).
    var shadow: (offset: CGSize, blur: CGFloat, color: CGColor)?
    var interpolationQuality: CGInterpolationQuality = .default
    var shouldAntialias = true
    var flatness: CGFloat = 0.5
    var characterSpacing: CGFloat = 0
    var textDrawingMode: CGTextDrawingMode = .fill
    /// The font and size `showGlyphs(_:at:)` draws with.
    var font: CGFont?
    var fontSize: CGFloat = 0

    init(ctm: CGAffineTransform) { self.ctm = ctm }
}
