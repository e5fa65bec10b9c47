import Foundation

#if !canImport(CoreGraphics)
    internal import CTurboJPEG

    // JPEG through libjpeg-turbo's TurboJPEG API (tjDecompressHeader3, tjDecompress2).
    // libjpeg reports errors by longjmp; TurboJPEG catches them inside the library and
    // returns -1 with the message kept in the handle, so no C frame unwinds through Swift.
    //
    // Everything libjpeg-turbo 2.1 reads decodes to RGBA8 with alpha 255: baseline,
    // progressive and arithmetic-coded files; YCbCr, RGB and grey; CMYK and YCCK,
    // which libjpeg only hands out as CMYK and which are converted to RGB here (see
    // `convertCMYKToRGBA`). Samples are taken as sRGB (no ICC profile is applied, as
    // for PNGs). The EXIF orientation is not applied either: the pixels come in the
    // order they are stored, as `CGImageSourceCreateImageAtIndex` gives them.
    //
    // A warning is an error: libjpeg would fill a truncated file's missing rows with
    // grey and skip corrupt entropy-coded data, and an image quietly half grey is
    // worse than one clear error naming the file.

    extension CGImage {
        /// The largest width or height `init(jpegData:label:)` accepts.
        public static let maxJPEGDimension = 16_384
        /// The most bytes of RGBA8 pixels `init(jpegData:label:)` decodes to (1 GiB), and the largest JPEG file read.
        public static let maxJPEGDecodedBytes = 1 << 30

        /// Decodes a JPEG file's bytes into an RGBA8 image (alpha 255); `label` names it in errors.
        ///
        /// Reads baseline and progressive files in colour, grey and CMYK (Adobe's
        /// inverted CMYK included). Throws when the data is not a JPEG, is corrupt or
        /// truncated, or the image is over `maxJPEGDimension` on a side or
        /// `maxJPEGDecodedBytes` decoded. The EXIF orientation is not applied.
        public convenience init(jpegData data: Data, label: String = "JPEG data") throws(ImageError) {
            let decoded = try CGImage.decodeJPEG(data, label: label)
            self.init(width: decoded.width, height: decoded.height, pixels: decoded.pixels, label: label)
        }

        /// Reads and decodes the JPEG file at `url`; errors name the file.
        public convenience init(contentsOfJPEG url: URL) throws(ImageError) {
            let (data, path) = try CGImage.readImageFile(url, limit: CGImage.maxJPEGDecodedBytes)
            try self.init(jpegData: data, label: path)
        }

        // MARK: - Decoding

        /// TurboJPEG's flags for every decode: stop at the first warning (see the top of
        /// the file), and refuse progressive files with an unreasonable number of scans
        /// (each scan passes over the whole image: a small file could take minutes).
        private static let decodeFlags = TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS

        private static func decodeJPEG(_ data: Data, label: String) throws(ImageError)
            -> (width: Int, height: Int, pixels: [UInt8])
        {
            guard data.count <= maxJPEGDecodedBytes else {
                throw ImageError.fileTooLarge(label, bytes: data.count, limit: maxJPEGDecodedBytes)
            }
            // withUnsafeBytes only rethrows untyped errors, so the result comes out as a Result.
            let result: Result<(width: Int, height: Int, pixels: [UInt8]), ImageError> = data.withUnsafeBytes { raw in
                guard let base = raw.bindMemory(to: UInt8.self).baseAddress, raw.count > 0 else {
                    return .failure(.invalidJPEG(label, "the data is empty", while: "reading the header"))
                }
                guard let handle = tjInitDecompress() else {
                    return .failure(.invalidJPEG(label, message(of: nil), while: "starting libjpeg-turbo"))
                }
                defer { tjDestroy(handle) }
                var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
                guard
                    tjDecompressHeader3(handle, base, UInt(raw.count), &width, &height, &subsampling, &colorspace) == 0
                else {
                    return .failure(.invalidJPEG(label, message(of: handle), while: "reading the header"))
                }
                // A tables-only stream (abbreviated JPEG) has a header and no image.
                guard width > 0, height > 0 else {
                    return .failure(
                        .invalidJPEG(label, "the data holds no image, only tables", while: "reading the header"))
                }
                let w = Int(width), h = Int(height)
                let byteCount = w.multipliedReportingOverflow(by: h).partialValue.multipliedReportingOverflow(by: 4)
                guard w <= maxJPEGDimension, h <= maxJPEGDimension,
                    !byteCount.overflow, byteCount.partialValue <= maxJPEGDecodedBytes
                else {
                    return .failure(
                        .imageTooLarge(
                            label, width: w, height: h,
                            maxDimension: maxJPEGDimension, maxBytes: maxJPEGDecodedBytes))
                }
                // CMYK and YCCK files decode only to CMYK (libjpeg has no CMYK-to-RGB
                // conversion); both are 4 bytes a pixel, so the same buffer takes either.
                let cmyk = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
                let format = cmyk ? TJPF_CMYK : TJPF_RGBA
                var pixels = [UInt8](repeating: 0, count: byteCount.partialValue)
                let status = pixels.withUnsafeMutableBufferPointer { buffer in
                    tjDecompress2(
                        handle, base, UInt(raw.count), buffer.baseAddress, width, width * 4, height,
                        Int32(format.rawValue), decodeFlags)
                }
                guard status == 0 else {
                    return .failure(.invalidJPEG(label, message(of: handle), while: "decoding the pixels"))
                }
                if cmyk { convertCMYKToRGBA(&pixels, inverted: hasAdobeMarker(raw)) }
                return .success((w, h, pixels))
            }
            return try result.get()
        }

        /// Turns CMYK pixels into RGB with alpha 255, in place: R = (1 − C)(1 − K), and
        /// likewise G from M and B from Y, the naive conversion without an ink profile
        /// (Pillow's and most browsers').
        ///
        /// `inverted`: the file stores 255 − ink, as Adobe's applications write CMYK
        /// (and Pillow, and nearly every CMYK JPEG there is); they mark it with an
        /// APP14 "Adobe" segment, and decoders take that marker to mean inverted.
        static func convertCMYKToRGBA(_ pixels: inout [UInt8], inverted: Bool) {
            pixels.withUnsafeMutableBufferPointer { p in
                for i in stride(from: 0, to: p.count, by: 4) {
                    // Amounts of paper showing through, 0…255.
                    var k = UInt32(p[i + 3])
                    var channels = (UInt32(p[i]), UInt32(p[i + 1]), UInt32(p[i + 2]))
                    if !inverted {
                        k = 255 - k
                        channels = (255 - channels.0, 255 - channels.1, 255 - channels.2)
                    }
                    p[i] = scale255(channels.0 * k)
                    p[i + 1] = scale255(channels.1 * k)
                    p[i + 2] = scale255(channels.2 * k)
                    p[i + 3] = 255
                }
            }
        }

        /// x / 255 rounded, for x ≤ 255 × 255.
        @inline(__always) private static func scale255(_ x: UInt32) -> UInt8 {
            let t = x + 128
            return UInt8(truncatingIfNeeded: (t + (t >> 8)) >> 8)
        }

        /// Whether the markers before the first scan include an Adobe APP14 segment
        /// (`FF EE`, at least 12 bytes beginning "Adobe"), as libjpeg recognizes it.
        /// Walks the segments by their lengths; stops at the first scan, at anything
        /// that is not a marker, and at the end of the data.
        static func hasAdobeMarker(_ bytes: UnsafeRawBufferPointer) -> Bool {
            let adobe: [UInt8] = Array("Adobe".utf8)
            var i = 2  // after SOI
            while i + 4 <= bytes.count {
                guard bytes[i] == 0xFF else { return false }
                let marker = bytes[i + 1]
                switch marker {
                case 0xFF:
                    i += 1  // a fill byte before a marker
                case 0x01, 0xD0...0xD8:
                    i += 2  // markers without a length (TEM, RSTn, SOI)
                case 0xD9, 0xDA:
                    return false  // EOI, SOS: the header is over
                default:
                    let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
                    guard length >= 2 else { return false }
                    if marker == 0xEE, length - 2 >= 12, i + 4 + adobe.count <= bytes.count,
                        bytes[(i + 4)..<(i + 4 + adobe.count)].elementsEqual(adobe)
                    {
                        return true
                    }
                    i += 2 + length
                }
            }
            return false
        }

        /// TurboJPEG's message for the last error on `handle` (nil: the last error of a handle not made).
        private static func message(of handle: tjhandle?) -> String {
            guard let text = tjGetErrorStr2(handle) else { return "" }
            return String(cString: text)
        }
    }
#endif
