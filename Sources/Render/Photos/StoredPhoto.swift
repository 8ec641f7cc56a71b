import Foundation
import Prepress

/// A prepared photo waiting on disk for the painters: the original file when it passes through
/// unchanged, else the JPEG the pool wrote.
struct StoredPhoto: Sendable {
    var file: URL
    var pixelWidth: Int
    var pixelHeight: Int
    var passedThrough: Bool

    init(_ photo: PreparedPhoto, original: URL, in folder: URL, name: String) throws(PhotoError) {
        pixelWidth = photo.pixelWidth
        pixelHeight = photo.pixelHeight
        passedThrough = photo.passedThrough
        if photo.passedThrough {
            file = original
            return
        }
        file = folder.appendingPathComponent(name)
        do {
            try photo.jpeg.write(to: file)
        } catch {
            throw .unreadable("cannot keep the prepared photo at \(file.path): \(error)")
        }
    }

    func load() throws(PhotoError) -> PreparedPhoto {
        do {
            return PreparedPhoto(jpeg: try Data(contentsOf: file), pixelWidth: pixelWidth, pixelHeight: pixelHeight,
                                 passedThrough: passedThrough)
        } catch {
            throw .unreadable("cannot read the prepared photo \(file.path): \(error)")
        }
    }
}
