import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reading the state file's bytes, and saying in words why they cannot be read.
extension StateStore {
    /// Why the state file cannot be read, in words that finish "The settings file … was not
    /// used: …".
    struct ReadProblem: Error {
        var reason: String
    }

    /// The bytes of the regular file at `url`. A missing file throws
    /// `CocoaError(.fileReadNoSuchFile)`; anything else that is not a regular file this user
    /// can read throws ``ReadProblem``, which says what is there instead. Never waits: a FIFO
    /// is opened without blocking and refused, however long a writer would take to come.
    static func readRegularFile(_ url: URL) throws -> Data {
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let number = errno
            if number == ENOENT { throw CocoaError(.fileReadNoSuchFile) }
            throw ReadProblem(reason: reason(errno: number))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let number = errno
            close(descriptor)
            throw ReadProblem(reason: reason(errno: number))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw ReadProblem(reason: "it is \(kind(mode: status.st_mode)), not a file")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw ReadProblem(reason: reason(of: error))
        }
    }

    /// What is at a path that is not a regular file, with its article.
    static func kind(mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a named pipe (FIFO)"
        case S_IFSOCK: return "a socket"
        case S_IFCHR, S_IFBLK: return "a device"
        default: return "something other than a file"
        }
    }

    /// Why opening or reading failed, from the error number.
    static func reason(errno number: Int32) -> String {
        switch number {
        case EACCES, EPERM: return "this user may not read it"
        case ENOTDIR: return "a part of its path is a file, not a folder"
        case ELOOP: return "its path has a loop of symbolic links"
        case ENAMETOOLONG: return "its path is too long"
        case EISDIR: return "it is a folder, not a file"
        case EIO: return "the disk could not read it (input/output error)"
        default: return "it cannot be read (" + String(cString: strerror(number)) + ")"
        }
    }

    /// Why reading failed, in words, for an error from Foundation or a reader of the tests:
    /// never "NSCocoaErrorDomain error 256".
    static func reason(of error: any Error) -> String {
        if let problem = error as? ReadProblem { return problem.reason }
        if let cocoa = error as? CocoaError {
            if let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
                return reason(errno: Int32(underlying.code))
            }
            switch cocoa.code {
            case .fileReadNoPermission: return reason(errno: EACCES)
            case .fileReadTooLarge: return "it is too large to read"
            case .fileReadCorruptFile, .fileReadInapplicableStringEncoding: return "it is not a settings file this app can read"
            default: break
            }
        }
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return reason(errno: Int32(error.code)) }
        return "it cannot be read"
    }

    /// Why `folder` could not be made, in words: what is in the way on its path, else the
    /// error's reason.
    static func folderProblem(_ folder: URL, _ error: any Error) -> String {
        var path = folder.standardizedFileURL
        var blocking: (URL, mode_t)?
        while path.path != "/" {
            var status = stat()
            if stat(path.path, &status) == 0, status.st_mode & S_IFMT != S_IFDIR { blocking = (path, status.st_mode) }
            path.deleteLastPathComponent()
        }
        if let (url, mode) = blocking {
            return "\(url.path) is \(mode & S_IFMT == S_IFREG ? "a file" : kind(mode: mode)), not a folder"
        }
        let said = reason(of: error)
        return said == reason(errno: EACCES) ? "this user may not make it" : said
    }
}
