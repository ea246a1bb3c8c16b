import CImages
import Engine
import ViewerCore

extension ImageProblem {
    /// The failure of a C call that returned an error: what its status says, or `undecodable` when the
    /// status names no failure.
    init(failedStatus status: cimg_status) {
        self = ImageProblem(status: status) ?? .undecodable("unknown failure")
    }

    /// The failure a C status stands for, nil for success (and for "incomplete", which is not an
    /// answer but a request to read further).
    init?(status: cimg_status) {
        switch status.code {
        case CIMG_MISSING: self = .missing
        case CIMG_NOT_REGULAR: self = .notRegularFile
        case CIMG_UNREADABLE: self = .unreadable(errno: status.error_number)
        case CIMG_FILE_TOO_LARGE: self = .fileTooLarge(bytes: Int(status.file_bytes), limit: ImageLimits.maximumFileBytes)
        case CIMG_TOO_MANY_PIXELS:
            self = .tooManyPixels(width: Int(status.width), height: Int(status.height),
                                  limitMegapixels: ImageLimits.maximumMegapixels)
        case CIMG_NOT_AN_IMAGE: self = .notAnImage
        case CIMG_UNDECODABLE: self = .undecodable(Self.text(of: status))
        case CIMG_TOO_MANY_FRAMES:
            // A video's limit (36 000) or a GIF's or WebP's (10 000), as the decoder that refused it says.
            self = .tooManyFrames(limit: status.frame_limit > 0 ? Int(status.frame_limit) : ImageLimits.maximumFrames)
        case CIMG_VIDEO_LIBRARIES_MISSING: self = .videoLibrariesMissing(Self.text(of: status))
        case CIMG_NO_VIDEO_STREAM: self = .noVideoStream
        case CIMG_VIDEO_TOO_LONG:
            self = .videoTooLong(seconds: Int(clamping: status.length_ms / 1000), limitSeconds: VideoLimits.maximumLength)
        default: return nil
        }
    }

    /// The failure of a C call that may have opened a video: as `init(failedStatus:)`, with a video's file limit.
    init(videoStatus status: cimg_status) {
        if status.code == CIMG_FILE_TOO_LARGE, status.file_bytes <= CIMG_MAX_VIDEO_BYTES {
            // Too large for a picture only: a GIF or WebP over 32 MiB.
            self = .fileTooLarge(bytes: Int(status.file_bytes), limit: ImageLimits.maximumFileBytes)
        } else if status.code == CIMG_FILE_TOO_LARGE {
            self = .fileTooLarge(bytes: Int(status.file_bytes), limit: Int(VideoLimits.maximumFileSize))
        } else {
            self = ImageProblem(failedStatus: status)
        }
    }

    /// The status's message as printable ASCII: a decoder's words may quote bytes of the file.
    private static func text(of status: cimg_status) -> String {
        var status = status
        let bytes = withUnsafeBytes(of: &status.message) { Array($0.prefix { $0 != 0 }) }
        return ImageText.printable(bytes)
    }
}
