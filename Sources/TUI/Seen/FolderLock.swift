import Engine
import Glibc

/// An advisory lock (`flock`) on a folder, held while a file in it is read, merged and renamed into
/// place; every program that changes those files takes it first. The folder itself is locked, so no
/// lock file is left beside the state. Taking it never waits long: `LOCK_NB`, tried again every
/// millisecond until `patience` runs out.
struct FolderLock {
    private let descriptor: Int32

    /// Takes the lock; nil when the folder cannot be opened or another program held the lock for all
    /// of `patience` seconds.
    init?(_ folder: String, patience: Double) {
        let opened = SystemCall.retrying { open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK) }
        guard opened >= 0 else { return nil }
        var tries = max(1, Int(patience * 1000))
        while flock(opened, LOCK_EX | LOCK_NB) != 0 {
            tries -= 1
            guard (errno == EWOULDBLOCK || errno == EINTR), tries > 0 else {
                close(opened)
                return nil
            }
            usleep(1000)
        }
        descriptor = opened
    }

    /// Gives the lock back (closing the descriptor releases it).
    func release() {
        close(descriptor)
    }
}
