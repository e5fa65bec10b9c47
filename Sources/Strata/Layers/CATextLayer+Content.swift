import Foundation

extension CATextLayer {
    /// The string and how it is set, as values (see ``CALayer/drawnContent``).
    package var textContent: TextContent {
        withStateLock {
            TextContent(string: plainString, fontName: font as? String, fontSize: fontSize,
                        foregroundColor: foregroundColor, isWrapped: isWrapped,
                        alignment: Self.alignment(alignmentMode), truncation: Self.truncation(truncationMode))
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
