/// One entry of a folder deck's folder that the listing kept, skipped or could not read.
public struct FolderEntry: Sendable, Equatable {
    /// The entry's name in the folder.
    public var name: String
    /// What its bytes say it is; nil for an entry that could not be read.
    public var kind: FileKind?
    /// Why it could not be read (errno), for an unreadable entry.
    public var errno: Int32?

    /// An entry with what its bytes say (`kind`), or why it could not be read (`errno`).
    public init(name: String, kind: FileKind? = nil, errno: Int32? = nil) {
        self.name = name
        self.kind = kind
        self.errno = errno
    }
}
