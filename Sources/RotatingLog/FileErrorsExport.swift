// `LogFileError.file` carries the package's one file-error vocabulary: `import RotatingLog` brings
// `FileError` and `FileKind`.
@_exported import PixelKitFileErrors
