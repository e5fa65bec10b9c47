import Foundation

// Core Foundation's names for the types Core Graphics and Core Text take, so
// that calls written for Apple (`"Helvetica" as CFString`, `colors as CFArray`,
// `string as CFAttributedString`) compile unchanged. On Apple these are
// toll-free bridged to the Foundation types; Linux's Foundation does not
// export Core Foundation, so here they are the Swift and Foundation types.

/// Core Foundation's string: a Swift `String` here.
public typealias CFString = String
/// Core Foundation's array: `[Any]` here (`[CGColor]` converts with `as CFArray`).
public typealias CFArray = [Any]
/// Core Foundation's attributed string: Foundation's `NSAttributedString` here.
public typealias CFAttributedString = NSAttributedString
/// Core Foundation's dictionary: `[AnyHashable: Any]` here.
public typealias CFDictionary = [AnyHashable: Any]
