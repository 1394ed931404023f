// `ImageError.file` carries the package's one file-error vocabulary (`FileError`, `FileKind`,
// `FileOperation`): `import PixelKit` brings it, so users never import the module that defines it.
@_exported import PixelKitFileErrors
