import Foundation

#if !canImport(CoreGraphics)
    internal import CPNG

    // PNG through libpng's simplified API (png_image_*): it reports errors in the
    // png_image structure instead of longjmp-ing out of a callback, which Swift
    // cannot survive. Every PNG colour type and bit depth is read into RGBA8 with
    // straight alpha (palette and tRNS expand to alpha; 16-bit channels are scaled
    // to 8 bits; grey is copied to R, G and B; interlaced files are de-interlaced).

    extension CGImage {
        /// The largest width or height `init(pngData:label:)` accepts.
        public static let maxPNGDimension = 16_384
        /// The most bytes of RGBA8 pixels `init(pngData:label:)` decodes to (1 GiB), and the largest PNG file read.
        public static let maxPNGDecodedBytes = 1 << 30

        // libpng's format and flag macros, spelled out because composite macros do not import.
        private static let formatRGBA = png_uint_32(0x03)  // PNG_FORMAT_RGBA: colour | alpha, 8-bit sRGB
        private static let flag16BitSRGB = png_uint_32(0x04)  // PNG_IMAGE_FLAG_16BIT_sRGB
        private static let imageErrorBit = png_uint_32(0x02)  // PNG_IMAGE_ERROR

        /// Decodes a PNG file's bytes into an RGBA8 image; `label` names it in errors.
        ///
        /// 16-bit files without gAMA/sRGB chunks are taken as sRGB, like 8-bit ones.
        /// Throws when the data is not a PNG, is corrupt or truncated, or the image
        /// is over `maxPNGDimension` on a side or `maxPNGDecodedBytes` decoded.
        public convenience init(pngData data: Data, label: String = "PNG data") throws(ImageError) {
            let decoded = try CGImage.decodePNG(data, label: label)
            self.init(width: decoded.width, height: decoded.height, pixels: decoded.pixels, label: label)
        }

        /// Reads and decodes the PNG file at `url`; errors name the file.
        public convenience init(contentsOfPNG url: URL) throws(ImageError) {
            let (data, path) = try CGImage.readImageFile(url, limit: CGImage.maxPNGDecodedBytes)
            try self.init(pngData: data, label: path)
        }

        /// The image as PNG bytes (8-bit RGBA, sRGB chunk). The same pixels always
        /// give the same bytes: libpng writes no time stamp and zlib is deterministic.
        public func pngData() throws(ImageError) -> Data {
            guard width > 0, height > 0 else { throw ImageError.cannotEncode(label, "the image is empty") }
            var image = png_image()
            image.version = png_uint_32(PNG_IMAGE_VERSION)
            image.width = png_uint_32(width)
            image.height = png_uint_32(height)
            image.format = CGImage.formatRGBA
            defer { png_image_free(&image) }
            // One pass into a buffer of libpng's bound (PNG_IMAGE_PNG_SIZE_MAX, which
            // Swift cannot import): measuring first would compress the image twice.
            // Were the bound short, libpng says what it needs and a second pass fits.
            let rows = (width * 4 + 1) * height  // PNG_IMAGE_DATA_SIZE: a filter byte a row
            let deflated = rows + (rows + 7) / 8 + (rows + 63) / 64 + 11  // PNG_ZLIB_MAX_SIZE
            var size = deflated + 12 * (deflated / 8192 + 1) + 1024  // IDAT chunks, other chunks
            var out = Data()
            var written: Int32 = 0
            for _ in 0..<2 {
                out = Data(count: size)
                written = out.withUnsafeMutableBytes { buffer in
                    pixels.withUnsafeBytes { px in
                        png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, px.baseAddress, 0, nil)
                    }
                }
                if written != 0 || size <= out.count { break }
            }
            guard written != 0 else { throw ImageError.cannotEncode(label, CGImage.message(of: image)) }
            out.count = size
            return out
        }

        /// Encodes the image as PNG and writes it to `url`, replacing any file there.
        public func write(toPNG url: URL) throws(ImageError) {
            let data = try pngData()
            let path = url.isFileURL ? url.path : url.absoluteString
            do {
                try data.write(to: url, options: .atomic)
            } catch {
                throw ImageError.cannotWrite(path, error.localizedDescription)
            }
        }

        // MARK: - Decoding

        private static func decodePNG(_ data: Data, label: String) throws(ImageError)
            -> (width: Int, height: Int, pixels: [UInt8])
        {
            guard data.count <= maxPNGDecodedBytes else {
                throw ImageError.fileTooLarge(label, bytes: data.count, limit: maxPNGDecodedBytes)
            }
            // withUnsafeBytes only rethrows untyped errors, so the result comes out as a Result.
            let result: Result<(width: Int, height: Int, pixels: [UInt8]), ImageError> = data.withUnsafeBytes { raw in
                guard let base = raw.baseAddress, raw.count > 0 else {
                    return .failure(.invalidPNG(label, "the data is empty"))
                }
                var image = png_image()
                image.version = png_uint_32(PNG_IMAGE_VERSION)
                // Frees libpng's state on every path (a no-op once finish_read has freed it).
                defer { png_image_free(&image) }
                // libpng keeps a pointer to `raw` until png_image_finish_read returns: both run in here.
                guard png_image_begin_read_from_memory(&image, base, raw.count) != 0,
                    image.warning_or_error & imageErrorBit == 0
                else {
                    return .failure(.invalidPNG(label, message(of: image)))
                }
                let width = Int(image.width), height = Int(image.height)
                let byteCount = width.multipliedReportingOverflow(by: height).partialValue
                    .multipliedReportingOverflow(by: 4)
                guard width <= maxPNGDimension, height <= maxPNGDimension,
                    !byteCount.overflow, byteCount.partialValue <= maxPNGDecodedBytes
                else {
                    return .failure(
                        .imageTooLarge(
                            label, width: width, height: height,
                            maxDimension: maxPNGDimension, maxBytes: maxPNGDecodedBytes))
                }
                // Without gAMA/sRGB chunks libpng would take 16-bit data as linear and
                // gamma-encode it on the way to 8 bits; PNG files (and browsers) treat it as sRGB.
                image.flags |= flag16BitSRGB
                var pixels = [UInt8](repeating: 0, count: byteCount.partialValue)
                let finished: Bool
                // The IHDR is the first chunk (libpng has checked): bit depth at byte 24, interlace at 28.
                if raw.count > 28, raw[24] == 16, raw[28] == 1 {
                    finished = readSixteenBitInterlaced(&image, into: &pixels)
                } else {
                    image.format = formatRGBA
                    finished =
                        pixels.withUnsafeMutableBytes { buffer in
                            png_image_finish_read(&image, nil, buffer.baseAddress, 0, nil)
                        } != 0
                }
                guard finished, image.warning_or_error & imageErrorBit == 0 else {
                    return .failure(.invalidPNG(label, message(of: image)))
                }
                return .success((width, height, pixels))
            }
            return try result.get()
        }

        /// Reads an Adam7-interlaced 16-bit PNG as 16-bit linear premultiplied RGBA and
        /// converts it to 8-bit sRGB straight RGBA here.
        ///
        /// libpng's own 16-to-8-bit path in the simplified API scrambles interlaced rows
        /// (pnggroup/libpng#853, in Debian's 1.6.39-2+deb12u6 among others); the linear
        /// 16-bit path is not affected. Colours agree with the direct path within a
        /// step or two (rounding through linear light, premultiplied: nearly
        /// transparent pixels lose the most); fully transparent pixels come out
        /// (0, 0, 0, 0). Needs a temporary buffer twice the size of the result.
        private static func readSixteenBitInterlaced(_ image: inout png_image, into pixels: inout [UInt8]) -> Bool {
            image.format = png_uint_32(0x07)  // PNG_FORMAT_LINEAR_RGB_ALPHA
            var linear = [UInt16](repeating: 0, count: pixels.count)
            let finished = linear.withUnsafeMutableBytes { buffer in
                png_image_finish_read(&image, nil, buffer.baseAddress, 0, nil)
            }
            guard finished != 0 else { return false }
            for i in stride(from: 0, to: linear.count, by: 4) {
                let a = Double(linear[i + 3])
                guard a > 0 else { continue }  // pixels is zero-filled
                for c in 0..<3 {
                    // libpng linearised with its sRGB approximation, a power of 2.2
                    // (PNG_DEFAULT_sRGB); its 8-bit path encodes with the same, so undo exactly that.
                    let l = min(Double(linear[i + c]) / a, 1)
                    pixels[i + c] = UInt8((pow(l, 1 / 2.2) * 255).rounded())
                }
                pixels[i + 3] = UInt8((a * 255 / 65535).rounded())
            }
            return true
        }

        /// libpng's message in `image` (an error, or the first warning).
        private static func message(of image: png_image) -> String {
            withUnsafeBytes(of: image.message) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
    }
#endif
