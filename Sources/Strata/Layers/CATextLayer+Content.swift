import Foundation

extension CATextLayer {
    /// The string and how it is set, as values (see ``CALayer/drawnContent``),
    /// read from the stored state under one lock (not through the getters, a lock each).
    package var textContent: TextContent {
        withStateLock {
            let t = _text
            return TextContent(
                string: Self.plainString(t.string), fontName: t.font as? String, fontSize: t.fontSize,
                foregroundColor: t.foregroundColor, isWrapped: t.isWrapped,
                alignment: Self.alignment(t.alignmentMode), truncation: Self.truncation(t.truncationMode))
        }
    }

    /// A mode Strata does not know aligns as `natural`.
    static func alignment(_ mode: CATextLayerAlignmentMode) -> TextContent.Alignment {
        switch mode {
        case .left: .left
        case .right: .right
        case .center: .center
        case .justified: .justified
        default: .natural
        }
    }

    /// A mode Strata does not know still elides, at the end.
    static func truncation(_ mode: CATextLayerTruncationMode) -> TextContent.Truncation {
        switch mode {
        case .none: .none
        case .start: .start
        case .middle: .middle
        default: .end
        }
    }
}
