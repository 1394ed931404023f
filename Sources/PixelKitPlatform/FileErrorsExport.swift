// Every module built on the platform layer speaks the public file-error vocabulary (`FileError`,
// `FileKind`, `FileOperation`) without importing it by name; the library modules re-export it to their users.
@_exported import PixelKitFileErrors
