/// Where a story's image file is: the `image` the deck wrote, resolved against the deck file's folder.
public enum ImagePath {
    /// The path to open for `image`.
    ///
    /// An absolute path stays as it is. A relative one is joined to `folder`, the deck file's folder as the deck
    /// path gave it (`decks` for `decks/trip.json`, `.` for `trip.json`, which leaves the path unchanged). Without a
    /// folder (a deck read from standard input) it stays relative: relative to the current directory.
    /// - Parameters:
    ///   - image: the image path from the deck (sanitised, not empty).
    ///   - folder: the deck file's folder, or nil for standard input.
    public static func resolve(_ image: String, against folder: String?) -> String {
        guard let folder, !image.hasPrefix("/"), folder != "." else { return image }
        return folder.hasSuffix("/") ? folder + image : folder + "/" + image
    }
}
