import Foundation

// The attribute keys Core Text reads from an attributed string. On Apple the
// `kCT…` names are `CFString`s that bridge to `NSAttributedString.Key`; here
// they are the keys themselves, so `kCTFontAttributeName as
// NSAttributedString.Key` and `[kCTFontAttributeName: font]` both work.

/// The run's `CTFont` (default: Helvetica, which is DejaVu Sans, at 12 points).
public let kCTFontAttributeName = NSAttributedString.Key(rawValue: "NSFont")
/// The run's text colour, a `CGColor` (default: black).
public let kCTForegroundColorAttributeName = NSAttributedString.Key(rawValue: "CTForegroundColor")
/// When true, the run is painted with the context's fill colour instead.
public let kCTForegroundColorFromContextAttributeName =
    NSAttributedString.Key(rawValue: "CTForegroundColorFromContext")
/// Extra space after each glyph of the run, in points (an `NSNumber`).
public let kCTKernAttributeName = NSAttributedString.Key(rawValue: "NSKern")

extension NSAttributedString.Key {
    /// The run's font: UIKit's key (take a `CTFont` where iOS code passes a `UIFont`).
    public static let font = kCTFontAttributeName
    /// The run's text colour: UIKit's key (take a `CGColor` where iOS code passes a `UIColor`).
    public static let foregroundColor = NSAttributedString.Key(rawValue: "NSColor")
    /// Extra space after each glyph, in points.
    public static let kern = kCTKernAttributeName
}
