import Foundation

/// A pattern: a cell, drawn by a callback, repeated every `xStep` and
/// `yStep` over what is filled or stroked with it (`setFillPattern`,
/// `setStrokePattern`, after `setFillColorSpace(CGColorSpace(patternBaseSpace:))`).
///
/// Pattern space maps to the context's base space (its user space before any
/// `concatenate`/`translateBy`…, as in Core Graphics) through `matrix`. A
/// coloured pattern paints its cell's own colours; an uncoloured one paints
/// the colour given with it wherever its cell paints.
public final class CGPattern: @unchecked Sendable {
    let info: UnsafeMutableRawPointer?
    /// The cell, in pattern space.
    public let bounds: CGRect
    let matrix: CGAffineTransform
    let xStep: CGFloat
    let yStep: CGFloat
    let tiling: CGPatternTiling
    let isColored: Bool
    let drawPattern: CGPatternDrawPatternCallback?
    let releaseInfo: CGPatternReleaseInfoCallback?

    /// A pattern whose cell `callbacks.drawPattern` draws in `bounds`; nil
    /// for a step or bounds that are not finite, or a step of zero with an empty cell.
    public init?(
        info: UnsafeMutableRawPointer?, bounds: CGRect, matrix: CGAffineTransform, xStep: CGFloat,
        yStep: CGFloat, tiling: CGPatternTiling, isColored: Bool,
        callbacks: UnsafePointer<CGPatternCallbacks>
    ) {
        let b = bounds.standardized
        guard !b.isNull, b.minX.isFinite, b.minY.isFinite, b.width.isFinite, b.height.isFinite,
            xStep.isFinite, yStep.isFinite, matrix.a.isFinite, matrix.b.isFinite, matrix.c.isFinite,
            matrix.d.isFinite, matrix.tx.isFinite, matrix.ty.isFinite
        else { return nil }
        // A step of 0 means the cell's own size, as in Core Graphics.
        let sx = xStep == 0 ? b.width : abs(xStep), sy = yStep == 0 ? b.height : abs(yStep)
        guard sx > 0, sy > 0 else { return nil }
        self.info = info
        self.bounds = b
        self.matrix = matrix
        self.xStep = sx
        self.yStep = sy
        self.tiling = tiling
        self.isColored = isColored
        drawPattern = callbacks.pointee.drawPattern
        releaseInfo = callbacks.pointee.releaseInfo
    }

    deinit { releaseInfo?(info) }
}
