import Foundation

extension CATextLayer {
    /// The string and how it is set, as values (see ``CALayer/drawnContent``).
    package var textContent: TextContent {
        withStateLock {
            TextContent(string: plainString, fontName: font as? String, fontSize: fontSize,
                        foregroundColor: foregroundColor, isWrapped: isWrapped, alignmentMode: alignmentMode,
                        truncationMode: truncationMode)
        }
    }
}
