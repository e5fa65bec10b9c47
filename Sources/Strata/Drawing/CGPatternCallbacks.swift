import Foundation

/// Draws one cell of a pattern into `context`, in pattern space (the cell's
/// `bounds`); `info` is what the pattern was made with. (A C function
/// pointer on Apple; here a Swift function, as `CGContext` is a Swift class:
/// the closures iOS code passes, which capture nothing, are both.)
public typealias CGPatternDrawPatternCallback = (UnsafeMutableRawPointer?, CGContext) -> Void

/// Releases a pattern's `info` when the pattern goes.
public typealias CGPatternReleaseInfoCallback = @convention(c) (UnsafeMutableRawPointer?) -> Void

/// The functions a pattern calls: Core Graphics' callback record.
public struct CGPatternCallbacks {
    /// The record's version (0).
    public var version: UInt32
    /// Draws a cell.
    public var drawPattern: CGPatternDrawPatternCallback?
    /// Releases `info`.
    public var releaseInfo: CGPatternReleaseInfoCallback?

    public init() {
        version = 0
        drawPattern = nil
        releaseInfo = nil
    }

    public init(
        version: UInt32, drawPattern: CGPatternDrawPatternCallback?,
        releaseInfo: CGPatternReleaseInfoCallback?
    ) {
        self.version = version
        self.drawPattern = drawPattern
        self.releaseInfo = releaseInfo
    }
}
