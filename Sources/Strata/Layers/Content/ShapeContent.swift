import Foundation

/// What a `CAShapeLayer` draws: its path and how it is filled and stroked.
package struct ShapeContent: Hashable, Sendable {
    /// The shape, in the layer's coordinates.
    package var path: CGPath?
    /// Nil fills nothing.
    package var fillColor: CGColor?
    package var fillRule: CGPathFillRule
    /// Nil strokes nothing.
    package var strokeColor: CGColor?
    package var lineWidth: CGFloat
    package var lineCap: CGLineCap
    package var lineJoin: CGLineJoin
    package var miterLimit: CGFloat
    /// Dash and gap lengths, alternating; empty for a solid line.
    package var lineDashPattern: [CGFloat]
    package var lineDashPhase: CGFloat
    /// The part of the path (0...1) the stroke covers.
    package var strokeStart: CGFloat
    package var strokeEnd: CGFloat

    package init(
        path: CGPath?, fillColor: CGColor?, fillRule: CGPathFillRule, strokeColor: CGColor?,
        lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat,
        lineDashPattern: [CGFloat], lineDashPhase: CGFloat, strokeStart: CGFloat, strokeEnd: CGFloat
    ) {
        self.path = path; self.fillColor = fillColor; self.fillRule = fillRule; self.strokeColor = strokeColor
        self.lineWidth = lineWidth; self.lineCap = lineCap; self.lineJoin = lineJoin; self.miterLimit = miterLimit
        self.lineDashPattern = lineDashPattern; self.lineDashPhase = lineDashPhase
        self.strokeStart = strokeStart; self.strokeEnd = strokeEnd
    }
}
