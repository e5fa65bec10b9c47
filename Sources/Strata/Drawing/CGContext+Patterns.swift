import Foundation

extension CGContext {
    /// Makes `space` the space of fill colours; a pattern space
    /// (`CGColorSpace(patternBaseSpace:)`) prepares `setFillPattern`. The fill
    /// becomes opaque black (no pattern), as in Core Graphics.
    public func setFillColorSpace(_ space: CGColorSpace) {
        state.fillColor = .black
        state.fillColorSpace = space
    }

    /// Makes `space` the space of stroke colours (see `setFillColorSpace(_:)`).
    public func setStrokeColorSpace(_ space: CGColorSpace) {
        state.strokeColor = .black
        state.strokeColorSpace = space
    }

    /// Fills with `pattern` from now on. `components` is the alpha of a
    /// coloured pattern, or an uncoloured pattern's colour in the fill space's
    /// base space followed by alpha. Pattern space maps to the context's base
    /// space through the pattern's matrix, whatever the CTM is now.
    public func setFillPattern(_ pattern: CGPattern, colorComponents components: UnsafePointer<CGFloat>) {
        let paint = makePatternPaint(pattern, components: components, space: state.fillColorSpace)
        state.fillPattern = paint
    }

    /// Strokes with `pattern` from now on (see `setFillPattern(_:colorComponents:)`).
    public func setStrokePattern(_ pattern: CGPattern, colorComponents components: UnsafePointer<CGFloat>) {
        let paint = makePatternPaint(pattern, components: components, space: state.strokeColorSpace)
        state.strokePattern = paint
    }

    /// Sets the pattern phase (Strata: cells are placed by the pattern's matrix alone).
    public func setPatternPhase(_ phase: CGSize) {}
}
