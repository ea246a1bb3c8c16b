/// What kind of file a path names, from the type bits of `st_mode`: the channels use it to refuse
/// anything but a FIFO (control) or a regular file (deck reloads) and to say what was found instead.
package enum FileType: Sendable, Equatable {
    case regular
    case directory
    case fifo
    case symbolicLink
    case characterDevice
    case blockDevice
    case socket
    case unknown
}
