/// One story of a deck, after validation and sanitising.
public struct Story: Sendable, Equatable {
    /// Unique across the deck; defaults to the 1-based position across the whole deck.
    public var id: String
    /// Shown bold on the second row.
    public var title: String?
    /// Shown word-wrapped at the bottom; may hold line breaks.
    public var caption: String?
    /// Seconds this story lasts, or nil for the deck's default.
    public var duration: Double?
    /// A block of text drawn centred; may hold line breaks.
    public var art: String?
    /// A path to a PNG or JPEG, relative to the deck file's folder.
    public var image: String?
    /// A description of the art or image, for plain mode and where the image cannot be drawn.
    public var alt: String?
    /// This story's colour scheme, or nil for the deck's.
    public var theme: Theme?

    /// Creates a story from parts that are already valid.
    public init(
        id: String,
        title: String? = nil,
        caption: String? = nil,
        duration: Double? = nil,
        art: String? = nil,
        image: String? = nil,
        alt: String? = nil,
        theme: Theme? = nil
    ) {
        self.id = id
        self.title = title
        self.caption = caption
        self.duration = duration
        self.art = art
        self.image = image
        self.alt = alt
        self.theme = theme
    }
}
