/// What is wrong in a deck, with the facts a message needs (no prose: see `DeckProblem.message(in:)`).
///
/// Strings carried here may come from the deck; they are sanitised and shortened when a message quotes them.
public enum DeckProblemKind: Sendable, Equatable {
    // MARK: Encoding and syntax

    /// The bytes are not valid UTF-8; `offset` is the 0-based byte offset of the first bad byte.
    case invalidUTF8(offset: Int)
    /// The file is UTF-16 (found by its byte order mark or its NUL bytes); decks must be UTF-8.
    case encodedAsUTF16(bigEndian: Bool)
    /// The file holds nothing but whitespace.
    case emptyDocument
    /// A Markdown deck holds nothing but whitespace (same code as `emptyDocument`; the message says how a
    /// Markdown deck is written, not a JSON one).
    case emptyMarkdown
    /// The JSON grammar was broken (when no more precise cause below applies).
    case syntax(expected: SyntaxExpectation, found: SyntaxToken)
    /// A string that does not end: a raw line break inside it (reported there), or the file ended first.
    case unterminatedString(startLine: Int, startColumn: Int, atEndOfFile: Bool)
    /// A `,` after the last element or member (reported at the comma).
    case trailingComma
    /// A `//` or `/*` comment.
    case comment
    /// A string or key in single quotes.
    case singleQuotes
    /// An object key without quotes, such as `title` in `{title: "x"}`.
    case unquotedKey(String)
    /// Two values (or members, when `beforeKey`) with no `,` between them (reported at the second).
    case missingComma(beforeKey: Bool)
    /// Something that starts a value after the deck's one top-level value has ended.
    case secondTopLevelValue
    /// A raw control character other than a line break (such as a tab or ESC) inside a string.
    case unescapedControlCharacter(UInt32)
    /// A `\u` escape naming half of a surrogate pair without its other half.
    case loneSurrogate(UInt32)
    /// Arrays and objects nested deeper than `limit` levels.
    case nestedTooDeeply(limit: Int)
    /// An object key that appeared before in the same object (the first one is kept).
    case duplicateKey(String, firstLine: Int, firstColumn: Int)
    /// A number too large to represent, such as `1e400`; `text` is how the deck wrote it.
    case notFinite(text: String)
    /// The file is not a deck but a picture, a video, another binary format, HTML, XML, YAML, or Markdown
    /// without its `.md` name (told by its bytes, `FileSignature`).
    case notADeck(FileKind)

    // MARK: Markdown decks

    /// A fenced code block (the art) with no closing fence before the end of the file (at the opening fence).
    case unclosedCodeBlock
    /// An HTML comment `<!--` with no `-->` before the end of the file (at its start).
    case unclosedComment
    /// A second `![alt](path)` in one story (a story shows one picture), with the line of the first.
    case secondPicture(firstLine: Int)

    // MARK: Deck rules

    /// A value of the wrong type: `expected` lists the accepted types.
    case wrongType(expected: [DeckValueType], got: DeckValueType)
    /// A number that must be greater than `limit`.
    case mustBeGreaterThan(Double, got: Double)
    /// A number that must be at least `limit`.
    case mustBeAtLeast(Double, got: Double)
    /// A number that must be at most `limit`.
    case mustBeAtMost(Double, got: Double)
    /// A string that must be one of `allowed`, with the nearest of them when one is close enough.
    case notOneOf(allowed: [String], got: String, suggestion: String?)
    /// A `background` or `accent` that is neither one of the 16 colour names nor `#RRGGBB`, with the nearest name
    /// when one is close enough; `gradientHint` for a one-colour `background`, whose message also says how a
    /// gradient is written.
    case invalidColor(got: String, suggestion: String?, gradientHint: Bool = false)
    /// A `link` that is not an `http://`, `https://` or `mailto:` address; `got` is the link as written.
    case linkScheme(got: String)
    /// A `link` holding a character no address may: a control, white space or a bidirectional control.
    case linkCharacter(UInt32)
    /// A `link` of `length` characters, over `limit`.
    case linkTooLong(length: Int, limit: Int)
    /// An `http`/`https` link without a host, or a `mailto:` link without an address.
    case linkWithoutAddress
    /// A gradient `background` with too few or too many colours (`count`; from 2 to `maximum`).
    case gradientCount(Int, maximum: Int)
    /// A key the deck format does not know, with the nearest known key when one is close enough.
    case unknownKey(String, suggestion: String?)
    /// The deck object has neither `stories` nor `groups`.
    case missingStoriesOrGroups
    /// The deck object has both `stories` and `groups` (reported at the second of them).
    case storiesAndGroupsTogether
    /// An object lacks a required key.
    case missingKey(String)
    /// A list of stories is empty.
    case noStories
    /// The list of groups is empty.
    case noGroups
    /// A story id is the empty string (possibly after sanitising).
    case emptyID
    /// A story has none of title, caption, art, image or video.
    case nothingToShow
    /// A story names both an `image` and a `video` (at the second of them): it shows one picture.
    case imageAndVideo
    /// An explicit id already used by the story at `firstPath` (as its explicit id, or as its default id).
    case duplicateID(String, firstPath: String, firstIsDefault: Bool)
    /// A story without an id whose default id (its position) is already another story's explicit id.
    case defaultIDTaken(String, byPath: String)
    /// `start` is a number that is not a whole number of 1 or more.
    case startNotPosition(got: Double)
    /// `start` names an id that no story has.
    case startUnknownID(String)
    /// `start` is a position past the last story.
    case startOutOfRange(got: Double, count: Int)
    /// A story's image cannot be shown; `path` is where it was looked for (resolved against the deck's folder).
    case image(ImageProblem, path: String)
    /// The same for a story's `video`.
    case video(ImageProblem, path: String)
}
