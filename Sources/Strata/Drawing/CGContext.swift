import Foundation

/// A Core Graphics bitmap context: paths filled and stroked (dashes, caps,
/// joins, even-odd), clips, transforms and the graphics state stack, colours,
/// linear and radial gradients, images, shadows, blend modes and text (Core
/// Text's `CTLineDraw`), drawn on the CPU into 8-bit pixels.
///
/// Coordinates are Core Graphics': a new bitmap context's user space has its
/// origin at the bottom left, y up, one unit a pixel, and the first row in
/// memory is the top of the picture. (A layer's `draw(in:)` gets a context
/// flipped to the layer's top-left coordinates, as on iOS.) Points added to the
/// current path are transformed by the CTM as they are added; stroking takes
/// the line width and dashes in the user space current when it strokes.
///
/// Coverage is exact area coverage (the same rasterizer as shape layers, at
/// exact precision): an edge through the middle of a pixel covers it half.
/// Drawing blends into the pixels through the clip with the blend mode,
/// coverage mixing the destination and the blended result.
///
/// Formats: 8 bits per component, RGB with premultiplied alpha (first or last)
/// or an unused byte, either 32-bit byte order; grey without alpha; alpha only.
/// Other formats (16-bit, float) make the initializer return nil.
public final class CGContext {
    /// Pixels across.
    public let width: Int
    /// Rows.
    public let height: Int
    /// Bits per component (8).
    public let bitsPerComponent: Int
    /// Bytes from one row to the next.
    public let bytesPerRow: Int
    /// The colour space (nil for an alpha-only context).
    public let colorSpace: CGColorSpace?
    /// The pixel layout the context was made with.
    public let bitmapInfo: CGBitmapInfo

    let format: BitmapFormat
    let pixels: UnsafeMutablePointer<UInt8>
    private let ownsPixels: Bool

    var state: GraphicsState
    var savedStates: [GraphicsState] = []
    /// The current path in pixels (rows from the top), as Core Graphics keeps
    /// it in device space: points are transformed as they are added.
    var currentPath = CGMutablePath()
    /// The CTM the context was made with: "base space", where shadow offsets and blur are measured.
    let baseCTM: CGAffineTransform
    /// Core Graphics' device space (y up) → pixels (rows from the top).
    let deviceToPixel: CGAffineTransform
    /// Painting operations so far (a layer whose `draw(in:)` painted nothing keeps its contents).
    var paintCount = 0

    /// Glyph space → text space; its translation is `textPosition`. Not part
    /// of the graphics state, as in Core Graphics.
    public var textMatrix = CGAffineTransform.identity

    /// The largest side, in pixels, a context can have.
    public static let maximumSide = 16384

    /// A bitmap context drawing into `data` (`bytesPerRow × height` bytes) or,
    /// when `data` is nil, into memory of its own, cleared to zero.
    ///
    /// `bitmapInfo` is a `CGImageAlphaInfo` raw value, optionally ORed with a
    /// `CGBitmapInfo` byte order. `bytesPerRow` 0 means `width × bytes per
    /// pixel`. Returns nil for a size that is not positive or is over
    /// ``maximumSide``, a row too short for the width, or a format Strata
    /// does not draw into (see the type's notes).
    public init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: UInt32
    ) {
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        guard width > 0, height > 0, width <= Self.maximumSide, height <= Self.maximumSide,
            let format = BitmapFormat(bitsPerComponent: bitsPerComponent, space: space, bitmapInfo: info)
        else { return nil }
        let minimumRow = width * format.bytesPerPixel
        let rowBytes = bytesPerRow == 0 ? minimumRow : bytesPerRow
        guard rowBytes >= minimumRow else { return nil }
        let (total, overflow) = rowBytes.multipliedReportingOverflow(by: height)
        guard !overflow, total <= 1 << 34 else { return nil }
        self.width = width
        self.height = height
        self.bitsPerComponent = bitsPerComponent
        self.bytesPerRow = rowBytes
        self.colorSpace = format.kind == .alphaOnly ? nil : space
        self.bitmapInfo = info
        self.format = format
        if let data {
            pixels = data.assumingMemoryBound(to: UInt8.self)
            ownsPixels = false
        } else {
            pixels = .allocate(capacity: total)
            pixels.initialize(repeating: 0, count: total)
            ownsPixels = true
        }
        deviceToPixel = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height))
        baseCTM = .identity
        state = GraphicsState(ctm: .identity)
    }

    /// A premultiplied RGBA context of its own whose user space starts as
    /// `ctm` (also its base space): how layers get theirs.
    init(width: Int, height: Int, ctm: CGAffineTransform) {
        precondition(
            width > 0 && height > 0 && width <= Self.maximumSide && height <= Self.maximumSide,
            "CGContext: \(width)×\(height) is not a drawable size")
        self.width = width
        self.height = height
        bitsPerComponent = 8
        bytesPerRow = width * 4
        colorSpace = CGColorSpaceCreateDeviceRGB()
        bitmapInfo = CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue)
        format = .rgba
        pixels = .allocate(capacity: width * height * 4)
        pixels.initialize(repeating: 0, count: width * height * 4)
        ownsPixels = true
        deviceToPixel = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height))
        baseCTM = ctm
        state = GraphicsState(ctm: ctm)
    }

    deinit {
        if ownsPixels { pixels.deallocate() }
    }

    /// The pixels: the memory given to the initializer, or the context's own.
    public var data: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(pixels) }
    /// Bits per pixel (32 for RGB, 8 for grey and alpha only).
    public var bitsPerPixel: Int { format.bytesPerPixel * 8 }
    /// The alpha layout of the pixels.
    public var alphaInfo: CGImageAlphaInfo {
        CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) ?? .none
    }

    /// An image of the pixels as they are now (later drawing does not change it).
    public func makeImage() -> CGImage? { makeImage(label: "CGContext.makeImage") }

    /// The pixels as an image (straight alpha) labelled `label`.
    func makeImage(label: String) -> CGImage {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        out.withUnsafeMutableBufferPointer { o in
            for y in 0..<height {
                let row = pixels + y * bytesPerRow
                for x in 0..<width {
                    let c = format.load(row + x * format.bytesPerPixel)
                    let i = (y * width + x) * 4
                    guard c.a > 0 else { continue }
                    // Straight alpha, as CGImage keeps it.
                    let k = 1 / c.a
                    o[i] = BitmapFormat.byte(c.r * k)
                    o[i + 1] = BitmapFormat.byte(c.g * k)
                    o[i + 2] = BitmapFormat.byte(c.b * k)
                    o[i + 3] = BitmapFormat.byte(c.a)
                }
            }
        }
        return CGImage(width: width, height: height, pixels: out, label: label)
    }

    /// Does nothing: drawing reaches the pixels at once.
    public func flush() {}
    /// Does nothing: drawing reaches the pixels at once.
    public func synchronize() {}

    /// User space → pixels (rows from the top): where drawing lands.
    var userToPixel: CGAffineTransform { state.ctm.concatenating(deviceToPixel) }

    /// The whole bitmap in pixels.
    var pixelBounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }
}
