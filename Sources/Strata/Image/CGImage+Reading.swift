import Foundation

#if !canImport(CoreGraphics)
    // Image files of either format Strata reads, told apart by their first bytes
    // (a file's name may say .png over JPEG bytes, or nothing at all), and the file
    // reading the format-specific initializers share.

    extension CGImage {
        /// Decodes a PNG or JPEG file's bytes into an RGBA8 image, whichever the first
        /// bytes say it is (`89 50 4E 47 0D 0A 1A 0A`: PNG, `FF D8 FF`: JPEG); `label`
        /// names it in errors.
        ///
        /// The counterpart of `UIImage(data:)`. Throws what `init(pngData:label:)` or
        /// `init(jpegData:label:)` throws, or an error when the data is neither.
        public convenience init(data: Data, label: String = "image data") throws(ImageError) {
            switch ImageFileFormat(sniffing: data) {
            case .png: try self.init(pngData: data, label: label)
            case .jpeg: try self.init(jpegData: data, label: label)
            case nil: throw ImageError.unknownImageFormat(label, firstBytes: Array(data.prefix(8)))
            }
        }

        /// Reads and decodes the PNG or JPEG file at `url`, whichever its first bytes say
        /// (not its name); errors name the file.
        ///
        /// The counterpart of `UIImage(contentsOfFile:)`.
        public convenience init(contentsOf url: URL) throws(ImageError) {
            let limit = max(CGImage.maxPNGDecodedBytes, CGImage.maxJPEGDecodedBytes)
            let (data, path) = try CGImage.readImageFile(url, limit: limit)
            try self.init(data: data, label: path)
        }

        /// The bytes of the file at `url` and the path errors name it by; a file over
        /// `limit` bytes is refused before it is read.
        static func readImageFile(_ url: URL, limit: Int) throws(ImageError) -> (data: Data, path: String) {
            let path = url.isFileURL ? url.path : url.absoluteString
            do {
                let attributes = try FileManager.default.attributesOfItem(atPath: path)
                if let size = (attributes[.size] as? NSNumber)?.intValue, size > limit {
                    throw ImageError.fileTooLarge(path, bytes: size, limit: limit)
                }
                return (try Data(contentsOf: url), path)
            } catch let error as ImageError {
                throw error
            } catch {
                var isDirectory: ObjCBool = false
                if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                    throw ImageError.notFound(path)
                }
                if isDirectory.boolValue { throw ImageError.unreadable(path, "it is a directory") }
                throw ImageError.unreadable(path, error.localizedDescription)
            }
        }
    }

    /// The image file formats Strata decodes, as their first bytes tell them.
    enum ImageFileFormat: Equatable {
        case png, jpeg

        /// The format whose signature `data` begins with; nil when it begins with neither.
        init?(sniffing data: Data) {
            let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            // SOI, then the first marker's FF: every JPEG (JFIF, EXIF, Adobe, bare) begins so.
            let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF]
            if data.starts(with: png) {
                self = .png
            } else if data.starts(with: jpeg) {
                self = .jpeg
            } else {
                return nil
            }
        }
    }
#endif
