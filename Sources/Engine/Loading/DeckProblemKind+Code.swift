/// A stable machine name for each kind of problem, for `--format json` and the tools that read it: lower case
/// words joined by `-`, never changed once released (a new kind gets a new name).
extension DeckProblemKind {
    public var code: String {
        switch self {
        case .invalidUTF8: return "invalid-utf8"
        case .encodedAsUTF16: return "utf16"
        case .emptyDocument: return "empty-file"
        case .syntax: return "syntax"
        case .unterminatedString: return "unterminated-string"
        case .trailingComma: return "trailing-comma"
        case .comment: return "comment"
        case .singleQuotes: return "single-quotes"
        case .unquotedKey: return "unquoted-key"
        case .missingComma: return "missing-comma"
        case .secondTopLevelValue: return "second-value"
        case .unescapedControlCharacter: return "control-character"
        case .loneSurrogate: return "lone-surrogate"
        case .nestedTooDeeply: return "too-deep"
        case .duplicateKey: return "duplicate-key"
        case .notFinite: return "not-finite"
        case .notADeck: return "not-a-deck"
        case .unclosedCodeBlock: return "unclosed-code-block"
        case .unclosedComment: return "unclosed-comment"
        case .secondPicture: return "second-picture"
        case .wrongType: return "wrong-type"
        case .mustBeGreaterThan: return "must-be-greater"
        case .mustBeAtLeast: return "must-be-at-least"
        case .mustBeAtMost: return "must-be-at-most"
        case .notOneOf: return "not-one-of"
        case .invalidColor: return "invalid-color"
        case .unknownKey: return "unknown-key"
        case .missingStoriesOrGroups: return "missing-stories"
        case .storiesAndGroupsTogether: return "stories-and-groups"
        case .missingKey: return "missing-key"
        case .noStories: return "no-stories"
        case .noGroups: return "no-groups"
        case .emptyID: return "empty-id"
        case .nothingToShow: return "nothing-to-show"
        case .duplicateID: return "duplicate-id"
        case .defaultIDTaken: return "default-id-taken"
        case .startNotPosition: return "start-not-position"
        case .startUnknownID: return "start-unknown-id"
        case .startOutOfRange: return "start-out-of-range"
        case .image(let problem, _): return problem.code
        }
    }
}
