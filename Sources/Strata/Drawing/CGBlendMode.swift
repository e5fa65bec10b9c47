import Foundation

/// How drawing combines with what is already in the context: the PDF
/// separable and non-separable blend modes, Porter-Duff operators, and the
/// two "plus" modes. Coverage blends between the destination and the result
/// (outside a shape nothing changes, whatever the mode).
public enum CGBlendMode: Int32, Hashable, Sendable {
    case normal = 0
    case multiply
    case screen
    case overlay
    case darken
    case lighten
    case colorDodge
    case colorBurn
    case softLight
    case hardLight
    case difference
    case exclusion
    case hue
    case saturation
    case color
    case luminosity
    case clear
    case copy
    case sourceIn
    case sourceOut
    case sourceAtop
    case destinationOver
    case destinationIn
    case destinationOut
    case destinationAtop
    case xor
    case plusDarker
    case plusLighter
}
