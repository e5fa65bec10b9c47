import Foundation

/// How glyphs are painted: filled, stroked, both, not at all, and whether they are added to the clip.
public enum CGTextDrawingMode: Int32, Hashable, Sendable {
    case fill = 0
    case stroke
    case fillStroke
    case invisible
    case fillClip
    case strokeClip
    case fillStrokeClip
    case clip
}
