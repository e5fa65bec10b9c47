import Foundation

// Constants Darwin's <math.h> gives Swift code and Glibc's does not export,
// so ported animation code (`anim.repeatCount = HUGE`) compiles unchanged.
// On Darwin both are `#define`s of MAXFLOAT, a `float` literal, which Swift
// imports as `Float`: the greatest finite Float, not infinity.

#if !canImport(Darwin)
    /// The greatest finite `Float`, as Darwin's `HUGE` (`MAXFLOAT`).
    ///
    /// Core Animation treats a `repeatCount` of this value as repeating forever,
    /// as it does `Float.infinity`.
    public let HUGE: Float = .greatestFiniteMagnitude

    /// The greatest finite `Float`, as Darwin's `MAXFLOAT`.
    public let MAXFLOAT: Float = .greatestFiniteMagnitude
#endif
