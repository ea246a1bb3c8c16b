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
    /// The image path as the deck wrote it (sanitised): relative to the deck file's folder, or absolute.
    public var image: String?
    /// The path to open for `image`: resolved against the deck's folder at load (see `ImagePath`); nil without
    /// an image.
    public var imagePath: String?
    /// The story's picture is a video: the deck named it with `video`, which `image` and `imagePath` then hold (a
    /// video is a picture that moves: the same request, fit and alt; docs/IMAGES.md, "Video").
    public var isVideo: Bool
    /// How the image fills its box.
    public var fit: Fit
    /// A description of the art or image, for plain mode and where the image cannot be drawn.
    public var alt: String?
    /// This story's colour scheme, or nil for the deck's.
    public var theme: Theme?
    /// This story's background colour, or nil for the deck's; for a gradient, its top colour (what a
    /// reader that knows no gradients shows).
    public var background: DeckColor?
    /// When the deck wrote `background` as an array: its 2 or 3 colours, top to bottom (the first is
    /// `background` too); nil for one colour.
    public var backgroundGradient: [DeckColor]?
    /// This story's accent colour (current segment, position), or nil for the deck's.
    public var accent: DeckColor?
    /// A web or mail address shown under the caption as a terminal hyperlink: `http://`, `https://` or
    /// `mailto:`, as the deck wrote it, checked at load (`LinkRules`: no controls, spaces or other
    /// schemes, at most `DeckLimits.maximumLinkLength` characters).
    public var link: String?

    /// Creates a story from parts that are already valid.
    public init(
        id: String,
        title: String? = nil,
        caption: String? = nil,
        duration: Double? = nil,
        art: String? = nil,
        image: String? = nil,
        imagePath: String? = nil,
        isVideo: Bool = false,
        fit: Fit = .contain,
        alt: String? = nil,
        theme: Theme? = nil,
        background: DeckColor? = nil,
        accent: DeckColor? = nil,
        backgroundGradient: [DeckColor]? = nil,
        link: String? = nil
    ) {
        self.id = id
        self.title = title
        self.caption = caption
        self.duration = duration
        self.art = art
        self.image = image
        self.imagePath = imagePath
        self.isVideo = isVideo
        self.fit = fit
        self.alt = alt
        self.theme = theme
        self.background = background
        self.accent = accent
        self.backgroundGradient = backgroundGradient
        self.link = link
    }
}
