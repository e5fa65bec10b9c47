import Foundation

/// How a pattern's cells are laid on the device pixel grid. Strata places
/// cells exactly at their steps in all three (no pixel snapping), which is
/// what `constantSpacing` asks for and within what the others allow.
public enum CGPatternTiling: Int32, Sendable {
    case noDistortion = 0
    case constantSpacingMinimalDistortion = 1
    case constantSpacing = 2
}
