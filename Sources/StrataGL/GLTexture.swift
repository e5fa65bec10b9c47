internal import CEpoxy
import Strata
import StrataRender

/// A 2D RGBA8 texture holding premultiplied-alpha colour, or a one-channel
/// coverage texture sampled as that coverage in every channel (``Format``).
///
/// Rows are uploaded top row first, so texel row 0 (texture coordinate v = 0) is
/// the image's top row. (A texture that GL renders into as a framebuffer
/// attachment has its row 0 at the bottom, GL's window convention.)
///
/// Create and use with the context current; see `GLContext` for when the GL
/// texture is deleted.
package final class GLTexture: @unchecked Sendable {
    // @unchecked Sendable: mutable state (size, filter) is only touched while the
    // owning context is current, which hosts grant to one thread at a time.

    /// How texels are sampled.
    package enum Filter: Sendable {
        /// The nearest texel.
        case nearest
        /// Bilinear between the 4 nearest texels. (Mip levels: `generateMipmaps(levels:)`.)
        case linear
    }

    /// What each texel holds.
    package enum Format: Sendable {
        /// Premultiplied RGBA8.
        case rgba8
        /// One byte of coverage, read as `(c, c, c, c)`: white painted through it,
        /// which a draw multiplies by its paint.
        case coverage
    }

    /// What coordinates outside 0…1 sample.
    package enum Wrap: Sendable {
        /// The edge texel.
        case clampToEdge
        /// The texture repeats.
        case `repeat`
    }

    /// The GL texture name.
    package let name: UInt32
    /// The name in messages and GL debuggers.
    package let label: String
    /// Width in pixels.
    package private(set) var width: Int
    /// Height in pixels.
    package private(set) var height: Int
    /// The sampling filter.
    package private(set) var filter: Filter
    /// What each texel holds.
    package let format: Format

    weak var context: GLContext?

    /// A `width × height` texture, filled with `premultipliedPixels` (RGBA8, top row
    /// first) or left undefined when nil.
    ///
    /// Throws when the size is empty or above `GL_MAX_TEXTURE_SIZE`, when the pixel
    /// count does not match, or when GL reports an error (out of memory). Leaves
    /// the texture bound to `GL_TEXTURE_2D` on the active texture unit.
    package init(
        context: GLContext, width: Int, height: Int, label: String,
        filter: Filter = .linear, wrap: Wrap = .clampToEdge, format: Format = .rgba8,
        premultipliedPixels: [UInt8]? = nil
    ) throws(GLError) {
        context.requireCurrent("GLTexture(\(label))")
        try Self.checkSize(width: width, height: height, label: label, context: context)
        let bytes = width * height * format.bytesPerTexel
        if let premultipliedPixels, premultipliedPixels.count != bytes {
            throw .pixelCountMismatch(label: label, expected: bytes, actual: premultipliedPixels.count)
        }
        var name: GLuint = 0
        sglGenTextures(1, &name)
        context.didCreate(.texture(name))
        self.name = name
        self.label = label
        self.width = width
        self.height = height
        self.filter = filter
        self.format = format
        self.context = context

        sglBindTexture(GLenum(GL_TEXTURE_2D), name)
        context.setDebugLabel(label, identifier: GL_TEXTURE, name: name)
        let wrapMode = wrap == .repeat ? GL_REPEAT : GL_CLAMP_TO_EDGE
        sglTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), wrapMode)
        sglTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), wrapMode)
        applyFilter()
        if format == .coverage {
            // Every channel reads the coverage: sampled, it is white painted through it.
            for channel in [GL_TEXTURE_SWIZZLE_R, GL_TEXTURE_SWIZZLE_G, GL_TEXTURE_SWIZZLE_B, GL_TEXTURE_SWIZZLE_A] {
                sglTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(channel), GL_RED)
            }
        }
        allocate(pixels: premultipliedPixels)
        try context.checkError(label: label, operation: "creating a \(width)×\(height) texture")
        if context.takeInjectedFailure(.textureAllocation) {
            throw .glFailure(
                label: label, operation: "creating a \(width)×\(height) texture",
                code: UInt32(GL_OUT_OF_MEMORY))
        }
    }

    /// A texture holding `image` (straight alpha), premultiplied on upload.
    /// The label defaults to the image's label.
    package convenience init(
        context: GLContext, image: CGImage, label: String? = nil,
        filter: Filter = .linear, wrap: Wrap = .clampToEdge
    ) throws(GLError) {
        let label = label ?? image.label
        // Check the size before converting megabytes of pixels that cannot be used.
        try Self.checkSize(width: image.width, height: image.height, label: label, context: context)
        try self.init(
            context: context, width: image.width, height: image.height, label: label,
            filter: filter, wrap: wrap, premultipliedPixels: RGBA8Pixels.premultiplied(image.pixels))
    }

    deinit {
        context?.scheduleDeletion(.texture(name))
    }

    /// Binds the texture to texture unit `unit` (`glActiveTexture` + `glBindTexture`).
    package func bind(unit: Int = 0) {
        assert(context?.isCurrent ?? false, "GLTexture \(label): its context is not current")
        sglActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
        sglBindTexture(GLenum(GL_TEXTURE_2D), name)
    }

    /// Replaces the `width × height` region at (`x`, `y`) (from the top-left) of
    /// mip level `level` (which must exist: see `allocateMipLevels(_:)`) with
    /// premultiplied RGBA8 pixels (coverage bytes for a coverage texture), top row first.
    package func replaceRegion(
        level: Int = 0, x: Int, y: Int, width: Int, height: Int, premultipliedPixels: [UInt8]
    ) throws(GLError) {
        let levelWidth = max(1, self.width >> level), levelHeight = max(1, self.height >> level)
        precondition(
            level >= 0 && x >= 0 && y >= 0 && width >= 0 && height >= 0 && x + width <= levelWidth
                && y + height <= levelHeight,
            "GLTexture \(label): region \(x),\(y) \(width)×\(height) outside level \(level), "
                + "\(levelWidth)×\(levelHeight)")
        let bytes = width * height * format.bytesPerTexel
        guard premultipliedPixels.count == bytes else {
            throw .pixelCountMismatch(label: label, expected: bytes, actual: premultipliedPixels.count)
        }
        guard width > 0, height > 0 else { return }
        context?.requireCurrent("GLTexture(\(label)).replaceRegion")
        sglBindTexture(GLenum(GL_TEXTURE_2D), name)
        sglPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        premultipliedPixels.withUnsafeBytes { bytes in
            sglTexSubImage2D(
                GLenum(GL_TEXTURE_2D), GLint(level), GLint(x), GLint(y), GLsizei(width), GLsizei(height),
                GLenum(format.pixelFormat), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
        }
        try context?.checkError(label: label, operation: "uploading a \(width)×\(height) region")
    }

    /// Replaces the region at (`x`, `y`) with `image` (straight alpha), premultiplied on upload.
    package func replaceRegion(x: Int = 0, y: Int = 0, with image: CGImage) throws(GLError) {
        try replaceRegion(
            x: x, y: y, width: image.width, height: image.height,
            premultipliedPixels: RGBA8Pixels.premultiplied(image.pixels))
    }

    /// Gives the texture new storage of `width × height`; the contents become undefined.
    package func resize(width: Int, height: Int) throws(GLError) {
        guard let context else { return }
        context.requireCurrent("GLTexture(\(label)).resize")
        try Self.checkSize(width: width, height: height, label: label, context: context)
        self.width = width
        self.height = height
        sglBindTexture(GLenum(GL_TEXTURE_2D), name)
        allocate(pixels: nil)
        try context.checkError(label: label, operation: "resizing to \(width)×\(height)")
    }

    /// Changes the sampling filter.
    package func setFilter(_ filter: Filter) {
        assert(context?.isCurrent ?? false, "GLTexture \(label): its context is not current")
        self.filter = filter
        sglBindTexture(GLenum(GL_TEXTURE_2D), name)
        applyFilter()
    }

    /// Sets min and mag filters on the texture bound to `GL_TEXTURE_2D`.
    private func applyFilter() {
        let (minFilter, magFilter) =
            switch filter {
            case .nearest: (GL_NEAREST, GL_NEAREST)
            case .linear: (GL_LINEAR, GL_LINEAR)
            }
        sglTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), minFilter)
        sglTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), magFilter)
    }

    /// Allocates level 0 at the current size for the texture bound to `GL_TEXTURE_2D`.
    private func allocate(pixels: [UInt8]?) {
        sglPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        func upload(_ bytes: UnsafeRawPointer?) {
            sglTexImage2D(
                GLenum(GL_TEXTURE_2D), 0, format.internalFormat, GLsizei(width), GLsizei(height), 0,
                GLenum(format.pixelFormat), GLenum(GL_UNSIGNED_BYTE), bytes)
        }
        if let pixels {
            pixels.withUnsafeBytes { upload($0.baseAddress) }
        } else {
            upload(nil)
        }
    }

    /// Throws when `width × height` is empty or above the context's maximum texture size.
    static func checkSize(width: Int, height: Int, label: String, context: GLContext) throws(GLError) {
        guard width > 0, height > 0 else { throw .emptySize(label: label, width: width, height: height) }
        let maximum = context.info.maxTextureSize
        guard width <= maximum, height <= maximum else {
            throw .tooLarge(label: label, width: width, height: height, maximum: maximum)
        }
    }
}

extension GLTexture.Format {
    /// Bytes of one texel as uploaded.
    var bytesPerTexel: Int { self == .rgba8 ? 4 : 1 }
    /// The format GL stores the texels in.
    var internalFormat: GLint { self == .rgba8 ? GL_RGBA8 : GL_R8 }
    /// The format of the bytes uploaded.
    var pixelFormat: Int32 { self == .rgba8 ? GL_RGBA : GL_RED }
}
