import Foundation

/// A bitmap's layout: its alpha (`CGImageAlphaInfo` in the low bits), whether
/// components are floats, and the byte order of a pixel.
public struct CGBitmapInfo: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The bits holding a `CGImageAlphaInfo`.
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    /// The bits describing float components.
    public static let floatInfoMask = CGBitmapInfo(rawValue: 0xF00)
    /// Components are floats.
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    /// The bits holding the byte order.
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    /// The default byte order (big-endian: components in memory in the order named).
    public static let byteOrderDefault = CGBitmapInfo([])
    /// 16-bit little-endian.
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
    /// 32-bit little-endian: the components of a pixel in memory in reverse order (BGRA for ARGB).
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    /// 16-bit big-endian.
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
    /// 32-bit big-endian: components in memory in the order named.
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
}
