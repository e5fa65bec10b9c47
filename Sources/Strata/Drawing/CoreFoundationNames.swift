import Foundation

// Core Foundation's names for the types Core Graphics and Core Text take, so
// that calls written for Apple (`"Helvetica" as CFString`, `colors as CFArray`,
// `string as CFAttributedString`) compile unchanged. On Apple these are
// toll-free bridged to the Foundation types; Linux's Foundation does not
// export Core Foundation, so here they are the Swift and Foundation types.
// Strata does not re-export Linux's CoreFoundation module either: its `M_PI`,
// `M_E`, … would clash with Glibc's in every file that imports Foundation and
// Strata (`ambiguous use of 'M_PI'`); QuartzCore's time and boolean names are
// declared here instead.

/// Core Foundation's string: a Swift `String` here.
public typealias CFString = String
/// Core Foundation's array: `[Any]` here (`[CGColor]` converts with `as CFArray`).
public typealias CFArray = [Any]
/// Core Foundation's attributed string: Foundation's `NSAttributedString` here.
public typealias CFAttributedString = NSAttributedString
/// Core Foundation's dictionary: `[AnyHashable: Any]` here.
public typealias CFDictionary = [AnyHashable: Any]

/// Core Foundation's time interval, in seconds: what `CACurrentMediaTime()`
/// and `CAMediaTiming`'s times are.
public typealias CFTimeInterval = Double
/// Core Foundation's absolute time: seconds since 1 January 2001, 00:00 UTC.
public typealias CFAbsoluteTime = CFTimeInterval
/// Core Foundation's boolean object: Foundation's `NSNumber` here.
public typealias CFBoolean = NSNumber

/// Seconds from 1 January 1970 to 1 January 2001 (Core Foundation's epoch).
public let kCFAbsoluteTimeIntervalSince1970: CFTimeInterval = 978_307_200
/// Core Foundation's true, as ObjC-era code passes it (`CATransaction.setValue(kCFBooleanTrue, forKey: …)`).
public let kCFBooleanTrue: CFBoolean! = NSNumber(value: true)
/// Core Foundation's false.
public let kCFBooleanFalse: CFBoolean! = NSNumber(value: false)

/// The current absolute time (Core Foundation's epoch, 2001), as profiling code reads it.
public func CFAbsoluteTimeGetCurrent() -> CFAbsoluteTime {
    Date().timeIntervalSinceReferenceDate
}
