import Foundation

// Every error StrataRender throws for input from outside (font files, the
// FreeType library), with its message, in one place so the wording stays
// consistent. Programmer mistakes are preconditions, not errors.

/// A failure to set up CPU drawing: no usable font file, or FreeType refusing to start.
///
/// `description` is the message to print: one line that says what and where.
public enum RenderError: Error, Equatable, CustomStringConvertible, Sendable {
    /// No default font file was found; `searched` lists every place looked, in order.
    case fontNotFound(searched: [String])
    /// A font file exists but FreeType cannot open it (`code` is FreeType's error number).
    case fontUnreadable(path: String, code: Int32)
    /// `FT_Init_FreeType` failed with `code`.
    case freeTypeUnavailable(code: Int32)

    /// The message to print: what failed and where.
    public var description: String {
        switch self {
        case .fontNotFound(let searched):
            return "no default font (DejaVuSans.ttf) found; install Debian's fonts-dejavu-core or set "
                + "STRATA_FONT to a .ttf file; looked in: " + searched.joined(separator: ", ")
        case .fontUnreadable(let path, let code):
            return "\(path): FreeType cannot open this font (error \(code))"
        case .freeTypeUnavailable(let code):
            return "FreeType failed to start (error \(code))"
        }
    }
}
