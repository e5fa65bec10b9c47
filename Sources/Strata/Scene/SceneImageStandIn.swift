// TEMPORARY STAND-IN: DELETE THIS FILE when the PNG branch is merged. It
// declares exactly the API that branch provides (`CGImage(contentsOfPNG:)`), so
// the merge is a pure deletion. It decodes with libpng's simplified API so that
// scenes with images load (and their tests run) before the merge.
import Foundation
internal import CPNG

extension CGImage {
    /// Stand-in: reads a PNG file as 8-bit sRGB RGBA (straight alpha).
    public convenience init(contentsOfPNG url: URL) throws(ImageError) {
        let name = url.path
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ImageError(file: name, reason: "cannot read the file")
        }
        // libpng reads the memory again in finish_read: keep one pointer for both calls.
        let decoded: Result<(Int, Int, [UInt8]), ImageError> = data.withUnsafeBytes { raw in
            var image = png_image()
            image.version = UInt32(PNG_IMAGE_VERSION)
            defer { png_image_free(&image) }
            guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
                return .failure(ImageError(file: name, reason: "not a PNG file"))
            }
            // Refuse sizes that would need an absurd buffer rather than crash allocating it.
            let width = Int(image.width), height = Int(image.height)
            guard width > 0, height > 0, width <= 16384, height <= 16384 else {
                return .failure(ImageError(file: name, reason: "\(width)×\(height) is too large"))
            }
            image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)  // PNG_FORMAT_RGBA
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let finished = pixels.withUnsafeMutableBytes { out in
                png_image_finish_read(&image, nil, out.baseAddress, 0, nil)
            }
            guard finished != 0 else { return .failure(ImageError(file: name, reason: "corrupt PNG data")) }
            return .success((width, height, pixels))
        }
        let (width, height, pixels) = try decoded.get()
        self.init(width: width, height: height, pixels: pixels, label: url.lastPathComponent)
    }
}
