import Foundation

/// How a text layer aligns its lines.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

/// Where a text layer elides text that does not fit.
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}

/// A layer that draws a string.
open class CATextLayer: CALayer {
    /// This class's own properties (see `LayerState`); `final` and unchecked as `_state` is.
    @exclusivity(unchecked) package final var _text = TextLayerState()
    /// Where a display's watch of `draw(in:)` stands (see `CATextLayer+Drawing.swift`).
    var _textProbe = TextDrawProbe.off

    public override init() {
        super.init()
        becomeSubclassDrawing()
    }

    override func strataCopy() -> CALayer { CATextLayer(layer: self) }
    /// The renderer's text, or (drawn through `display()`) the contents alone.
    override package var contentKind: LayerContent.Kind { _text.drawsThroughDisplay ? .plain : .text }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        becomeSubclassDrawing()
    }

    /// A subclass shows what its drawing makes until a display finds that
    /// it draws the string alone, and redraws when its bounds change (its
    /// text wraps, aligns and is clipped in them): `needsDisplayOnBoundsChange`
    /// is true for subclasses (see `CATextLayer+Drawing.swift`).
    private func becomeSubclassDrawing() {
        guard type(of: self) != CATextLayer.self else { return }
        _text.drawsThroughDisplay = true
        _needsDisplayOnBoundsChange = true
    }

    public override init(layer: Any) {
        super.init(layer: layer)  // copies this class's properties too (copyProperties)
    }

    override func copyProperties(from other: CALayer) {
        super.copyProperties(from: other)
        guard let o = other as? CATextLayer else { return }
        _text = o._text
    }

    /// Draws the string into `ctx`, laid out in the bounds as the layer
    /// shows it (font, size, colour, wrapping, alignment, truncation), clipped
    /// to the bounds. A subclass that overrides it (to shift the text, or to
    /// draw around it) is drawn through `display()` and shows the result as
    /// its contents, as on iOS; see `CATextLayer+Drawing.swift`.
    open override func draw(in ctx: CGContext) {
        withTreeLock {
            if _textProbe == .armed {
                if ctx.isAsMadeForText {
                    _textProbe = .deferred
                    return
                }
                _textProbe = .painted
            }
            drawText(in: ctx)
        }
    }

    /// Whether changing `key` redisplays the layer: for subclasses, the text
    /// properties and `contentsScale` (their drawing depends on them); a
    /// plain `CATextLayer` is redrawn by the renderer instead.
    open override class func needsDisplay(forKey key: String) -> Bool {
        if self != CATextLayer.self, keysThatRedisplaySubclasses.contains(key) { return true }
        return super.needsDisplay(forKey: key)
    }

    /// The text: a `String` (or an `NSAttributedString`'s plain string).
    open var string: Any? {
        get { withStateLock { _text.string } }
        set { changeValue(forKey: "string") { _text.string = newValue } }
    }
    /// The font: a font name `String` (a DejaVu face or an Apple name mapped to one, or another
    /// installed family and style, such as "Liberation Serif Bold", found through fontconfig); nil,
    /// or a name nothing installed matches, for the default (DejaVu Sans).
    open var font: Any? {
        get { withStateLock { _text.font } }
        set { changeValue(forKey: "font") { _text.font = newValue } }
    }
    /// The font size in points.
    open var fontSize: CGFloat {
        get { withStateLock { _text.fontSize } }
        set { changeValue(forKey: "fontSize") { _text.fontSize = newValue } }
    }
    /// The text colour (default white).
    open var foregroundColor: CGColor? {
        get { withStateLock { _text.foregroundColor } }
        set { changeValue(forKey: "foregroundColor") { _text.foregroundColor = newValue } }
    }
    /// Whether lines wrap at the bounds' width.
    open var isWrapped: Bool {
        get { withStateLock { _text.isWrapped } }
        set { changeValue(forKey: "wrapped") { _text.isWrapped = newValue } }
    }
    /// How lines are aligned.
    open var alignmentMode: CATextLayerAlignmentMode {
        get { withStateLock { _text.alignmentMode } }
        set { changeValue(forKey: "alignmentMode") { _text.alignmentMode = newValue } }
    }
    /// Where text that does not fit is elided.
    open var truncationMode: CATextLayerTruncationMode {
        get { withStateLock { _text.truncationMode } }
        set { changeValue(forKey: "truncationMode") { _text.truncationMode = newValue } }
    }

    /// Whether glyph positions may be rounded to whole pixels (default
    /// false). Kept: Strata places glyphs at quarter pixels either way.
    open var allowsFontSubpixelQuantization: Bool {
        get { withStateLock { _text.allowsFontSubpixelQuantization } }
        set {
            changeValue(forKey: "allowsFontSubpixelQuantization") { _text.allowsFontSubpixelQuantization = newValue }
        }
    }

    /// The string as plain text.
    package var plainString: String { Self.plainString(withStateLock { _text.string }) }

    /// A `string` value as plain text.
    static func plainString(_ string: Any?) -> String {
        switch string {
        case let s as String: return s
        case let s as NSAttributedString: return s.string
        case let s?: return "\(s)"
        case nil: return ""
        }
    }
}
